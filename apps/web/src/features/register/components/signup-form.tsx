import { Button, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconBuilding, IconLock, IconMail, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { signupInput, type LoginResult, type SignupInput, type SignupValues } from '@clinic/shared';
import { PasswordField, TextField } from '@/components/form/fields';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { applyFieldErrors, isApiError } from '@/lib/http';
import { notifyError } from '@/lib/notify';
import { browserTimeZone } from '@/features/organisation';
import { useSignUp } from '../api/sign-up';

/** Creates a new organisation and its first administrator (password rules of the user form). */
export function SignupForm({ onSignedUp }: { onSignedUp: (result: LoginResult) => void }) {
  const { t } = useTranslation();
  const signUp = useSignUp();
  const { form } = useSchemaForm<SignupInput, SignupValues>({
    schema: signupInput,
    defaultValues: { companyName: '', name: '', username: '', email: '', password: '', confirmPassword: '', timeZone: browserTimeZone() },
  });
  const { control, handleSubmit, setError } = form;
  const reveal = { 'aria-label': t('register.signup.reveal') };

  const submit = handleSubmit(async (values) => {
    try {
      onSignedUp(await signUp.mutateAsync(values));
    } catch (error) {
      if (!applyFieldErrors(error, setError)) notifyError(isApiError(error) ? error.message : t('errors.generic'));
    }
  });

  return (
    <form onSubmit={submit} noValidate data-testid="signup-form">
      <Stack gap="md">
        <TextField control={control} name="companyName" label={t('register.signup.companyName')} placeholder={t('register.signup.companyNamePlaceholder')} required leftSection={<IconBuilding size={16} stroke={1.7} />} testId="signup-company" />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextField control={control} name="name" label={t('register.signup.fullName')} required autoComplete="name" leftSection={<IconUser size={16} stroke={1.7} />} testId="signup-name" />
          <TextField control={control} name="username" label={t('register.signup.username')} required autoComplete="username" autoCapitalize="none" spellCheck={false} leftSection={<IconUser size={16} stroke={1.7} />} testId="signup-username" />
        </SimpleGrid>
        <TextField control={control} name="email" label={t('register.signup.email')} required type="email" autoComplete="email" leftSection={<IconMail size={16} stroke={1.7} />} testId="signup-email" />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <PasswordField control={control} name="password" label={t('register.signup.password')} required leftSection={<IconLock size={16} stroke={1.7} />} visibilityToggleButtonProps={reveal} testId="signup-password" />
          <PasswordField control={control} name="confirmPassword" label={t('register.signup.confirmPassword')} required leftSection={<IconLock size={16} stroke={1.7} />} visibilityToggleButtonProps={reveal} testId="signup-confirm" />
        </SimpleGrid>
        <Text size="xs" c="dimmed" mt={-8}>{t('register.signup.passwordHint')}</Text>
        <Button type="submit" size="md" loading={signUp.isPending} data-testid="signup-submit">
          {t('register.signup.submit')}
        </Button>
      </Stack>
    </form>
  );
}
