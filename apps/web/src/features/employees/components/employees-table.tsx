import { ActionIcon, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconEdit, IconFilterOff, IconIdBadge2, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { EmployeeListItem } from '@clinic/shared';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { EmployeeAvatar } from './employee-avatar';
import { EmployeeStatusSwitch } from './employee-status-switch';

interface EmployeesTableProps {
  rows: readonly EmployeeListItem[] | undefined;
  currentUserId: string | null;
  page: number;
  limit: number;
  loading: boolean;
  stale: boolean;
  filtered: boolean;
  error: string | null;
  canWrite: boolean;
  onRetry: () => void;
  onClearFilters: () => void;
  sortBy: string;
  order: 'asc' | 'desc';
  onSort: (sortKey: string) => void;
  onOpen: (row: EmployeeListItem) => void;
  onEdit: (row: EmployeeListItem) => void;
  onDelete: (row: EmployeeListItem) => void;
}

/** The staff list: No., Staff ID, Name, Job Title, status switch, edit and delete. */
export function EmployeesTable(props: EmployeesTableProps) {
  const { t } = useTranslation();
  const { rows, currentUserId, canWrite } = props;
  const columns: DataTableColumn<EmployeeListItem>[] = [
    {
      key: 'publicId',
      header: t('employees.columns.staffId'),
      sortKey: 'publicId',
      render: (row) => <Text size="sm" ff="monospace" c="dimmed" style={{ whiteSpace: 'nowrap' }}>{row.publicId}</Text>,
    },
    {
      key: 'name',
      header: t('employees.columns.name'),
      sortKey: 'name',
      render: (row) => (
        <Group gap="sm" wrap="nowrap">
          <EmployeeAvatar src={row.image?.url} name={row.name} size={34} radius="xl" />
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} truncate>{row.name}</Text>
            <Text size="xs" c="dimmed">{t(`common.employeeTypes.${row.employeeType}`, { defaultValue: row.employeeType })}</Text>
          </Stack>
        </Group>
      ),
    },
    {
      key: 'jobTitle',
      header: t('employees.columns.jobTitle'),
      sortKey: 'jobTitle',
      render: (row) => <Text size="sm" c={row.jobTitle ? undefined : 'dimmed'}>{row.jobTitle ?? '—'}</Text>,
    },
    {
      key: 'status',
      header: t('employees.columns.status'),
      sortKey: 'isActive',
      render: (row) => <EmployeeStatusSwitch id={row._id} name={row.name} isActive={row.isActive} version={row.version} isSelf={row._id === currentUserId} disabled={!canWrite} />,
    },
    {
      key: 'actions',
      header: t('employees.columns.actions'),
      align: 'end',
      render: (row) =>
        canWrite ? (
          <Group gap={4} justify="flex-end" wrap="nowrap">
            <Tooltip label={t('people.actions.edit')}>
              <ActionIcon variant="subtle" onClick={() => props.onEdit(row)} aria-label={t('people.actions.editNamed', { name: row.name })} data-testid={`edit-${row._id}`}>
                <IconEdit size={18} />
              </ActionIcon>
            </Tooltip>
            {row._id === currentUserId ? (
              <Text size="xs" c="dimmed">{t('people.yourAccount')}</Text>
            ) : (
              <Tooltip label={t('people.actions.delete')}>
                <ActionIcon variant="subtle" color="red" onClick={() => props.onDelete(row)} aria-label={t('people.actions.deleteNamed', { name: row.name })} data-testid={`delete-${row._id}`}>
                  <IconTrash size={18} />
                </ActionIcon>
              </Tooltip>
            )}
          </Group>
        ) : null,
    },
  ];

  return (
    <DataTable
      data-testid="employees-table"
      caption={t('employees.title')}
      columns={columns}
      rows={rows}
      getRowKey={(row) => row._id}
      page={props.page}
      limit={props.limit}
      loading={props.loading}
      stale={props.stale}
      sortBy={props.sortBy}
      order={props.order}
      onSort={props.onSort}
      onRowClick={props.onOpen}
      rowLabel={(row) => `${row.publicId} ${row.name}`}
      emptyText={t('employees.empty')}
      emptyDescription={props.filtered ? t('common.table.emptyHint') : undefined}
      emptyActions={props.filtered && <Button variant="light" leftSection={<IconFilterOff size={16} />} onClick={props.onClearFilters}>{t('common.filters.clearAll')}</Button>}
      emptyIcon={<IconIdBadge2 stroke={1.6} />}
      error={props.error}
      onRetry={props.onRetry}
      minWidth={760}
    />
  );
}
