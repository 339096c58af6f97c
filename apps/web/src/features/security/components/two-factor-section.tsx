import { useState } from 'react';
import { Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TotpEnrolment } from '@clinic/shared';
import { formatDate } from '@/lib/dates';
import { useEnrolTotp, useRegenerateRecoveryCodes, useTwoFactorStatus } from '../api/two-factor';
import { DisableTotp } from './disable-totp';
import { RecoveryCodes } from './recovery-codes';
import { TotpSetup } from './totp-setup';

/**
 * /security: the user's authenticator app: its state, setting it up (QR code, key, first code), recovery codes (shown
 * once at set-up and when made anew), turning it off. Also on the enrolment screen of a session held to enrolment,
 * which `onEnrolled` releases once the recovery codes are put away.
 */
export function TwoFactorSection({ onStarted, onEnrolled }: { onStarted?: () => void; onEnrolled?: () => void } = {}) {
  const { t, i18n } = useTranslation();
  const status = useTwoFactorStatus();
  const enrol = useEnrolTotp();
  const regenerate = useRegenerateRecoveryCodes();
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [disabling, setDisabling] = useState(false);
  const data = status.data;
  const on = data?.totp.state === 'on';

  const body = () => {
    if (!data) return <Loader size="sm" />;
    if (codes) return <RecoveryCodes codes={codes} onDone={() => { setCodes(null); onEnrolled?.(); }} />;
    if (enrolment) {
      return <TotpSetup enrolment={enrolment} onCancel={() => setEnrolment(null)} onConfirmed={(c) => { setEnrolment(null); setCodes(c); }} />;
    }
    if (disabling) return <DisableTotp onClose={() => setDisabling(false)} />;
    if (!on) {
      return (
        <Group>
          <Button loading={enrol.isPending} onClick={() => enrol.mutate(undefined, { onSuccess: (started) => { onStarted?.(); setEnrolment(started); } })}>{t('security.twoFactor.setUp')}</Button>
        </Group>
      );
    }
    return (
      <Stack gap="xs">
        <Text size="sm">{t('security.twoFactor.recoveryLeft', { count: data.recoveryCodesLeft })}</Text>
        <Group gap="xs" wrap="wrap">
          <Button variant="default" loading={regenerate.isPending} onClick={() => regenerate.mutate(undefined, { onSuccess: (d) => setCodes(d.recoveryCodes) })}>
            {t('security.twoFactor.regenerate')}
          </Button>
          <Button variant="light" color="red" onClick={() => setDisabling(true)}>{t('security.twoFactor.disable')}</Button>
        </Group>
        <Text size="xs" c="dimmed">{t('security.twoFactor.regenerateConfirm')}</Text>
      </Stack>
    );
  };

  return (
    <Card withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} data-testid="two-factor-section">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2}>
            <Title order={3} fz="h4">{t('security.twoFactor.title')}</Title>
            <Text size="sm" c="dimmed">{t('security.twoFactor.intro')}</Text>
          </Stack>
          {data && <Badge color={on ? 'green' : 'gray'} variant="light" style={{ flexShrink: 0 }}>{t(on ? 'security.twoFactor.on' : 'security.twoFactor.off')}</Badge>}
        </Group>
        {data?.required && !on && <Text size="sm" c="orange">{t('security.twoFactor.required')}</Text>}
        {on && data?.totp.confirmedAt && <Text size="sm">{t('security.twoFactor.onSince', { date: formatDate(data.totp.confirmedAt, i18n.language) })}</Text>}
        {body()}
      </Stack>
    </Card>
  );
}
