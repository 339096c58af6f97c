import { ActionIcon, Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconEdit, IconTrash, IconUserHeart } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PatientListItem } from '@clinic/shared';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { formatDate } from './patient-format';
import { PatientAvatar } from './patient-avatar';

interface PatientsTableProps {
  rows: readonly PatientListItem[] | undefined;
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
  onOpen: (patient: PatientListItem) => void;
  /** Row actions; left out for users who may only read patients. */
  onEdit?: (patient: PatientListItem) => void;
  onDelete?: (patient: PatientListItem) => void;
}

export function PatientsTable(props: PatientsTableProps) {
  const { rows, page, limit, loading, stale, filtered, error, onRetry, sortBy, order, onSort, onOpen, onEdit, onDelete } = props;
  const { t, i18n } = useTranslation();

  const columns: DataTableColumn<PatientListItem>[] = [
    {
      key: 'publicId',
      header: t('patients.list.columns.patientId'),
      sortKey: 'publicId',
      render: (p) => (
        <Text size="sm" ff="monospace" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {p.publicId}
        </Text>
      ),
    },
    {
      key: 'name',
      header: t('patients.list.columns.name'),
      sortKey: 'name',
      render: (p) => (
        <Group gap="sm" wrap="nowrap">
          <PatientAvatar src={p.image} name={p.name} size={34} radius="xl" />
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} truncate>
              {p.name}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {formatDate(p.dateOfBirth, i18n.language)}
            </Text>
          </Stack>
        </Group>
      ),
    },
    {
      key: 'lastVisit',
      header: t('patients.list.columns.lastVisit'),
      sortKey: 'lastVisit',
      render: (p) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }} data-testid="last-visit">
          {formatDate(p.lastVisit, i18n.language)}
        </Text>
      ),
    },
    {
      key: 'isActive',
      header: t('patients.list.columns.status'),
      sortKey: 'isActive',
      render: (p) => (
        <Badge color={p.isActive ? 'teal' : 'gray'} variant="light" tt="none" data-status={p.isActive ? 'active' : 'inactive'}>
          {p.isActive ? t('common.status.active') : t('common.status.inactive')}
        </Badge>
      ),
    },
  ];
  if (onEdit || onDelete) {
    columns.push({
      key: 'actions',
      header: t('patients.list.columns.actions'),
      align: 'end',
      width: 110,
      render: (p) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          {onEdit && (
            <Tooltip label={t('patients.list.edit', { name: p.name })}>
              <ActionIcon variant="subtle" color="gray" aria-label={t('patients.list.edit', { name: p.name })} onClick={() => onEdit(p)} data-testid="patient-edit">
                <IconEdit size={18} stroke={1.7} />
              </ActionIcon>
            </Tooltip>
          )}
          {onDelete && (
            <Tooltip label={t('patients.list.delete', { name: p.name })}>
              <ActionIcon variant="subtle" color="red" aria-label={t('patients.list.delete', { name: p.name })} onClick={() => onDelete(p)} data-testid="patient-delete">
                <IconTrash size={18} stroke={1.7} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      ),
    });
  }

  return (
    <DataTable
      data-testid="patients-table"
      caption={t('patients.list.title')}
      columns={columns}
      rows={rows}
      getRowKey={(p) => p._id}
      page={page}
      limit={limit}
      loading={loading}
      stale={stale}
      sortBy={sortBy}
      order={order}
      onSort={onSort}
      onRowClick={onOpen}
      rowLabel={(p) => `${p.publicId} ${p.name}`}
      emptyText={t('patients.list.empty')}
      emptyDescription={filtered ? t('common.table.emptyHint') : t('patients.list.emptyHint')}
      emptyIcon={<IconUserHeart stroke={1.6} />}
      error={error}
      onRetry={onRetry}
      minWidth={720}
    />
  );
}
