import { useState } from 'react';
import { Modal, SimpleGrid, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EMPLOYEE_TYPES, invitationCreateInput, type InvitationCreateInput, type InvitationSent } from '@clinic/shared';
import { FormDialogBody } from '@/components/form/form-dialog';
import { MultiSelectField, SelectField, TextField } from '@/components/form/fields';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { useInviteUser } from '../api/invitations';
import { useReferenceList } from '../api/get-reference-lists';
import { InvitationResult } from './invitation-result';

/** The staff types an invitation offers (as the user form: a person in charge is not a user). */
const INVITE_TYPES = EMPLOYEE_TYPES.filter((type) => type !== 'PIC');
const DEFAULT_TYPE = INVITE_TYPES.includes('Administrative') ? 'Administrative' : INVITE_TYPES[0];

/** The quick path beside the full user form: a name, an e-mail address and a role; the person sets up the rest. */
export function InviteUserDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [sent, setSent] = useState<InvitationSent | null>(null);
  const close = () => {
    setSent(null);
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={<Text fw={650}>{sent ? t('users.invite.sentTitle') : t('users.invite.title')}</Text>} centered size={520}>
      {opened && (sent ? <InvitationResult sent={sent} onDone={close} /> : <InviteForm onSent={setSent} onCancel={close} />)}
    </Modal>
  );
}

function InviteForm({ onSent, onCancel }: { onSent: (sent: InvitationSent) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const invite = useInviteUser();
  const roles = useReferenceList('roles');
  const clinics = useReferenceList('clinics');
  const { form, serverError, onSubmit } = useSchemaForm<InvitationCreateInput>({
    schema: invitationCreateInput,
    defaultValues: { name: '', email: '', employeeType: DEFAULT_TYPE, roleIds: [], clinics: [] },
  });
  const { control } = form;
  const send = onSubmit(async (values) => onSent(await invite.mutateAsync(values)));
  return (
    <FormDialogBody
      onSubmit={(e) => void send(e)}
      onCancel={onCancel}
      serverError={serverError}
      submitLabel={t('users.invite.submit')}
      pending={invite.isPending}
      data-testid="invite-form"
      submitTestId="invite-submit"
    >
      <Text size="sm" c="dimmed">{t('users.invite.intro')}</Text>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <TextField control={control} name="name" label={t('users.form.fullName')} required autoComplete="off" data-autofocus testId="invite-name" />
        <TextField control={control} name="email" label={t('users.invite.email')} required type="email" dir="ltr" autoComplete="off" testId="invite-email" />
      </SimpleGrid>
      <SelectField control={control} name="employeeType" label={t('users.form.userType')} required data={INVITE_TYPES.map((v) => ({ value: v, label: t(`users.form.userTypes.${v}`) }))} allowDeselect={false} testId="invite-type" />
      <MultiSelectField
        control={control}
        name="roleIds"
        label={t('users.form.roles')}
        description={t('users.invite.rolesHint')}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        required
        searchable
        data={(roles.data ?? []).map((r) => ({ ...r, label: t(`common.roles.${r.label}`, { defaultValue: r.label }) }))}
        nothingFoundMessage={t('users.form.noRoles')}
        testId="invite-roles"
      />
      <MultiSelectField
        control={control}
        name="clinics"
        label={t('users.form.workPlaces')}
        description={t('users.invite.clinicsHint')}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        searchable
        clearable
        data={clinics.data ?? []}
        testId="invite-clinics"
      />
    </FormDialogBody>
  );
}
