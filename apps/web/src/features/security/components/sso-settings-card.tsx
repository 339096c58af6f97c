import { useEffect } from 'react';
import { Button, Divider, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ssoSettingsInput, type SsoSettingsInput, type SsoSettingsRecord } from '@clinic/shared';
import { CopyField } from '@/components/copy-field';
import { SectionCard } from '@/components/details';
import { EditableTable } from '@/components/form/editable-table';
import { PasswordField, SelectField, SwitchField, TagsField, TextField } from '@/components/form/fields';
import { FormMessage } from '@/components/form/form-message';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { isApiError } from '@/lib/http';
import { useLookupOptions } from '@/lib/lookups';
import { useSaveSsoSettings, useSsoSettings, useTestSso } from '../api/sso';

type Values = z.output<typeof ssoSettingsInput>;
/** A switch shows no message of its own: the server's word on it goes to the form's message. */
const SWITCHES = new Set(['enabled', 'passwordSignIn']);

const formOf = (r: SsoSettingsRecord): SsoSettingsInput => ({
  enabled: r.enabled, issuer: r.issuer, clientId: r.clientId, clientSecret: '', allowedDomains: r.allowedDomains, groupRoles: r.groupRoles,
  provisioning: r.provisioning, label: r.label ?? '', passwordSignIn: r.passwordSignIn, breakGlassEmployeeId: r.breakGlassEmployeeId,
});

/**
 * /organisation/security, single sign-on (administrators): the organisation's OpenID Connect provider (the client
 * secret is never shown back), who may come in (domains, new people, groups to roles), and password sign-in with its
 * break-glass administrator.
 */
export function SsoSettingsCard() {
  const { t } = useTranslation();
  const settings = useSsoSettings();
  const save = useSaveSsoSettings();
  const test = useTestSso();
  const roles = useLookupOptions('roles', { sortBy: 'name', order: 'asc' }, { silent: true });
  const people = useLookupOptions('staff', {}, { silent: true });
  const { form, serverError, onSubmit } = useSchemaForm<SsoSettingsInput, Values>({
    schema: ssoSettingsInput, defaultValues: formOf(emptyRecord), serverField: (path) => (SWITCHES.has(path) ? null : (path as never)),
  });
  const { control, reset, watch, getValues } = form;
  useEffect(() => { if (settings.data) reset(formOf(settings.data)); }, [settings.data, reset]);
  const s = (key: string, params?: Record<string, string>) => t(`security.sso.${key}`, params);
  const record = settings.data;
  const passwordOn = watch('passwordSignIn');
  // A refused address is said on the issuer field, as a save would.
  const testConnection = () => test.mutate(getValues('issuer'), {
    onError: (error) => { if (isApiError(error) && error.fields?.issuer) form.setError('issuer', { type: 'server', message: error.fields.issuer }, { shouldFocus: true }); },
  });

  return (
    <SectionCard title={s('title')} icon={<IconKey size={18} />} testId="sso-settings">
      {!record ? <Skeleton height={160} /> : (
        <form noValidate onSubmit={onSubmit(async (v) => { await save.mutateAsync({ ...v, label: v.label || null }); })} data-testid="sso-settings-form">
          <Stack gap="sm">
            <Text size="sm" c="dimmed">{s('intro')}</Text>
            <SwitchField control={control} name="enabled" label={s('enabled')} testId="sso-enabled" />
            <TextField control={control} name="issuer" label={s('issuer')} description={s('issuerHint')} dir="ltr" required testId="sso-issuer" />
            <Group gap="xs">
              <Button variant="light" size="xs" loading={test.isPending} onClick={testConnection} data-testid="sso-test">{s('test')}</Button>
              {test.data && <Text size="sm" c="teal" data-testid="sso-test-ok">{s('testOk', { issuer: test.data.data.issuer })}</Text>}
            </Group>
            <TextField control={control} name="clientId" label={s('clientId')} dir="ltr" required testId="sso-client-id" />
            <PasswordField control={control} name="clientSecret" label={s('clientSecret')} description={record.clientSecretSet ? s('clientSecretSet') : undefined}
              dir="ltr" autoComplete="new-password" required={!record.clientSecretSet} testId="sso-client-secret" />
            <CopyField label={s('redirectUri')} value={record.redirectUri} copyLabel={s('copy')} copiedLabel={s('copied')} testId="sso-redirect-uri" />
            <TagsField control={control} name="allowedDomains" label={s('domains')} description={s('domainsHint')} dir="ltr" testId="sso-domains" />
            <SelectField control={control} name="provisioning" label={s('provisioning')} allowDeselect={false} testId="sso-provisioning"
              data={[{ value: 'invite', label: s('provisioningInvite') }, { value: 'auto', label: s('provisioningAuto') }]} />
            <Stack gap={4}>
              <Text size="sm" fw={500}>{s('groups')}</Text>
              <EditableTable control={control} name="groupRoles" description={s('groupsHint')} addLabel={s('addGroup')} emptyText={s('noGroups')}
                newRow={() => ({ group: '', roleId: '' }) as never} data-testid="sso-groups"
                columns={[
                  { key: 'group', label: s('group'), required: true, width: 200 },
                  { key: 'roleId', label: s('role'), kind: 'select', required: true, width: 180, options: roles.data ?? [] },
                ]} />
            </Stack>
            <TextField control={control} name="label" label={s('label')} placeholder={s('labelPlaceholder')} maxLength={60} testId="sso-label" />
            <Divider label={s('passwordTitle')} labelPosition="left" />
            <SwitchField control={control} name="passwordSignIn" label={s('passwordSignIn')} description={s('passwordHint')} testId="sso-password-sign-in" />
            <SelectField control={control} name="breakGlassEmployeeId" label={s('breakGlass')} description={s('breakGlassHint')} emptyValue={null}
              data={people.data ?? []} searchable clearable required={!passwordOn} testId="sso-break-glass" />
            <FormMessage message={serverError} />
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending} data-testid="sso-save">{s('save')}</Button>
            </Group>
          </Stack>
        </form>
      )}
    </SectionCard>
  );
}

const emptyRecord: SsoSettingsRecord = {
  configured: false, enabled: false, issuer: '', clientId: '', clientSecretSet: false, allowedDomains: [], groupRoles: [], provisioning: 'invite',
  label: null, passwordSignIn: true, breakGlassEmployeeId: null, redirectUri: '',
};
