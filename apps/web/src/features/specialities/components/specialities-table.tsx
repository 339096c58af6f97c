import { Badge, Text } from '@mantine/core';
import { IconMicroscope } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SpecializationRecord } from '@clinic/shared';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { DAY_MONTH_YEAR, formatDate } from '@/lib/dates';

interface SpecialitiesTableProps {
  rows: readonly SpecializationRecord[] | undefined;
  page: number;
  limit: number;
  loading: boolean;
  stale: boolean;
  filtered: boolean;
  error: string | null;
  onRetry: () => void;
  sortBy: string;
  order: 'asc' | 'desc';
  onSort: (sortKey: string) => void;
  onOpen: (row: SpecializationRecord) => void;
}

export function SpecialitiesTable(props: SpecialitiesTableProps) {
  const { t, i18n } = useTranslation();
  const columns: DataTableColumn<SpecializationRecord>[] = [
    {
      key: 'publicId',
      header: t('specialities.columns.id'),
      sortKey: 'publicId',
      render: (s) => <Text size="sm" ff="monospace" c="dimmed" style={{ whiteSpace: 'nowrap' }}>{s.publicId}</Text>,
    },
    {
      key: 'name',
      header: t('specialities.columns.name'),
      sortKey: 'name',
      render: (s) => (
        <div>
          <Text size="sm" fw={600}>{s.name}</Text>
          <Text size="xs" c="dimmed" lineClamp={1}>{s.description}</Text>
        </div>
      ),
    },
    {
      key: 'staff',
      header: t('specialities.columns.staff'),
      render: (s) => <Text size="sm">{t('specialities.list.staffCount', { count: s.requiredStaff.length })}</Text>,
    },
    {
      key: 'updatedAt',
      header: t('specialities.columns.updatedAt'),
      sortKey: 'updatedAt',
      render: (s) => <Text size="sm" style={{ whiteSpace: 'nowrap' }}>{formatDate(s.updatedAt, i18n.language, DAY_MONTH_YEAR)}</Text>,
    },
    {
      key: 'status',
      header: t('specialities.columns.status'),
      sortKey: 'isActive',
      render: (s) => (
        <Badge color={s.isActive ? 'teal' : 'gray'} variant="light" tt="none" data-status={s.isActive ? 'active' : 'inactive'}>
          {s.isActive ? t('common.status.active') : t('common.status.inactive')}
        </Badge>
      ),
    },
  ];
  return (
    <DataTable
      data-testid="specialities-table"
      caption={t('specialities.list.title')}
      columns={columns}
      rows={props.rows}
      getRowKey={(s) => s._id}
      page={props.page}
      limit={props.limit}
      loading={props.loading}
      stale={props.stale}
      sortBy={props.sortBy}
      order={props.order}
      onSort={props.onSort}
      onRowClick={props.onOpen}
      rowLabel={(s) => `${s.publicId} ${s.name}`}
      emptyText={t('specialities.list.empty')}
      emptyDescription={props.filtered ? t('common.table.emptyHint') : undefined}
      emptyIcon={<IconMicroscope stroke={1.6} />}
      error={props.error}
      onRetry={props.onRetry}
      minWidth={760}
    />
  );
}
