import { Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { changePasswordInput, type ChangePasswordInput } from '@clinic/shared';
import { PasswordField } from '@/components/form/fields';
import { FormDialogBody } from '@/components/form/form-dialog';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { notifySuccess } from '@/lib/notify';
import { useChangePassword } from '../api/change-password';

/** Old, new and confirm password; really changes the password (other sessions are signed out). */
export function ChangePasswordDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={<Text fw={650}>{t('myProfile.password.title')}</Text>} size={440}>
      {opened && <ChangePasswordForm onClose={onClose} />}
    </Modal>
  );
}

function ChangePasswordForm({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const change = useChangePassword();
  const { form, serverError, onSubmit } = useSchemaForm<ChangePasswordInput>({
    schema: changePasswordInput,
    defaultValues: { oldPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { control } = form;
  const submit = onSubmit(async (values) => {
    const result = await change.mutateAsync(values);
    notifySuccess(result.message ?? t('success.done'));
    onClose();
  });
  return (
    <FormDialogBody
      onCancel={onClose}
      onSubmit={(e) => void submit(e)}
      serverError={serverError}
      submitLabel={t('myProfile.password.submit')}
      pending={change.isPending}
      data-testid="change-password-form"
      submitTestId="change-password-submit"
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">{t('myProfile.password.hint')}</Text>
        <PasswordField control={control} name="oldPassword" label={t('myProfile.password.old')} required autoComplete="current-password" testId="old-password" />
        <PasswordField control={control} name="newPassword" label={t('myProfile.password.new')} required description={t('myProfile.password.rules')} testId="new-password" />
        <PasswordField control={control} name="confirmPassword" label={t('myProfile.password.confirm')} required testId="confirm-password" />
      </Stack>
    </FormDialogBody>
  );
}
