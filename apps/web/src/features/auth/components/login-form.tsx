import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Checkbox, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconLock, IconUser } from '@tabler/icons-react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { loginInput, type SessionUser } from '@clinic/shared';
import { isApiError, translateMessage } from '@/lib/http';
import { notifyLoginError } from '@/lib/notify';
import { useLogin } from '../api/login';

const loginForm = loginInput.extend({ remember: z.boolean() });
type LoginFormValues = z.input<typeof loginForm>;

interface LoginFormProps {
  onSignedIn: (user: SessionUser) => void;
}

export function LoginForm({ onSignedIn }: LoginFormProps) {
  const { t } = useTranslation();
  const login = useLogin();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<LoginFormValues, unknown, z.output<typeof loginForm>>({
    resolver: zodResolver(loginForm),
    defaultValues: { email: '', password: '', remember: false },
  });

  const onSubmit = handleSubmit((values) => {
    login.mutate(values, {
      onSuccess: ({ result }) => onSignedIn(result.user),
      onError: (error) => {
        notifyLoginError(isApiError(error) && error.fromServer ? error.message : t('auth.login.failed'));
      },
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <TextInput
          label={t('auth.login.username')}
          placeholder={t('auth.login.usernamePlaceholder')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          leftSection={<IconUser size={16} stroke={1.7} />}
          error={translateMessage(errors.email?.message)}
          withAsterisk
          {...register('email')}
        />
        <PasswordInput
          label={t('auth.login.password')}
          placeholder={t('auth.login.passwordPlaceholder')}
          autoComplete="current-password"
          leftSection={<IconLock size={16} stroke={1.7} />}
          // Its own name must not contain "Password", so the field stays the only match for that label.
          visibilityToggleButtonProps={{ 'aria-label': t('auth.login.revealPassword') }}
          error={translateMessage(errors.password?.message)}
          withAsterisk
          {...register('password')}
        />
        <Controller
          control={control}
          name="remember"
          render={({ field }) => (
            <Checkbox
              label={t('auth.login.rememberMe')}
              checked={field.value}
              onChange={(event) => field.onChange(event.currentTarget.checked)}
              onBlur={field.onBlur}
              name={field.name}
              ref={field.ref}
            />
          )}
        />
        <Button type="submit" fullWidth size="md" loading={login.isPending} mt={4}>
          {t('auth.login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
