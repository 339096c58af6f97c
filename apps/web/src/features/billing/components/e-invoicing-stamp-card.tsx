import { useState } from 'react';
import { Alert, Button, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconCertificate } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '@/components/details';
import { isApiError } from '@/lib/http';
import { formatDate } from '@/lib/dates';
import { useEInvoiceSettings, useSaveStamp } from '../api/e-invoicing';

/**
 * The cryptographic stamp (administrators): a secp256k1 private key (PEM) and ZATCA's certificate for it. Saved, it
 * is never shown again; documents issued from then on are signed (phase 2).
 */
export function EInvoicingStampCard() {
  const { t, i18n } = useTranslation();
  const settings = useEInvoiceSettings();
  const save = useSaveStamp();
  const [privateKey, setPrivateKey] = useState('');
  const [certificate, setCertificate] = useState('');
  const [error, setError] = useState<string | null>(null);
  const e = (k: string, o?: Record<string, unknown>) => t(`finance.eInvoicing.${k}`, o);
  const cert = settings.data?.certificate ?? null;
  const submit = () => {
    setError(null);
    save.mutate({ privateKey, certificate: certificate.trim() || null }, {
      onSuccess: () => { setPrivateKey(''); setCertificate(''); },
      onError: (err) => setError(isApiError(err) ? (err.fields?.privateKey ?? err.message) : t('errors.unexpected')),
    });
  };
  return (
    <SectionCard title={e('stampTitle')} icon={<IconCertificate size={18} />} testId="e-invoicing-stamp">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">{e('stampIntro')}</Text>
        {cert && <Text size="sm" data-testid="e-invoicing-certificate">{e('certificate', { subject: cert.subject, date: formatDate(cert.validTo, i18n.language) })}</Text>}
        <Textarea label={e('privateKey')} placeholder="-----BEGIN PRIVATE KEY-----" dir="ltr" autosize minRows={3} maxRows={8} value={privateKey}
          onChange={(ev) => setPrivateKey(ev.currentTarget.value)} styles={{ input: { fontFamily: 'monospace' } }} data-testid="e-invoicing-key" />
        <Textarea label={e('certificateLabel')} placeholder="-----BEGIN CERTIFICATE-----" dir="ltr" autosize minRows={3} maxRows={8} value={certificate}
          onChange={(ev) => setCertificate(ev.currentTarget.value)} styles={{ input: { fontFamily: 'monospace' } }} data-testid="e-invoicing-cert" />
        {error && <Alert color="red" variant="light" data-testid="e-invoicing-stamp-error">{error}</Alert>}
        <Group justify="flex-end">
          <Button onClick={submit} disabled={!privateKey.trim()} loading={save.isPending} data-testid="e-invoicing-stamp-save">{e('saveStamp')}</Button>
        </Group>
      </Stack>
    </SectionCard>
  );
}
