import { useState } from 'react';
import { Button, Card, Divider, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EMPLOYEE_TYPES, type EmployeeType } from '@clinic/shared';
import { FilterBar } from '@/components/filter-bar';
import { PageHeader } from '@/components/page-header';
import { PaginationBar } from '@/components/pagination-bar';
import { useListState } from '@/components/use-list-state';
import { useCanOpen } from '@/lib/pages';
import { useSession } from '@/lib/session-context';
import { useEmployees } from '../api/get-employees';
import { DeleteEmployeeDialog } from '../components/delete-employee-dialog';
import { EmployeesTable } from '../components/employees-table';

const STAFF_TYPES = EMPLOYEE_TYPES.filter((type) => type !== 'Doctor' && type !== 'PIC');

/** /employees: the staff list (everyone who is not a doctor; doctors have their own card grid). */
export default function EmployeesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user, can } = useSession();
  const canOpen = useCanOpen();
  const list = useListState({ filters: ['status', 'type', 'dob'] as const });
  const status = list.filters.status === 'active' || list.filters.status === 'inactive' ? list.filters.status : null;
  const type = (STAFF_TYPES as readonly string[]).includes(list.filters.type ?? '') ? (list.filters.type as EmployeeType) : null;
  const [toDelete, setToDelete] = useState<{ id: string; name: string } | null>(null);
  const canWrite = can('employee_write', 'user_update');

  const employees = useEmployees({
    page: list.page,
    limit: list.limit,
    sortBy: list.sortBy,
    order: list.order,
    search: list.search,
    status,
    employeeType: type,
    dateOfBirth: list.filters.dob,
    // Doctors are listed on their own screen.
    excludeDoctors: true,
  });
  const pagination = employees.data?.pagination;

  return (
    <Card padding={0}>
      <Stack gap="md" p={{ base: 'md', sm: 'lg' }}>
        <PageHeader
          title={t('employees.title')}
          subtitle={t('employees.subtitle')}
          actions={
            canOpen('/employees/add') && (
              <Button component={Link} to="/employees/add" leftSection={<IconPlus size={16} stroke={2} />} data-testid="add-employee">
                {t('employees.add')}
              </Button>
            )
          }
        />
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
            {
              key: 'status',
              label: t('employees.filters.status'),
              placeholder: t('employees.filters.allStatuses'),
              value: status,
              data: [
                { value: 'active', label: t('common.status.active') },
                { value: 'inactive', label: t('common.status.inactive') },
              ],
              onChange: (value) => list.setFilter('status', value),
            },
          ]}
          date={{ value: list.filters.dob, onChange: (value) => list.setFilter('dob', value), label: t('employees.filters.dateOfBirth'), placeholder: t('employees.filters.dateOfBirth') }}
        />
      </Stack>
      <Divider />
      <EmployeesTable
        rows={employees.data?.data}
        currentUserId={user?.userId ?? null}
        page={list.page}
        limit={list.limit}
        loading={employees.isPending}
        stale={employees.isPlaceholderData}
        filtered={list.isFiltered}
        error={employees.isError ? employees.error.message : null}
        canWrite={canWrite}
        onRetry={() => void employees.refetch()}
        onClearFilters={list.clearFilters}
        sortBy={list.sortBy}
        order={list.order}
        onSort={list.toggleSort}
        onOpen={(row) => void navigate(`/employees/details/${row._id}`)}
        onEdit={(row) => void navigate(`/employees/edit/${row._id}`)}
        onDelete={(row) => setToDelete({ id: row._id, name: row.name })}
      />
      <Divider />
      <Stack p={{ base: 'md', sm: 'lg' }} py="md">
        <PaginationBar
          page={list.page}
          limit={list.limit}
          total={pagination?.total_items ?? 0}
          totalPages={pagination?.total_pages ?? 1}
          exact={pagination?.total_exact ?? true}
          onPageChange={list.setPage}
          onLimitChange={list.setLimit}
        />
      </Stack>
      <DeleteEmployeeDialog target={toDelete} onClose={() => setToDelete(null)} />
    </Card>
  );
}
