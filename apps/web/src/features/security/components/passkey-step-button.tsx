import { useState } from 'react';
import { Button, Text } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { LoginResult } from '@clinic/shared';
import { isApiError } from '@/lib/http';
import { notifyError } from '@/lib/notify';
import { isCancelled, passkeysSupported, secondStepWithPasskey, stepUpWithPasskey } from '../api/passkey-ceremony';

interface PasskeyStepButtonProps {
  /**
   * The second-step ticket of a password sign-in; without it the button confirms the signed-in person (step-up).
   */
  ticket?: string;
  /**
   * Called once the passkey is accepted: with the sign-in's answer for a ticket (the caller stores it as it stores the
   * answer of its other factors), with null for a step-up (the session is confirmed; retry what asked for it).
   */
  onVerified: (result: LoginResult | null) => void;
  /** Called with the message when the passkey was not accepted (else the button shows it as a notification). */
  onError?: (message: string) => void;
}

/** "Use a passkey" in the sign-in's second step and in the step-up dialog. A browser without passkeys says so instead. */
export function PasskeyStepButton({ ticket, onVerified, onError }: PasskeyStepButtonProps) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

  if (!passkeysSupported()) {
    return <Text size="sm" c="dimmed" data-testid="passkey-step-unsupported">{t('auth.passkey.unsupported')}</Text>;
  }

  const onClick = async () => {
    setBusy(true);
    try {
      if (ticket) onVerified(await secondStepWithPasskey(ticket));
      else {
        await stepUpWithPasskey();
        onVerified(null);
      }
    } catch (error) {
      if (isCancelled(error)) return;
      const message = isApiError(error) && error.fromServer ? error.message : t('auth.passkey.failed');
      if (onError) onError(message);
      else notifyError(message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button variant="default" fullWidth leftSection={<IconKey size={18} />} loading={busy} onClick={() => void onClick()} data-testid="passkey-step">
      {t('auth.passkey.useForStep')}
    </Button>
  );
}
