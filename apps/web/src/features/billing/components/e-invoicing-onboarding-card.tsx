import { useState } from 'react';
import { Alert, Badge, Button, Group, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconPlugConnected } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/details';
import { formatDate, formatDateTime } from '@/lib/dates';
import { isApiError } from '@/lib/http';
import { useEInvoiceSettings, useOnboard } from '../api/e-invoicing';

type Environment = 'simulation' | 'production';

const STATUS_COLORS = { none: 'gray', compliance: 'yellow', onboarded: 'teal' } as const;

/**
 * Onboarding with ZATCA (administrators): the environment and the one-time password from the Fatoora portal; the
 * server makes the key, its CSR and the certificates in one go (it needs the network). Shows where the company
 * stands: not onboarded, or onboarded in an environment since a date, with the certificate's validity.
 */
export function EInvoicingOnboardingCard() {
  const { t, i18n } = useTranslation();
  const settings = useEInvoiceSettings();
  const onboard = useOnboard();
  const [environment, setEnvironment] = useState<Environment>('simulation');
  const [otp, setOtp] = useState('');
  const [error, setError] = useState<string | null>(null);
  const o = (k: string, opts?: Record<string, unknown>) => t(`finance.eInvoicing.onboarding.${k}`, opts);
  const s = settings.data;
  const status = s?.onboardingStatus ?? 'none';
  const valid = /^\d{6}$/.test(otp);

  const submit = () => {
    setError(null);
    onboard.mutate({ otp, environment }, {
      onSuccess: () => setOtp(''),
      onError: (err) => {
        if (!isApiError(err)) return setError(t('errors.unexpected'));
        const step = typeof err.data?.step === 'string' ? err.data.step : null;
        setError(step ? `${o(`steps.${step}`)}: ${err.fields?.otp ?? err.message}` : (err.fields?.otp ?? err.message));
      },
    });
  };

  return (
    <SectionCard title={o('title')} icon={<IconPlugConnected size={18} />} testId="e-invoicing-onboarding">
      <Stack gap="sm">
        <Group gap="xs" wrap="wrap">
          <Badge color={STATUS_COLORS[status]} variant="light" tt="none" data-testid="e-invoicing-onboarding-status" data-status={status}>{o(`status.${status}`)}</Badge>
          {status === 'onboarded' && s && s.environment !== 'none' && <Badge color="blue" variant="outline" tt="none">{o(`environments.${s.environment}`)}</Badge>}
        </Group>
        {status === 'onboarded' && s?.onboardedAt && <Text size="sm" data-testid="e-invoicing-onboarded-at">{o('onboardedAt', { date: formatDateTime(s.onboardedAt, i18n.language) })}</Text>}
        {status === 'onboarded' && s?.certificate && (
          <Text size="sm" c="dimmed" data-testid="e-invoicing-certificate-validity">{o('validUntil', { date: formatDate(s.certificate.validTo, i18n.language) })}</Text>
        )}
        <Text size="sm" c="dimmed">{o('intro')}</Text>
        {!s?.enabled && <Alert color="yellow" variant="light" data-testid="e-invoicing-onboarding-off">{o('turnOnFirst')}</Alert>}
        <SegmentedControl
          value={environment}
          onChange={(v) => setEnvironment(v as Environment)}
          data={(['simulation', 'production'] as const).map((v) => ({ value: v, label: o(`environments.${v}`) }))}
          data-testid="e-invoicing-environment"
          fullWidth
        />
        <Text size="xs" c="dimmed">{o(`environmentHint.${environment}`)}</Text>
        <TextInput
          label={o('otp')}
          description={o('otpHint')}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          dir="ltr"
          value={otp}
          onChange={(ev) => setOtp(ev.currentTarget.value.replace(/\D/g, ''))}
          data-testid="e-invoicing-otp"
        />
        {error && <Alert color="red" variant="light" data-testid="e-invoicing-onboarding-error">{error}</Alert>}
        <Group justify="flex-end">
          <Button onClick={submit} disabled={!valid || !s?.enabled} loading={onboard.isPending} data-testid="e-invoicing-onboard">
            {status === 'onboarded' ? o('again') : o('submit')}
          </Button>
        </Group>
      </Stack>
    </SectionCard>
  );
}
