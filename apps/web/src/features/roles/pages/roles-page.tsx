import { useState } from 'react';
import { ActionIcon, Badge, Button, Card, Divider, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconEdit, IconLock, IconPlus, IconShieldLock, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { RoleRecord } from '@clinic/shared';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { FilterBar } from '@/components/filter-bar';
import { PageHeader } from '@/components/page-header';
import { PaginationBar } from '@/components/pagination-bar';
import { useListState } from '@/components/use-list-state';
import { useSession } from '@/lib/session-context';
import { useDeleteRole } from '../api/delete-role';
import { useRoles } from '../api/get-roles';
import { RoleFormModal } from '../components/role-form-modal';

/** /roles: the company's roles and the permissions each grants (role_read to see, role_write to change). */
export default function RolesPage() {
  const { t } = useTranslation();
  const { can } = useSession();
  const canWrite = can('role_write');
  // The spec's roles list shows five a page.
  const list = useListState({ defaultLimit: 5, defaultSortBy: 'name', defaultOrder: 'asc' });
  const roles = useRoles({ page: list.page, limit: list.limit, sortBy: list.sortBy, order: list.order, search: list.search });
  const [editing, setEditing] = useState<RoleRecord | null | 'new'>(null);
  const [toDelete, setToDelete] = useState<RoleRecord | null>(null);
  // A role just added: shown first (newest first, from page 1) and highlighted, rather than somewhere on another page.
  const [added, setAdded] = useState<string | null>(null);
  const remove = useDeleteRole();

  const columns: DataTableColumn<RoleRecord>[] = [
    {
      key: 'name',
      header: t('roles.columns.name'),
      sortKey: 'name',
      render: (role) => (
        <Group gap={6} wrap="nowrap">
          {role.permissions.includes('admin') && <IconShieldLock size={16} color="var(--mantine-primary-color-filled)" />}
          <Text size="sm" fw={600}>{t(`common.roles.${role.name}`, { defaultValue: role.name })}</Text>
          {role.isSystem && <Badge size="xs" variant="outline" color="gray" leftSection={<IconLock size={10} />} tt="none" style={{ flexShrink: 0, overflow: 'visible' }}>{t('roles.system')}</Badge>}
        </Group>
      ),
    },
    {
      key: 'permissions',
      header: t('roles.columns.permissions'),
      render: (role) =>
        role.permissions.includes('admin') ? (
          <Badge tt="none">{t('roles.allPermissions')}</Badge>
        ) : (
          <Group gap={4}>
            {role.permissions.slice(0, 4).map((p) => <Badge key={p} variant="light" color="gray" tt="none">{t(`roles.permissions.${p}`, { defaultValue: p })}</Badge>)}
            {role.permissions.length > 4 && <Badge variant="outline" color="gray">+{role.permissions.length - 4}</Badge>}
          </Group>
        ),
    },
    { key: 'users', header: t('roles.columns.users'), render: (role) => <Text size="sm">{role.usersCount}</Text> },
    {
      key: 'actions',
      header: t('roles.columns.actions'),
      align: 'end',
      render: (role) =>
        canWrite ? (
          <Group gap={4} justify="flex-end" wrap="nowrap">
            <Tooltip label={t('people.actions.edit')}>
              <ActionIcon variant="subtle" onClick={() => setEditing(role)} aria-label={t('people.actions.editNamed', { name: role.name })} data-testid={`edit-role-${role.name}`}><IconEdit size={18} /></ActionIcon>
            </Tooltip>
            {!(role.isSystem && role.name === 'Admin') && (
              <Tooltip label={t('people.actions.delete')}>
                <ActionIcon variant="subtle" color="red" onClick={() => setToDelete(role)} aria-label={t('people.actions.deleteNamed', { name: role.name })}><IconTrash size={18} /></ActionIcon>
              </Tooltip>
            )}
          </Group>
        ) : null,
    },
  ];

  return (
    <Card padding={0}>
      <Stack gap="md" p={{ base: 'md', sm: 'lg' }}>
        <PageHeader
          title={t('roles.title')}
          subtitle={t('roles.subtitle')}
          actions={canWrite && <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} data-testid="add-role">{t('roles.add')}</Button>}
        />
        <FilterBar search={{ value: list.search, onChange: list.setSearch, placeholder: t('roles.searchPlaceholder') }} />
      </Stack>
      <Divider />
      <DataTable
        data-testid="roles-table"
        caption={t('roles.title')}
        columns={columns}
        rows={roles.data?.data}
        getRowKey={(r) => r._id}
        page={list.page}
        limit={list.limit}
        loading={roles.isPending}
        stale={roles.isPlaceholderData}
        sortBy={list.sortBy}
        order={list.order}
        onSort={list.toggleSort}
        onRowClick={canWrite ? (role) => setEditing(role) : undefined}
        highlightedKey={added}
        rowLabel={(role) => role.name}
        emptyText={t('roles.empty')}
        error={roles.isError ? roles.error.message : null}
        onRetry={() => void roles.refetch()}
        minWidth={640}
      />
      <Divider />
      <Stack p={{ base: 'md', sm: 'lg' }} py="md">
        <PaginationBar page={list.page} limit={list.limit} total={roles.data?.pagination.total_items ?? 0} totalPages={roles.data?.pagination.total_pages ?? 1} onPageChange={list.setPage} onLimitChange={list.setLimit} />
      </Stack>
      <RoleFormModal
        opened={editing !== null}
        role={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
        onCreated={(role) => {
          setAdded(role._id);
          list.showNewest();
        }}
      />
      <ConfirmDialog
        opened={toDelete !== null}
        title={t('roles.deleteTitle')}
        text={t('roles.deleteText', { name: toDelete?.name ?? '' })}
        confirmLabel={t('people.actions.delete')}
        confirmColor="red"
        loading={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => toDelete && remove.mutate(toDelete._id, { onSettled: () => setToDelete(null) })}
      />
    </Card>
  );
}
