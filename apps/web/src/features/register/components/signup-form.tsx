import { zodResolver } from '@hookform/resolvers/zod';
import { Button, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconBuilding, IconLock, IconMail, IconUser } from '@tabler/icons-react';
import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { signupInput, type LoginResult, type SignupInput, type SignupValues } from '@clinic/shared';
import { applyFieldErrors, isApiError, translateMessage } from '@/lib/http';
import { notifyError } from '@/lib/notify';
import { browserTimeZone } from '@/features/organisation';
import { useSignUp } from '../api/sign-up';

const resolver = zodResolver(signupInput) as unknown as Resolver<SignupInput, unknown, SignupValues>;

/** Creates a new organisation and its first administrator (password rules of the user form). */
export function SignupForm({ onSignedUp }: { onSignedUp: (result: LoginResult) => void }) {
  const { t } = useTranslation();
  const signUp = useSignUp();
  const { register, handleSubmit, setError, formState: { errors } } = useForm<SignupInput, unknown, SignupValues>({
    resolver,
    defaultValues: { companyName: '', name: '', username: '', email: '', password: '', confirmPassword: '', timeZone: browserTimeZone() },
    mode: 'onTouched',
  });
  const err = (m?: string) => translateMessage(m);

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
        <TextInput label={t('register.signup.companyName')} placeholder={t('register.signup.companyNamePlaceholder')} withAsterisk leftSection={<IconBuilding size={16} stroke={1.7} />} error={err(errors.companyName?.message)} data-testid="signup-company" {...register('companyName')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label={t('register.signup.fullName')} withAsterisk autoComplete="name" leftSection={<IconUser size={16} stroke={1.7} />} error={err(errors.name?.message)} data-testid="signup-name" {...register('name')} />
          <TextInput label={t('register.signup.username')} withAsterisk autoComplete="username" autoCapitalize="none" spellCheck={false} leftSection={<IconUser size={16} stroke={1.7} />} error={err(errors.username?.message)} data-testid="signup-username" {...register('username')} />
        </SimpleGrid>
        <TextInput label={t('register.signup.email')} withAsterisk type="email" autoComplete="email" leftSection={<IconMail size={16} stroke={1.7} />} error={err(errors.email?.message)} data-testid="signup-email" {...register('email')} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <PasswordInput label={t('register.signup.password')} withAsterisk autoComplete="new-password" leftSection={<IconLock size={16} stroke={1.7} />} visibilityToggleButtonProps={{ 'aria-label': t('register.signup.reveal') }} error={err(errors.password?.message)} aria-invalid={Boolean(errors.password) || undefined} data-testid="signup-password" {...register('password')} />
          <PasswordInput label={t('register.signup.confirmPassword')} withAsterisk autoComplete="new-password" leftSection={<IconLock size={16} stroke={1.7} />} visibilityToggleButtonProps={{ 'aria-label': t('register.signup.reveal') }} error={err(errors.confirmPassword?.message)} aria-invalid={Boolean(errors.confirmPassword) || undefined} data-testid="signup-confirm" {...register('confirmPassword')} />
        </SimpleGrid>
        <Text size="xs" c="dimmed" mt={-8}>{t('register.signup.passwordHint')}</Text>
        <Button type="submit" size="md" loading={signUp.isPending} data-testid="signup-submit">
          {t('register.signup.submit')}
        </Button>
      </Stack>
    </form>
  );
}
