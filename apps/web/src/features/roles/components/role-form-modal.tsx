import { useMemo } from 'react';
import { Badge, Checkbox, Group, Modal, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isPermission, roleFormSchema, type Permission, type PermissionEntry, type RoleFormValues, type RoleRecord } from '@clinic/shared';
import { TextField } from '@/components/form/fields';
import { FormDialogBody } from '@/components/form/form-dialog';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { translateMessage } from '@/lib/http';
import { notifySuccess } from '@/lib/notify';
import { usePermissions } from '../api/get-permissions';
import { useSaveRole } from '../api/save-role';

interface RoleFormModalProps {
  opened: boolean;
  /** The role being edited, or null for a new one. */
  role: RoleRecord | null;
  onClose: () => void;
  /** A role was created (not edited): the list shows it. */
  onCreated?: (role: RoleRecord) => void;
}

function groupPermissions(entries: PermissionEntry[]): Array<[string, Permission[]]> {
  const groups = new Map<string, Permission[]>();
  for (const e of entries) groups.set(e.group, [...(groups.get(e.group) ?? []), e.code]);
  return [...groups.entries()];
}

/** Creates or edits a role: its name and the permissions it grants, ticked by area. */
export function RoleFormModal({ opened, role, onClose, onCreated }: RoleFormModalProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={650}>{role ? t('roles.editTitle', { name: role.name }) : t('roles.addTitle')}</Text>} size="xl">
      {opened && <RoleForm key={role?._id ?? 'new'} role={role} onClose={onClose} onCreated={onCreated} />}
    </Modal>
  );
}

function RoleForm({ role, onClose, onCreated }: Omit<RoleFormModalProps, 'opened'>) {
  const { t } = useTranslation();
  const permissions = usePermissions();
  const save = useSaveRole();
  const { form, serverError, onSubmit } = useSchemaForm<RoleFormValues>({
    schema: roleFormSchema,
    defaultValues: { name: role?.name ?? '', permissions: role?.permissions.filter(isPermission) ?? [] },
    mode: 'onSubmit',
  });
  const groups = useMemo(() => groupPermissions(permissions.data ?? []), [permissions.data]);
  const lockedAdmin = Boolean(role?.isSystem && role.name === 'Admin');
  const selected = useWatch({ control: form.control, name: 'permissions' });
  const isAdmin = selected.includes('admin');

  const submit = onSubmit(async (values) => {
    const result = await save.mutateAsync({ id: role?._id, version: role?.version, values: lockedAdmin && role ? { ...values, name: role.name } : values });
    notifySuccess(result.message ?? t('success.done'));
    if (!role) onCreated?.(result.data);
    onClose();
  });

  return (
    <FormDialogBody
      onCancel={onClose}
      onSubmit={(e) => void submit(e)}
      serverError={serverError}
      submitLabel={t('people.actions.save')}
      pending={save.isPending}
      data-testid="role-form"
      submitTestId="role-submit"
    >
      <Stack gap="md">
        <TextField control={form.control} name="name" label={t('roles.fields.name')} required disabled={lockedAdmin} testId="role-name" />
        <Controller
          control={form.control}
          name="permissions"
          render={({ field }) => {
            const toggle = (code: Permission, on: boolean) => field.onChange(on ? [...field.value, code] : field.value.filter((p) => p !== code));
            return (
              <Stack gap="sm">
                <Group justify="space-between">
                  <Text fw={600} size="sm">{t('roles.fields.permissions')}</Text>
                  <Badge variant="light" tt="none">{t('roles.selectedCount', { count: field.value.length })}</Badge>
                </Group>
                {form.formState.errors.permissions && <Text c="red" size="sm">{translateMessage(form.formState.errors.permissions.message)}</Text>}
                <Paper withBorder p="sm" radius="md" bg={isAdmin ? 'var(--mantine-primary-color-light)' : undefined}>
                  <Checkbox
                    label={<Group gap={6}><IconShieldLock size={16} /><Text size="sm" fw={600}>{t('roles.permissions.admin')}</Text></Group>}
                    description={t('roles.permissions.adminHint')}
                    checked={isAdmin}
                    disabled={lockedAdmin}
                    onChange={(e) => toggle('admin', e.currentTarget.checked)}
                    data-testid="permission-admin"
                  />
                </Paper>
                <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
                  {groups.filter(([group]) => group !== 'admin').map(([group, codes]) => (
                    <Paper key={group} withBorder p="sm" radius="md">
                      <Text size="sm" fw={600} mb={6}>{t(`roles.groups.${group}`)}</Text>
                      <Stack gap={6}>
                        {codes.map((code) => (
                          <Checkbox
                            key={code}
                            size="sm"
                            label={t(`roles.permissions.${code}`)}
                            checked={isAdmin || field.value.includes(code)}
                            disabled={isAdmin}
                            onChange={(e) => toggle(code, e.currentTarget.checked)}
                            data-testid={`permission-${code}`}
                          />
                        ))}
                      </Stack>
                    </Paper>
                  ))}
                </SimpleGrid>
              </Stack>
            );
          }}
        />
      </Stack>
    </FormDialogBody>
  );
}
