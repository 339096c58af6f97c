import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconFilterOff, IconUserCircle, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { UserListItem } from '@clinic/shared';
import { DataTable, type DataTableColumn } from '@/components/data-table';

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
}

export function UsersTable({ rows, currentUserId, page, limit, loading, stale, filtered, error, onRetry, onClearFilters, sortBy, order, onSort, onOpen }: UsersTableProps) {
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
            {user._id === currentUserId && (
              <Badge size="sm" variant="light" color="clinic" tt="none" fw={600} leftSection={<IconUserCircle size={11} />} style={{ flexShrink: 0 }}>
                {t('users.yourAccount')}
              </Badge>
            )}
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
        <Badge color={user.isActive ? 'teal' : 'gray'} variant="light" tt="none" data-status={user.isActive ? 'active' : 'inactive'}>
          {user.isActive ? t('common.status.active') : t('common.status.inactive')}
        </Badge>
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
      minWidth={760}
    />
  );
}
