import { useState } from 'react';
import { Button, Card, Divider, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FilterBar } from '@/components/filter-bar';
import { DeleteEmployeeDialog } from '@/features/employees/components/delete-employee-dialog';
import { PageHeader } from '@/components/page-header';
import { PaginationBar } from '@/components/pagination-bar';
import { useListState } from '@/components/use-list-state';
import { useCanOpen } from '@/lib/pages';
import { useSession } from '@/lib/session-context';
import { useUsers } from '../api/get-users';
import { UsersTable } from '../components/users-table';

/** The spec offers a single role in the filter. */
const ROLE_OPTIONS = ['Admin'] as const;

/** The users list (also the home page). The router shows the no-access page to those without user permissions. */
export default function UsersPage() {
  return <UsersList />;
}

function UsersList() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user, can } = useSession();
  const canOpen = useCanOpen();
  const [toDelete, setToDelete] = useState<{ id: string; name: string } | null>(null);
  const list = useListState({ filters: ['role', 'status'] as const });
  const status = list.filters.status === 'active' || list.filters.status === 'inactive' ? list.filters.status : null;

  const users = useUsers({
    page: list.page,
    limit: list.limit,
    sortBy: list.sortBy,
    order: list.order,
    search: list.search,
    role: list.filters.role,
    status,
  });
  const pagination = users.data?.pagination;

  return (
    <Card padding={0}>
      <Stack gap="md" p={{ base: 'md', sm: 'lg' }}>
        <PageHeader
          title={t('users.title')}
          subtitle={t('users.subtitle')}
          actions={
            canOpen('/users/add') && (
              <Button component={Link} to="/users/add" leftSection={<IconPlus size={16} stroke={2} />}>
                {t('users.addNew')}
              </Button>
            )
          }
        />
        <FilterBar
          search={{ value: list.search, onChange: list.setSearch, placeholder: t('users.filters.searchPlaceholder') }}
          selects={[
            {
              key: 'role',
              label: t('users.filters.role'),
              placeholder: t('users.filters.allRoles'),
              value: list.filters.role,
              data: ROLE_OPTIONS.map((role) => ({ value: role, label: t(`common.roles.${role}`) })),
              onChange: (value) => list.setFilter('role', value),
            },
            {
              key: 'status',
              label: t('users.filters.status'),
              placeholder: t('users.filters.allStatuses'),
              value: status,
              data: [
                { value: 'active', label: t('common.status.active') },
                { value: 'inactive', label: t('common.status.inactive') },
              ],
              onChange: (value) => list.setFilter('status', value),
            },
          ]}
        />
      </Stack>
      <Divider />
      <UsersTable
        rows={users.data?.data}
        currentUserId={user?.userId ?? null}
        page={list.page}
        limit={list.limit}
        loading={users.isPending}
        stale={users.isPlaceholderData}
        filtered={list.isFiltered}
        error={users.isError ? users.error.message : null}
        onRetry={() => void users.refetch()}
        onClearFilters={list.clearFilters}
        sortBy={list.sortBy}
        order={list.order}
        onSort={list.toggleSort}
        onOpen={(row) => void navigate(`/users/details/${row._id}`)}
        onDelete={(row) => setToDelete({ id: row._id, name: row.name })}
        canUpdate={can('user_update')}
        canDelete={can('user_delete')}
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
      <DeleteEmployeeDialog target={toDelete} onClose={() => setToDelete(null)} text={t('users.deleteText')} />
    </Card>
  );
}
