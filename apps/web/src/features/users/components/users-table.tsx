import { ActionIcon, Badge, Button, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconEdit, IconFilterOff, IconTrash, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { UserListItem } from '@clinic/shared';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { EmployeeStatusSwitch } from '@/features/employees/components/employee-status-switch';

interface UsersTableProps {
  rows: readonly UserListItem[] | undefined;
  currentUserId: string | null;
  page: number;
  limit: number;
  loading: boolean;
  stale: boolean;
  filtered: boolean;
  error: string | null;
  onRetry: () => void;
  onClearFilters: () => void;
  sortBy: string;
  order: 'asc' | 'desc';
  onSort: (sortKey: string) => void;
  onOpen: (user: UserListItem) => void;
  onDelete: (user: UserListItem) => void;
  /** May change the status of accounts and edit them (user_update). */
  canUpdate: boolean;
  canDelete: boolean;
}

export function UsersTable({ rows, currentUserId, page, limit, loading, stale, filtered, error, onRetry, onClearFilters, sortBy, order, onSort, onOpen, onDelete, canUpdate, canDelete }: UsersTableProps) {
  const { t } = useTranslation();

  const columns: DataTableColumn<UserListItem>[] = [
    {
      key: 'publicId',
      header: t('users.columns.userId'),
      sortKey: 'publicId',
      render: (user) => (
        <Text size="sm" ff="monospace" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {user.publicId}
        </Text>
      ),
    },
    {
      key: 'name',
      header: t('users.columns.userName'),
      sortKey: 'name',
      render: (user) => (
        <Stack gap={2}>
          <Group gap={6} wrap="nowrap">
            <Text size="sm" fw={600}>
              {user.name}
            </Text>
          </Group>
          {(user.username ?? user.email) && (
            <Text size="xs" c="dimmed">
              {user.username ? `@${user.username}` : user.email}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'roles',
      header: t('users.columns.roles'),
      render: (user) =>
        user.roleIds.length ? (
          <Group gap={4}>
            {user.roleIds.map((role) => (
              <Badge key={role._id} variant="outline" color="gray" tt="none">
                {t(`common.roles.${role.name}`, { defaultValue: role.name })}
              </Badge>
            ))}
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t('users.noRoles')}
          </Text>
        ),
    },
    {
      key: 'employeeType',
      header: t('users.columns.userType'),
      sortKey: 'employeeType',
      render: (user) => <Text size="sm">{t(`common.employeeTypes.${user.employeeType}`, { defaultValue: user.employeeType })}</Text>,
    },
    {
      key: 'isActive',
      header: t('users.columns.status'),
      sortKey: 'isActive',
      render: (user) => (
        <Group gap="sm" wrap="nowrap">
          {canUpdate && (
            <EmployeeStatusSwitch id={user._id} name={user.name} isActive={user.isActive} version={user.version} isSelf={user._id === currentUserId} failureMessage={t('users.statusFailed')} />
          )}
          <Badge color={user.isActive ? 'teal' : 'gray'} variant="light" tt="none" data-status={user.isActive ? 'active' : 'inactive'}>
            {user.isActive ? t('common.status.active') : t('common.status.inactive')}
          </Badge>
        </Group>
      ),
    },
    {
      key: 'actions',
      header: t('users.columns.actions'),
      align: 'end',
      render: (user) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          {canUpdate && (
            <Tooltip label={t('people.actions.edit')}>
              <ActionIcon variant="subtle" component={Link} to={`/users/edit/${user._id}`} aria-label={t('people.actions.editNamed', { name: user.name })} data-testid={`edit-user-${user._id}`}>
                <IconEdit size={18} />
              </ActionIcon>
            </Tooltip>
          )}
          {user._id === currentUserId ? (
            <Text size="xs" c="dimmed" data-testid="own-account-hint">{t('users.yourAccount')}</Text>
          ) : (
            canDelete && (
              <Tooltip label={t('people.actions.delete')}>
                <ActionIcon variant="subtle" color="red" onClick={() => onDelete(user)} aria-label={t('people.actions.deleteNamed', { name: user.name })} data-testid={`delete-user-${user._id}`}>
                  <IconTrash size={18} />
                </ActionIcon>
              </Tooltip>
            )
          )}
        </Group>
      ),
    },
  ];

  return (
    <DataTable
      data-testid="users-table"
      caption={t('users.title')}
      columns={columns}
      rows={rows}
      getRowKey={(user) => user._id}
      page={page}
      limit={limit}
      loading={loading}
      stale={stale}
      sortBy={sortBy}
      order={order}
      onSort={onSort}
      onRowClick={onOpen}
      rowLabel={(user) => `${user.publicId} ${user.name}`}
      emptyText={t('users.empty')}
      emptyDescription={filtered ? t('common.table.emptyHint') : undefined}
      emptyActions={
        filtered && (
          <Button variant="light" leftSection={<IconFilterOff size={16} stroke={1.8} />} onClick={onClearFilters}>
            {t('common.filters.clearAll')}
          </Button>
        )
      }
      emptyIcon={<IconUsers stroke={1.6} />}
      error={error}
      onRetry={onRetry}
      minWidth={900}
    />
  );
}
