import { Button, Text } from '@mantine/core';
import { IconMicroscope, IconPlus } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SpecializationRecord } from '@clinic/shared';
import { StatusBadge } from '@/components/details';
import { FilterBar, IdCell, ListFrame, listParams, useListQuery, useListState, useStatusFilter, type DataTableColumn } from '@/components/list';
import { ExportButton } from '@/components/export-button';
import { DAY_MONTH_YEAR, formatDate } from '@/lib/dates';
import { useCanOpen } from '@/lib/pages';
import { specialitiesQueryOptions, specialitiesRequest } from '../api/get-specialities';

export default function SpecialitiesPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const canOpen = useCanOpen();
  const list = useListState({ filters: ['status'] as const });
  const { status, select: statusSelect } = useStatusFilter(list, {
    label: t('specialities.list.status'),
    placeholder: t('specialities.list.allStatuses'),
    active: t('specialities.list.active'),
    inactive: t('specialities.list.inactive'),
  });
  const listFilters = { status };
  const specialities = useListQuery(list, specialitiesQueryOptions, listFilters);

  const columns: DataTableColumn<SpecializationRecord>[] = [
    { key: 'publicId', header: t('specialities.columns.id'), sortKey: 'publicId', render: (s) => <IdCell>{s.publicId}</IdCell> },
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
    { key: 'staff', header: t('specialities.columns.staff'), render: (s) => <Text size="sm">{t('specialities.list.staffCount', { count: s.requiredStaff.length })}</Text> },
    {
      key: 'updatedAt',
      header: t('specialities.columns.updatedAt'),
      sortKey: 'updatedAt',
      render: (s) => <Text size="sm" style={{ whiteSpace: 'nowrap' }}>{formatDate(s.updatedAt, i18n.language, DAY_MONTH_YEAR)}</Text>,
    },
    { key: 'status', header: t('specialities.columns.status'), sortKey: 'isActive', render: (s) => <StatusBadge active={s.isActive} /> },
  ];

  return (
    <ListFrame
      exportButton={<ExportButton {...specialitiesRequest({ ...listParams(list), ...listFilters })} />}
      title={t('specialities.list.title')}
      subtitle={t('specialities.list.subtitle')}
      actions={
        canOpen('/specialities/add') && (
          <Button component={Link} to="/specialities/add" leftSection={<IconPlus size={16} stroke={2} />} data-testid="add-speciality">
            {t('specialities.list.add')}
          </Button>
        )
      }
      filters={<FilterBar search={{ value: list.search, onChange: list.setSearch, placeholder: t('specialities.list.searchPlaceholder') }} selects={[statusSelect]} />}
      list={list}
      query={specialities}
      columns={columns}
      data-testid="specialities-table"
      getRowKey={(s) => s._id}
      onRowClick={(s) => void navigate(`/specialities/details/${s._id}`)}
      rowLabel={(s) => `${s.publicId} ${s.name}`}
      emptyText={t('specialities.list.empty')}
      emptyIcon={<IconMicroscope stroke={1.6} />}
      minWidth={760}
    />
  );
}
