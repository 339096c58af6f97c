import { useState } from 'react';
import { Button, Text } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isSecondFactorChallenge, type SessionUser } from '@clinic/shared';
import { isApiError } from '@/lib/http';
import { notifyLoginError } from '@/lib/notify';
import { storeSignIn } from '@/lib/session';
import { isCancelled, passkeysSupported, signInWithPasskey } from '../api/passkey-ceremony';

interface PasskeySignInButtonProps {
  onSignedIn: (user: SessionUser) => void;
}

/**
 * The sign-in page's passwordless way in: the browser offers the passkeys saved for this site, the one chosen names
 * the person. A browser without passkeys says so instead.
 */
export function PasskeySignInButton({ onSignedIn }: PasskeySignInButtonProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  if (!passkeysSupported()) {
    return <Text size="sm" c="dimmed" ta="center" mt="md" data-testid="passkey-sign-in-unsupported">{t('auth.passkey.unsupported')}</Text>;
  }

  const onClick = async () => {
    setBusy(true);
    try {
      const result = await signInWithPasskey();
      if (isSecondFactorChallenge(result)) return;
      // Nothing cached for a previous user may leak into this session.
      queryClient.clear();
      storeSignIn(result, false);
      onSignedIn(result.user);
    } catch (error) {
      if (!isCancelled(error)) notifyLoginError(isApiError(error) && error.fromServer ? error.message : t('auth.passkey.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      variant="default" fullWidth mt="md" leftSection={<IconKey size={18} />} loading={busy}
      onClick={() => void onClick()} data-testid="passkey-sign-in"
    >
      {t('auth.passkey.signIn')}
    </Button>
  );
}
