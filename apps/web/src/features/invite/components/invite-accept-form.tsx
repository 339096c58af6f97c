import { Button, Stack } from '@mantine/core';
import { IconLock, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { invitationAcceptInput, isSecondFactorChallenge, type InvitationAcceptInput, type SessionUser } from '@clinic/shared';
import { PasswordField, TextField } from '@/components/form/fields';
import { FormMessage } from '@/components/form/form-message';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { useLogin } from '@/features/auth';
import { useAcceptInvitation } from '../api/invitation';

const lock = <IconLock size={16} stroke={1.7} />;

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
      // A new account has no second factor yet: the answer is a sign-in (else the sign-in page takes over).
      if (isSecondFactorChallenge(result)) throw new Error('second factor');
      onSignedIn(result.user);
    } catch {
      // The account is ready; only the sign-in failed (a lost connection): the sign-in page takes over.
      setServerError(t('invite.signInFailed'));
    }
  });
  const { control } = form;
  const reveal = { 'aria-label': t('auth.login.revealPassword') };
  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="invite-accept-form">
      <Stack gap="md">
        <TextField
          control={control}
          name="username"
          label={t('invite.username')}
          description={t('invite.usernameHint')}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          required
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          dir="ltr"
          leftSection={<IconUser size={16} stroke={1.7} />}
          testId="invite-username"
        />
        <PasswordField control={control} name="password" label={t('invite.password')} description={t('myProfile.password.rules')} required leftSection={lock} visibilityToggleButtonProps={reveal} testId="invite-password" />
        <PasswordField control={control} name="confirmPassword" label={t('invite.confirmPassword')} required leftSection={lock} visibilityToggleButtonProps={reveal} testId="invite-confirm-password" />
        <FormMessage message={serverError} testId="invite-accept-error" />
        <Button type="submit" fullWidth size="md" loading={accept.isPending || login.isPending} data-testid="invite-accept">
          {t('invite.submit')}
        </Button>
      </Stack>
    </form>
  );
}
