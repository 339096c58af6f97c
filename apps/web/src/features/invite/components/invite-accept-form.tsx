import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconLock, IconUser } from '@tabler/icons-react';
import { Controller, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { invitationAcceptInput, type InvitationAcceptInput, type SessionUser } from '@clinic/shared';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { FormMessage } from '@/components/form/form-message';
import { useLogin } from '@/features/auth';
import { translateMessage } from '@/lib/http';
import { useAcceptInvitation } from '../api/invitation';

function PasswordField({ control, name, label, description, testId }: { control: Control<InvitationAcceptInput>; name: 'password' | 'confirmPassword'; label: string; description?: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => {
        const error = translateMessage(fieldState.error?.message);
        return (
          <PasswordInput
            label={label}
            description={description}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            withAsterisk
            autoComplete="new-password"
            leftSection={<IconLock size={16} stroke={1.7} />}
            visibilityToggleButtonProps={{ 'aria-label': t('auth.login.revealPassword') }}
            {...field}
            value={field.value ?? ''}
            error={error}
            // Mantine marks a password's input invalid only for styling: screen readers are told here.
            aria-invalid={Boolean(error) || undefined}
            data-testid={testId}
          />
        );
      }}
    />
  );
}

/**
 * The invited person's own user name (the suggestion filled in) and password, twice; once accepted they are signed in
 * with them through the ordinary sign-in.
 */
export function InviteAcceptForm({ token, suggestedUsername, onSignedIn }: { token: string; suggestedUsername: string; onSignedIn: (user: SessionUser) => void }) {
  const { t } = useTranslation();
  const accept = useAcceptInvitation();
  const login = useLogin();
  const { form, serverError, setServerError, onSubmit } = useSchemaForm<InvitationAcceptInput>({
    schema: invitationAcceptInput,
    defaultValues: { token, username: suggestedUsername, password: '', confirmPassword: '' },
    // The token is no field of the form: a refusal about it is the form's message.
    serverField: (path) => (path === 'token' ? null : (path as keyof InvitationAcceptInput)),
  });
  const submit = onSubmit(async (values) => {
    const { username } = await accept.mutateAsync(values);
    try {
      const { result } = await login.mutateAsync({ email: username, password: values.password, remember: false });
      onSignedIn(result.user);
    } catch {
      // The account is ready; only the sign-in failed (a lost connection): the sign-in page takes over.
      setServerError(t('invite.signInFailed'));
    }
  });
  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="invite-accept-form">
      <Stack gap="md">
        <Controller
          control={form.control}
          name="username"
          render={({ field, fieldState }) => (
            <TextInput
              label={t('invite.username')}
              description={t('invite.usernameHint')}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
              withAsterisk
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              dir="ltr"
              leftSection={<IconUser size={16} stroke={1.7} />}
              {...field}
              error={translateMessage(fieldState.error?.message)}
              data-testid="invite-username"
            />
          )}
        />
        <PasswordField control={form.control} name="password" label={t('invite.password')} description={t('myProfile.password.rules')} testId="invite-password" />
        <PasswordField control={form.control} name="confirmPassword" label={t('invite.confirmPassword')} testId="invite-confirm-password" />
        <FormMessage message={serverError} testId="invite-accept-error" />
        <Button type="submit" fullWidth size="md" loading={accept.isPending || login.isPending} data-testid="invite-accept">
          {t('invite.submit')}
        </Button>
      </Stack>
    </form>
  );
}
