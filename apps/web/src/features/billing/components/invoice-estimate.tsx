import { Group, Text } from '@mantine/core';
import { useWatch, type Control } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { ServiceRecord } from '@clinic/shared';
import { toInvoiceInput, type InvoiceFormValues } from './invoice-form-values';
import { formatMoney, toMinor } from './money';

interface InvoiceEstimateProps {
  control: Control<InvoiceFormValues, unknown, unknown>;
  services: readonly ServiceRecord[];
  currency: string;
  /** The company's VAT rate (the server computes the invoice itself). */
  vatRateBasisPoints: number;
}

/** The estimate under an invoice's lines: each line's net (a service line without a price takes the service's), VAT on the sum. */
export function InvoiceEstimate({ control, services, currency, vatRateBasisPoints }: InvoiceEstimateProps) {
  const { t, i18n } = useTranslation();
  const values = useWatch({ control }) as InvoiceFormValues;
  const input = toInvoiceInput(values, currency) as { lines: Array<{ service: string | null; quantity?: number; unitPrice?: number; discount: number }> };
  const net = input.lines.reduce((sum, l) => {
    const price = l.unitPrice ?? toMinor(services.find((s) => s._id === l.service)?.price ?? 0, currency) ?? 0;
    return sum + Math.max(0, price * (l.quantity ?? 0) - l.discount);
  }, 0);
  const tax = Math.round((net * vatRateBasisPoints) / 10_000);
  const money = (minor: number) => formatMoney(minor, currency, i18n.language);
  return (
    <Group justify="flex-end" gap="lg" data-testid="invoice-estimate">
      <Text size="sm" c="dimmed">{t('finance.form.estimateNet', { amount: money(net) })}</Text>
      <Text size="sm" c="dimmed">{t('finance.form.estimateTax', { amount: money(tax), rate: vatRateBasisPoints / 100 })}</Text>
      <Text size="sm" fw={700}>{t('finance.form.estimateTotal', { amount: money(net + tax) })}</Text>
    </Group>
  );
}
