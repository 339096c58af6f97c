import { useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Checkbox, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconLock, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isSecondFactorChallenge, type SessionUser } from '@clinic/shared';
import { isApiError, translateMessage } from '@/lib/http';
import { loadPageTexts } from '@/lib/i18n';
import { notifyLoginError } from '@/lib/notify';
import { loadSignIn, useLogin } from '../api/login';
import type { LoginFormErrors, LoginFormValues } from './login-validation';
import { SecondStepForm, type Challenge } from './second-step-form';

/*
 * The sign-in page is the one page with a download budget, so this form does without a form library and loads Zod
 * (the API's sign-in schema) with the first check; it is fetched, with the sign-in request, as soon as the user starts
 * on the form. It behaves as the app's other forms: checked on submit, then field by field as the user corrects it,
 * focus on the first error.
 */
const loadValidation = () =>
  // The checks' messages come with the pages' texts (needed right after sign-in anyway); without them, the checks still run.
  Promise.all([import('./login-validation'), loadPageTexts().catch(() => undefined)]).then(([validation]) => validation);
const FIELDS = ['email', 'password'] as const;

function valuesOf(form: HTMLFormElement): LoginFormValues {
  const data = new FormData(form);
  return {
    email: String(data.get('email') ?? ''),
    password: String(data.get('password') ?? ''),
    remember: data.has('remember'),
  };
}

interface LoginFormProps {
  onSignedIn: (user: SessionUser) => void;
}

export function LoginForm({ onSignedIn }: LoginFormProps) {
  const { t } = useTranslation();
  const login = useLogin();
  const [errors, setErrors] = useState<LoginFormErrors>({});
  const [challenge, setChallenge] = useState<{ step: Challenge; remember: boolean } | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const submitted = useRef(false);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    submitted.current = true;
    const { data, errors: found } = (await loadValidation()).validateLogin(valuesOf(form));
    setErrors(found);
    if (!data) {
      const first = FIELDS.find((field) => found[field]);
      if (first) (form.elements.namedItem(first) as HTMLInputElement | null)?.focus();
      return;
    }
    login.mutate(data, {
      onSuccess: ({ result, remember }) => {
        setNotice(null);
        if (isSecondFactorChallenge(result)) setChallenge({ step: result.secondFactor, remember });
        else onSignedIn(result.user);
      },
      onError: (error) => {
        notifyLoginError(isApiError(error) && error.fromServer ? error.message : t('auth.login.failed'));
      },
    });
  };

  // After the first submit, a changed field is checked again as it is typed.
  const onChange = async (event: FormEvent<HTMLFormElement>) => {
    const field = (event.target as HTMLInputElement).name;
    if (!submitted.current || !FIELDS.some((name) => name === field)) return;
    const form = event.currentTarget;
    const { errors: found } = (await loadValidation()).validateLogin(valuesOf(form));
    setErrors((current) => ({ ...current, [field]: found[field as keyof LoginFormErrors] }));
  };

  if (challenge) {
    return (
      <SecondStepForm
        challenge={challenge.step}
        remember={challenge.remember}
        onSignedIn={onSignedIn}
        onBack={(message) => { setChallenge(null); setNotice(message ?? null); }}
      />
    );
  }

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      onChange={(event) => void onChange(event)}
      onFocus={() => void Promise.all([loadValidation(), loadSignIn()])}
      noValidate
    >
      <Stack gap="md">
        {notice && <Alert color="orange" role="alert" data-testid="sign-in-notice">{notice}</Alert>}
        <TextInput
          label={t('auth.login.username')}
          placeholder={t('auth.login.usernamePlaceholder')}
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          leftSection={<IconUser size={16} stroke={1.7} />}
          error={translateMessage(errors.email)}
          withAsterisk
          name="email"
        />
        <PasswordInput
          label={t('auth.login.password')}
          placeholder={t('auth.login.passwordPlaceholder')}
          autoComplete="current-password"
          leftSection={<IconLock size={16} stroke={1.7} />}
          // Its own name must not contain "Password", so the field stays the only match for that label.
          visibilityToggleButtonProps={{ 'aria-label': t('auth.login.revealPassword') }}
          error={translateMessage(errors.password)}
          // Mantine marks a password's input invalid only for styling: screen readers are told here.
          aria-invalid={Boolean(translateMessage(errors.password)) || undefined}
          withAsterisk
          name="password"
        />
        <Checkbox label={t('auth.login.rememberMe')} name="remember" />
        <Button type="submit" fullWidth size="md" loading={login.isPending} mt={4}>
          {t('auth.login.submit')}
        </Button>
      </Stack>
    </form>
  );
}
