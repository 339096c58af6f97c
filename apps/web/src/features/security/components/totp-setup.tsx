import { useState, type FormEvent } from 'react';
import { Box, Button, Code, Group, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TotpEnrolment } from '@clinic/shared';
import { isApiError, translateMessage } from '@/lib/http';
import { useConfirmTotp } from '../api/two-factor';

interface TotpSetupProps {
  enrolment: TotpEnrolment;
  onConfirmed: (recoveryCodes: string[]) => void;
  onCancel?: () => void;
}

/** The new secret as a QR code and as text, and the first code that turns the authenticator on. */
export function TotpSetup({ enrolment, onConfirmed, onCancel }: TotpSetupProps) {
  const { t } = useTranslation();
  const confirm = useConfirmTotp();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    confirm.mutate(code, {
      onSuccess: (data) => onConfirmed(data.recoveryCodes),
      onError: (err) => setError(isApiError(err) ? (err.fields?.code ?? err.message) : t('errors.generic')),
    });
  };

  return (
    <form onSubmit={submit} noValidate data-testid="totp-setup">
      <Stack gap="sm">
        <Text size="sm">{t('security.twoFactor.scan')}</Text>
        {/* The server draws the QR code of the otpauth address (an SVG of its own making, no script). */}
        <Box w={180} h={180} bg="white" p={4} style={{ borderRadius: 8 }} aria-hidden dangerouslySetInnerHTML={{ __html: enrolment.qrSvg }} />
        <Text size="sm" fw={500}>{t('security.twoFactor.manualKey')}</Text>
        <Code dir="ltr" data-testid="totp-secret" style={{ wordBreak: 'break-all' }}>{enrolment.secret.replace(/(.{4})/g, '$1 ').trim()}</Code>
        <TextInput
          label={t('security.twoFactor.code')}
          description={t('security.twoFactor.codeHint')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          error={translateMessage(error ?? undefined)}
          name="code"
        />
        <Group gap="xs">
          <Button type="submit" loading={confirm.isPending} disabled={code.replace(/\s/g, '').length !== 6}>{t('security.twoFactor.confirm')}</Button>
          {onCancel && <Button variant="default" onClick={onCancel}>{t('security.twoFactor.cancel')}</Button>}
        </Group>
      </Stack>
    </form>
  );
}
