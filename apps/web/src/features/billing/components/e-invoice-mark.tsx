import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { EInvoiceRef } from '@clinic/shared';
import { QrCode } from '@/components/qr-code';

/** ZATCA asks this Arabic title on every printed simplified invoice, whatever the page's language. */
const ARABIC_TITLE = 'فاتورة ضريبية مبسطة';

/** The e-invoice's title: Arabic, and the page's language beside it ("Simplified Tax Invoice · فاتورة ضريبية مبسطة"). */
export function eInvoiceTitle(t: (key: string) => string, lang: string): string {
  return lang === 'ar' ? ARABIC_TITLE : `${t('finance.eInvoice.title')} · ${ARABIC_TITLE}`;
}

/** The ZATCA QR code of an issued document (the payload the API recorded), with its UUID and counter value. */
export function EInvoiceMark({ eInvoice, size = 110, compact = false }: { eInvoice: EInvoiceRef; size?: number; compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2} align="center" data-testid="e-invoice-mark">
      <QrCode text={eInvoice.qr} size={size} label={t('finance.eInvoice.qrLabel')} testId="e-invoice-qr" />
      {!compact && <Text size="xs" c="dimmed" dir="ltr">UUID {eInvoice.uuid}</Text>}
      <Text size="xs" c="dimmed">{t('finance.eInvoice.counter', { icv: eInvoice.icv })}</Text>
    </Stack>
  );
}
