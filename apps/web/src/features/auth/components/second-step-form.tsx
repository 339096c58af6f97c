import { useEffect, useState, type FormEvent } from 'react';
import { Anchor, Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { SecondFactorChallenge, SessionUser } from '@clinic/shared';
import { isApiError } from '@/lib/http';
import { PasskeyStepButton } from '@/features/security';
import { useSecondStep, useStoreSignIn } from '../api/login';

export type Challenge = SecondFactorChallenge['secondFactor'];

interface SecondStepFormProps {
  challenge: Challenge;
  remember: boolean;
  onSignedIn: (user: SessionUser) => void;
  /** Back to the first step, with a message (the ticket expired or was refused). */
  onBack: (message?: string) => void;
}

/** The sign-in's second step: a 6-digit code from the authenticator app, a recovery code, or a passkey. */
export function SecondStepForm({ challenge, remember, onSignedIn, onBack }: SecondStepFormProps) {
  const { t, i18n } = useTranslation();
  const step = useSecondStep();
  const storeSignIn = useStoreSignIn();
  const [kind, setKind] = useState<'totp' | 'recovery'>(challenge.methods.includes('totp') ? 'totp' : 'recovery');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const expiresAt = new Date(challenge.expiresAt);

  // The ticket lasts five minutes: past it, the form goes back to the first step and says why.
  useEffect(() => {
    const timer = setTimeout(() => onBack(t('auth.twoFactor.expired')), Math.max(0, expiresAt.getTime() - Date.now()));
    return () => clearTimeout(timer);
  }, [challenge.expiresAt]); // eslint-disable-line react-hooks/exhaustive-deps

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    step.mutate({ kind, ticket: challenge.ticket, code, remember }, {
      onSuccess: (result) => onSignedIn(result.user),
      onError: (err) => {
        if (isApiError(err) && err.code === 'SECOND_FACTOR_TICKET_INVALID') onBack(t('auth.twoFactor.expired'));
        else setError(isApiError(err) && err.fromServer ? err.message : t('auth.login.failed'));
      },
    });
  };

  const canRecover = challenge.methods.includes('recovery');
  const time = expiresAt.toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' });
  return (
    <form onSubmit={submit} noValidate data-testid="second-step-form">
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={3} fz="h4">{t('auth.twoFactor.title')}</Title>
          <Text size="sm" c="dimmed">{t(kind === 'totp' ? 'auth.twoFactor.intro' : 'auth.twoFactor.introRecovery')}</Text>
        </Stack>
        {(challenge.methods.includes('totp') || canRecover) && (
          <TextInput
            key={kind}
            label={t(kind === 'totp' ? 'auth.twoFactor.code' : 'auth.twoFactor.recoveryCode')}
            name="code"
            inputMode={kind === 'totp' ? 'numeric' : 'text'}
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            error={error}
            autoFocus
            dir="ltr"
          />
        )}
        <Button type="submit" fullWidth size="md" loading={step.isPending} disabled={!code.trim()}>{t('auth.twoFactor.submit')}</Button>
        {challenge.methods.includes('totp') && canRecover && (
          <Anchor component="button" type="button" size="sm" onClick={() => { setKind(kind === 'totp' ? 'recovery' : 'totp'); setCode(''); setError(null); }}>
            {t(kind === 'totp' ? 'auth.twoFactor.useRecovery' : 'auth.twoFactor.useCode')}
          </Anchor>
        )}
        {challenge.methods.includes('passkey') && (
          <PasskeyStepButton
            ticket={challenge.ticket}
            onVerified={(result) => {
              if (!result) return;
              storeSignIn(result, remember);
              onSignedIn(result.user);
            }}
            onError={setError}
          />
        )}
        <Text size="xs" c="dimmed">{t('auth.twoFactor.expires', { time })}</Text>
        <Anchor component="button" type="button" size="sm" onClick={() => onBack()}>{t('auth.twoFactor.back')}</Anchor>
      </Stack>
    </form>
  );
}
