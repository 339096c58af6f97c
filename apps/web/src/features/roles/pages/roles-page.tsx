import { useState } from 'react';
import { Badge, Button, Group, Text } from '@mantine/core';
import { IconLock, IconPlus, IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { RoleRecord } from '@clinic/shared';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FilterBar, ListFrame, RowActions, useListQuery, useListState, type DataTableColumn } from '@/components/list';
import { useSession } from '@/lib/session-context';
import { useDeleteRole } from '../api/delete-role';
import { rolesQueryOptions } from '../api/get-roles';
import { RoleFormModal } from '../components/role-form-modal';

/** /roles: the company's roles and the permissions each grants (role_read to see, role_write to change). */
export default function RolesPage() {
  const { t } = useTranslation();
  const { can } = useSession();
  const canWrite = can('role_write');
  // The spec's roles list shows five a page.
  const list = useListState({ defaultLimit: 5, defaultSortBy: 'name', defaultOrder: 'asc' });
  const roles = useListQuery(list, rolesQueryOptions, {});
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
          <RowActions
            actions={[
              { kind: 'edit', label: t('people.actions.edit'), ariaLabel: t('people.actions.editNamed', { name: role.name }), onClick: () => setEditing(role), testId: `edit-role-${role.name}` },
              !(role.isSystem && role.name === 'Admin') && { kind: 'delete', label: t('people.actions.delete'), ariaLabel: t('people.actions.deleteNamed', { name: role.name }), onClick: () => setToDelete(role) },
            ]}
          />
        ) : null,
    },
  ];

  return (
    <ListFrame
      title={t('roles.title')}
      subtitle={t('roles.subtitle')}
      actions={canWrite && <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} data-testid="add-role">{t('roles.add')}</Button>}
      filters={<FilterBar search={{ value: list.search, onChange: list.setSearch, placeholder: t('roles.searchPlaceholder') }} />}
      list={list}
      query={roles}
      columns={columns}
      data-testid="roles-table"
      getRowKey={(r) => r._id}
      onRowClick={canWrite ? (role) => setEditing(role) : undefined}
      highlightedKey={added}
      rowLabel={(role) => role.name}
      emptyText={t('roles.empty')}
      minWidth={640}
    >
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
    </ListFrame>
  );
}
