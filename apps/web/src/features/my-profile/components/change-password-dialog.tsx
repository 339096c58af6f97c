import { useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { changePasswordInput, type ChangePasswordInput } from '@clinic/shared';
import { applyFieldErrors, isApiError, translateMessage } from '@/lib/http';
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
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<ChangePasswordInput>({
    defaultValues: { oldPassword: '', newPassword: '', confirmPassword: '' },
    resolver: zodResolver(changePasswordInput) as unknown as Resolver<ChangePasswordInput>,
    mode: 'onTouched',
  });
  const err = (name: keyof ChangePasswordInput) => translateMessage(form.formState.errors[name]?.message);
  const submit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      const result = await change.mutateAsync(values);
      notifySuccess(result.message ?? t('success.done'));
      onClose();
    } catch (error) {
      if (applyFieldErrors(error, form.setError)) return;
      setServerError(isApiError(error) ? error.message : t('errors.unexpected'));
    }
  });
  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="change-password-form">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">{t('myProfile.password.hint')}</Text>
        <PasswordInput label={t('myProfile.password.old')} withAsterisk autoComplete="current-password" {...form.register('oldPassword')} error={err('oldPassword')} aria-invalid={Boolean(err('oldPassword')) || undefined} data-testid="old-password" />
        <PasswordInput label={t('myProfile.password.new')} withAsterisk autoComplete="new-password" description={t('myProfile.password.rules')} {...form.register('newPassword')} error={err('newPassword')} aria-invalid={Boolean(err('newPassword')) || undefined} data-testid="new-password" />
        <PasswordInput label={t('myProfile.password.confirm')} withAsterisk autoComplete="new-password" {...form.register('confirmPassword')} error={err('confirmPassword')} aria-invalid={Boolean(err('confirmPassword')) || undefined} data-testid="confirm-password" />
        {serverError && <Alert color="red" icon={<IconAlertCircle size={18} />}>{serverError}</Alert>}
        <Group justify="flex-end" mt="xs">
          <Button variant="default" onClick={onClose} disabled={change.isPending}>{t('common.actions.cancel')}</Button>
          <Button type="submit" loading={change.isPending} data-testid="change-password-submit">{t('myProfile.password.submit')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
