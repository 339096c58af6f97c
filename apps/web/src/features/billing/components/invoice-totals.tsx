import { Divider, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { InvoiceSummary } from '@clinic/shared';
import { formatMoney } from './money';

/** Subtotal, discount, VAT and total; then the insurer's and the patient's shares, credits, payments and the balance. */
export function InvoiceTotals({ invoice }: { invoice: InvoiceSummary }) {
  const { t, i18n } = useTranslation();
  const m = (minor: number) => formatMoney(minor, invoice.currency, i18n.language);
  const row = (label: string, value: number, testId: string, strong = false) => (
    <Group justify="space-between" gap="md" wrap="nowrap" key={testId}>
      <Text size="sm" c={strong ? undefined : 'dimmed'} fw={strong ? 700 : 400}>{label}</Text>
      <Text size="sm" fw={strong ? 700 : 500} data-testid={testId} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>{m(value)}</Text>
    </Group>
  );
  const owedBack = invoice.balanceDue < 0;
  return (
    <Stack gap={6} data-testid="invoice-totals">
      {row(t('finance.columns.subtotal'), invoice.subtotal, 'total-subtotal')}
      {invoice.discountTotal > 0 && row(t('finance.columns.discount'), invoice.discountTotal, 'total-discount')}
      {row(t('finance.details.vatRate', { rate: invoice.vatRateBasisPoints / 100 }), invoice.taxTotal, 'total-tax')}
      {row(t('finance.columns.total'), invoice.total, 'total-total', true)}
      <Divider my={4} />
      {invoice.insurerShare > 0 && row(t('finance.columns.insurerShare'), invoice.insurerShare, 'total-insurer')}
      {row(t('finance.columns.patientShare'), invoice.patientShare, 'total-patient')}
      {invoice.creditedTotal > 0 && row(t('finance.columns.credited'), invoice.creditedTotal, 'total-credited')}
      {row(t('finance.columns.paid'), invoice.paidTotal, 'total-paid')}
      <Divider my={4} />
      {row(owedBack ? t('finance.details.owedBack') : t('finance.columns.balanceDue'), Math.abs(invoice.balanceDue), 'total-balance', true)}
    </Stack>
  );
}
