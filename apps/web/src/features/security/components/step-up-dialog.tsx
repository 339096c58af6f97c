import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Anchor, Button, Group, Modal, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/http';
import { setStepUpHandler } from '@/lib/step-up';
import { stepUp, useTwoFactorStatus } from '../api/two-factor';
import { PasskeyStepButton } from './passkey-step-button';

type Mode = 'code' | 'recovery' | 'password';

interface StepUpDialogProps {
  opened: boolean;
  onDone: (verified: boolean) => void;
}

/** Asks for a code from the authenticator app, a recovery code, a passkey, or (for a user without a second factor) the password. */
export function StepUpDialog({ opened, onDone }: StepUpDialogProps) {
  const { t } = useTranslation();
  // Read when asked: the dialog sits with every page and costs nothing until then.
  const status = useTwoFactorStatus(opened);
  const hasFactor = status.data ? status.data.totp.state === 'on' || status.data.passkeys > 0 : true;
  const [mode, setMode] = useState<Mode>('code');
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const shown: Mode = hasFactor ? mode : 'password';

  useEffect(() => {
    if (opened) {
      setValue('');
      setError(null);
      setMode('code');
    }
  }, [opened]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await stepUp(shown === 'code' ? { code: value } : shown === 'recovery' ? { recoveryCode: value } : { password: value });
      onDone(true);
    } catch (err) {
      setError(isApiError(err) ? err.message : t('errors.generic'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened={opened} onClose={() => onDone(false)} title={t('security.twoFactor.stepUp.title')} centered data-testid="step-up-dialog">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack gap="sm">
          <Text size="sm">{t(shown === 'password' ? 'security.twoFactor.stepUp.introPassword' : 'security.twoFactor.stepUp.intro')}</Text>
          {shown === 'password' ? (
            <PasswordInput label={t('security.twoFactor.password')} autoComplete="current-password" value={value} onChange={(e) => setValue(e.currentTarget.value)} error={error} data-autofocus />
          ) : (
            <TextInput
              label={t(shown === 'code' ? 'security.twoFactor.code' : 'security.twoFactor.recoveryCode')}
              inputMode={shown === 'code' ? 'numeric' : 'text'}
              autoComplete="one-time-code"
              value={value}
              onChange={(e) => setValue(e.currentTarget.value)}
              error={error}
              data-autofocus
            />
          )}
          {hasFactor && (
            <Anchor component="button" type="button" size="sm" onClick={() => { setMode(shown === 'code' ? 'recovery' : 'code'); setValue(''); setError(null); }}>
              {t(shown === 'code' ? 'security.twoFactor.useRecovery' : 'security.twoFactor.useCode')}
            </Anchor>
          )}
          {Boolean(status.data?.passkeys) && <PasskeyStepButton onVerified={() => onDone(true)} onError={setError} />}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => onDone(false)}>{t('security.twoFactor.cancel')}</Button>
            <Button type="submit" loading={busy} disabled={!value}>{t('security.twoFactor.stepUp.confirm')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * Mounted with the app's shell (and the enrolment screen): answers the HTTP layer's step-up requests with the dialog.
 * A proof may release a sign-in held to enrolment, so the session's profile is read again after one.
 */
export function StepUpHost() {
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const resolver = useRef<((verified: boolean) => void) | null>(null);
  useEffect(() => setStepUpHandler(() => new Promise<boolean>((resolve) => {
    resolver.current = resolve;
    setOpened(true);
  })), []);
  const done = (verified: boolean) => {
    setOpened(false);
    if (verified) void queryClient.invalidateQueries({ queryKey: ['profile'] });
    resolver.current?.(verified);
    resolver.current = null;
  };
  return <StepUpDialog opened={opened} onDone={done} />;
}

export default StepUpHost;
