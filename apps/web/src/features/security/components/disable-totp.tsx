import { useState, type FormEvent } from 'react';
import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/http';
import { useDisableTotp } from '../api/two-factor';

/** Turning the authenticator off: the password and a current code (or a recovery code). */
export function DisableTotp({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const disable = useDisableTotp();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    disable.mutate({ password, ...(recovery ? { recoveryCode: code } : { code }) }, {
      onSuccess: onClose,
      onError: (err) => setError(isApiError(err) ? err.message : t('errors.generic')),
    });
  };

  return (
    <form onSubmit={submit} noValidate data-testid="disable-totp">
      <Stack gap="sm">
        <Text fw={600}>{t('security.twoFactor.disableTitle')}</Text>
        <PasswordInput label={t('security.twoFactor.password')} autoComplete="current-password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} />
        <TextInput
          label={t(recovery ? 'security.twoFactor.recoveryCode' : 'security.twoFactor.code')}
          inputMode={recovery ? 'text' : 'numeric'}
          autoComplete="one-time-code"
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
        />
        <Anchor component="button" type="button" size="sm" onClick={() => { setRecovery(!recovery); setCode(''); }}>
          {t(recovery ? 'security.twoFactor.useCode' : 'security.twoFactor.useRecovery')}
        </Anchor>
        {error && <Text size="sm" c="red" role="alert">{error}</Text>}
        <Group gap="xs">
          <Button color="red" type="submit" loading={disable.isPending} disabled={!password || !code}>{t('security.twoFactor.disable')}</Button>
          <Button variant="default" onClick={onClose}>{t('security.twoFactor.cancel')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
