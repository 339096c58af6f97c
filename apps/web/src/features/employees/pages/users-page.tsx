import { useState } from 'react';
import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconMailPlus, IconPlus, IconUsers } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { EmployeeListItem, InvitationSent } from '@clinic/shared';
import { StatusBadge } from '@/components/details';
import { FilterBar, IdCell, ListFrame, listParams, RowActions, useListQuery, useListState, useStatusFilter, type DataTableColumn } from '@/components/list';
import { ExportButton } from '@/components/export-button';
import { DeleteEmployeeDialog } from '../components/delete-employee-dialog';
import { EmployeeStatusSwitch } from '../components/employee-status-switch';
import { IncompleteBadge, InvitationBadge } from '../components/invitation-badges';
import { InvitationResultDialog } from '../components/invitation-result';
import { InviteUserDialog } from '../components/invite-user-dialog';
import { useResendInvitation } from '../api/invitations';
import { useCanOpen } from '@/lib/pages';
import { useSession } from '@/lib/session-context';
import { Ltr } from '@/components/ltr';
import { usersQueryOptions, usersRequest } from '../api/get-users';

/** The spec offers a single role in the filter. */
const ROLE_OPTIONS = ['Admin'] as const;

/** The users list (also the home page). The router shows the no-access page to those without user permissions. */
export default function UsersPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user: me, can } = useSession();
  const canOpen = useCanOpen();
  const canUpdate = can('user_update');
  const canDelete = can('user_delete');
  const currentUserId = me?.userId ?? null;
  const canCreate = can('user_create');
  const [toDelete, setToDelete] = useState<{ id: string; name: string } | null>(null);
  const [inviting, setInviting] = useState(false);
  const [resent, setResent] = useState<InvitationSent | null>(null);
  const resend = useResendInvitation();
  const list = useListState({ filters: ['role', 'status'] as const });
  const { status, select: statusSelect } = useStatusFilter(list, { label: t('users.filters.status'), placeholder: t('users.filters.allStatuses') });
  const listFilters = { role: list.filters.role, status };
  const users = useListQuery(list, usersQueryOptions, listFilters);

  const columns: DataTableColumn<EmployeeListItem>[] = [
    { key: 'publicId', header: t('users.columns.userId'), sortKey: 'publicId', render: (user) => <IdCell>{user.publicId}</IdCell> },
    {
      key: 'name',
      header: t('users.columns.userName'),
      sortKey: 'name',
      render: (user) => (
        <Stack gap={2}>
          <Text size="sm" fw={600}>{user.name}</Text>
          {(user.username ?? user.email) && <Text size="xs" c="dimmed"><Ltr>{user.username ? `@${user.username}` : user.email}</Ltr></Text>}
          <Group gap={4}><IncompleteBadge incomplete={user.incomplete} editTo={canUpdate ? `/users/edit/${user._id}` : null} /></Group>
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
          <Text size="sm" c="dimmed">{t('users.noRoles')}</Text>
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
      render: (user) => user.invitation ? <InvitationBadge invitation={user.invitation} /> : (
        <Group gap="sm" wrap="nowrap">
          {canUpdate && (
            <EmployeeStatusSwitch id={user._id} name={user.name} isActive={user.isActive} version={user.version} isSelf={user._id === currentUserId} failureMessage={t('users.statusFailed')} />
          )}
          <StatusBadge active={user.isActive} />
        </Group>
      ),
    },
    {
      key: 'actions',
      header: t('users.columns.actions'),
      align: 'end',
      render: (user) => (
        <RowActions
          actions={[
            canCreate && user.invitation && { kind: 'resend', label: t('users.invite.resend'), ariaLabel: t('users.invite.resendNamed', { name: user.name }), onClick: () => resend.mutate(user._id, { onSuccess: setResent }), testId: `resend-invitation-${user._id}` },
            canUpdate && { kind: 'edit', label: t('people.actions.edit'), ariaLabel: t('people.actions.editNamed', { name: user.name }), to: `/users/edit/${user._id}`, testId: `edit-user-${user._id}` },
            canDelete && user._id !== currentUserId && { kind: 'delete', label: t('people.actions.delete'), ariaLabel: t('people.actions.deleteNamed', { name: user.name }), onClick: () => setToDelete({ id: user._id, name: user.name }), testId: `delete-user-${user._id}` },
          ]}
          extra={user._id === currentUserId && <Text size="xs" c="dimmed" data-testid="own-account-hint">{t('users.yourAccount')}</Text>}
        />
      ),
    },
  ];

  return (
    <ListFrame
      exportButton={<ExportButton {...usersRequest({ ...listParams(list), ...listFilters })} />}
      title={t('users.title')}
      subtitle={t('users.subtitle')}
      actions={
        <Group gap="sm">
          {canCreate && (
            <Button variant="light" leftSection={<IconMailPlus size={16} stroke={2} />} onClick={() => setInviting(true)} data-testid="invite-user">
              {t('users.invite.open')}
            </Button>
          )}
          {canOpen('/users/add') && (
            <Button component={Link} to="/users/add" leftSection={<IconPlus size={16} stroke={2} />}>
              {t('users.addNew')}
            </Button>
          )}
        </Group>
      }
      filters={
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
            statusSelect,
          ]}
        />
      }
      list={list}
      query={users}
      columns={columns}
      data-testid="users-table"
      getRowKey={(user) => user._id}
      onRowClick={(user) => void navigate(`/users/details/${user._id}`)}
      rowLabel={(user) => `${user.publicId} ${user.name}`}
      emptyText={t('users.empty')}
      emptyIcon={<IconUsers stroke={1.6} />}
      minWidth={900}
    >
      <DeleteEmployeeDialog target={toDelete} onClose={() => setToDelete(null)} text={t('users.deleteText')} />
      <InviteUserDialog opened={inviting} onClose={() => setInviting(false)} />
      <InvitationResultDialog sent={resent} onClose={() => setResent(null)} />
    </ListFrame>
  );
}
