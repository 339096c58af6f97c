import { useState } from 'react';
import { Button, Group, Stack, Text } from '@mantine/core';
import { IconIdBadge2, IconPlus } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EMPLOYEE_TYPES, type EmployeeListItem } from '@clinic/shared';
import { FilterBar, IdCell, ListFrame, listParams, oneOf, RowActions, useListQuery, useListState, useStatusFilter, type DataTableColumn } from '@/components/list';
import { ExportButton } from '@/components/export-button';
import { useCanOpen } from '@/lib/pages';
import { useSession } from '@/lib/session-context';
import { employeesQueryOptions, employeesRequest } from '../api/get-employees';
import { DeleteEmployeeDialog } from '../components/delete-employee-dialog';
import { EmployeeAvatar } from '../components/employee-avatar';
import { EmployeeStatusSwitch } from '../components/employee-status-switch';

const STAFF_TYPES = EMPLOYEE_TYPES.filter((type) => type !== 'Doctor' && type !== 'PIC');

/** /employees: the staff list (everyone who is not a doctor; doctors have their own card grid). */
export default function EmployeesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user, can } = useSession();
  const canOpen = useCanOpen();
  const list = useListState({ filters: ['status', 'type', 'dob'] as const });
  const { status, select: statusSelect } = useStatusFilter(list, { label: t('employees.filters.status'), placeholder: t('employees.filters.allStatuses') });
  const type = oneOf(list.filters.type, STAFF_TYPES);
  const [toDelete, setToDelete] = useState<{ id: string; name: string } | null>(null);
  const canWrite = can('employee_write', 'user_update');
  const currentUserId = user?.userId ?? null;
  // Doctors are listed on their own screen.
  const listFilters = { status, employeeType: type, dateOfBirth: list.filters.dob, excludeDoctors: true };
  const employees = useListQuery(list, employeesQueryOptions, listFilters);

  const columns: DataTableColumn<EmployeeListItem>[] = [
    { key: 'publicId', header: t('employees.columns.staffId'), sortKey: 'publicId', render: (row) => <IdCell>{row.publicId}</IdCell> },
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
    { key: 'jobTitle', header: t('employees.columns.jobTitle'), sortKey: 'jobTitle', render: (row) => <Text size="sm" c={row.jobTitle ? undefined : 'dimmed'}>{row.jobTitle ?? '—'}</Text> },
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
          <RowActions
            actions={[
              { kind: 'edit', label: t('people.actions.edit'), ariaLabel: t('people.actions.editNamed', { name: row.name }), onClick: () => void navigate(`/employees/edit/${row._id}`), testId: `edit-${row._id}` },
              row._id !== currentUserId && { kind: 'delete', label: t('people.actions.delete'), ariaLabel: t('people.actions.deleteNamed', { name: row.name }), onClick: () => setToDelete({ id: row._id, name: row.name }), testId: `delete-${row._id}` },
            ]}
            extra={row._id === currentUserId && <Text size="xs" c="dimmed">{t('people.yourAccount')}</Text>}
          />
        ) : null,
    },
  ];

  return (
    <ListFrame
      exportButton={<ExportButton {...employeesRequest({ ...listParams(list), ...listFilters })} />}
      title={t('employees.title')}
      subtitle={t('employees.subtitle')}
      actions={
        canOpen('/employees/add') && (
          <Button component={Link} to="/employees/add" leftSection={<IconPlus size={16} stroke={2} />} data-testid="add-employee">
            {t('employees.add')}
          </Button>
        )
      }
      filters={
        <FilterBar
          search={{ value: list.search, onChange: list.setSearch, placeholder: t('employees.searchPlaceholder') }}
          selects={[
            {
              key: 'type',
              label: t('employees.filters.type'),
              placeholder: t('employees.filters.allTypes'),
              value: type,
              data: STAFF_TYPES.map((v) => ({ value: v, label: t(`common.employeeTypes.${v}`) })),
              onChange: (value) => list.setFilter('type', value),
            },
            statusSelect,
          ]}
          date={{ value: list.filters.dob, onChange: (value) => list.setFilter('dob', value), label: t('employees.filters.dateOfBirth'), placeholder: t('employees.filters.dateOfBirth') }}
        />
      }
      list={list}
      query={employees}
      columns={columns}
      data-testid="employees-table"
      getRowKey={(row) => row._id}
      onRowClick={(row) => void navigate(`/employees/details/${row._id}`)}
      rowLabel={(row) => `${row.publicId} ${row.name}`}
      emptyText={t('employees.empty')}
      emptyIcon={<IconIdBadge2 stroke={1.6} />}
      minWidth={760}
    >
      <DeleteEmployeeDialog target={toDelete} onClose={() => setToDelete(null)} />
    </ListFrame>
  );
}
