import type { ReactNode } from 'react';
import { Badge, Group, ScrollArea, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { InvoiceRecord } from '@clinic/shared';
import { formatDateTime } from '@/lib/dates';
import { formatMoney } from './money';

const num = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' } as const;
/** Dates and numbers stay whole on their line: the table scrolls sideways instead (its frame is a scroll area). */
const nowrap = { whiteSpace: 'nowrap' } as const;

function Rows({ head, rows, minWidth, testId }: { head: ReactNode[]; rows: ReactNode[][]; minWidth: number; testId: string }) {
  return (
    <ScrollArea type="auto">
      <Table miw={minWidth} striped verticalSpacing="xs" data-testid={testId}>
        <Table.Thead>
          <Table.Tr>{head.map((h, i) => <Table.Th key={i} ta={i === 0 ? 'start' : 'end'}>{h}</Table.Th>)}</Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r, i) => (
            <Table.Tr key={i}>{r.map((c, j) => <Table.Td key={j} ta={j === 0 ? 'start' : 'end'} style={j === 0 ? undefined : num}>{c}</Table.Td>)}</Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea>
  );
}

/** The invoice's lines: quantity, price, discount, net, VAT and total, covered ones marked. */
export function InvoiceLinesTable({ invoice }: { invoice: InvoiceRecord }) {
  const { t, i18n } = useTranslation();
  const m = (minor: number) => formatMoney(minor, invoice.currency, i18n.language);
  return (
    <Rows
      testId="invoice-lines-table"
      minWidth={640}
      head={[t('finance.details.description'), t('finance.details.quantity'), t('finance.details.unitPrice'), t('finance.details.discount'), t('finance.details.net'), t('finance.details.tax'), t('finance.details.lineTotal')]}
      rows={invoice.lines.map((l) => [
        <Group key="d" gap={6} wrap="nowrap">
          <Text size="sm">{l.description}</Text>
          {l.covered && <Badge size="xs" variant="light" color="blue" style={{ flexShrink: 0 }}>{t('finance.details.covered')}</Badge>}
        </Group>,
        l.quantity, m(l.unitPrice), l.discount ? m(l.discount) : '—', m(l.net), m(l.tax), m(l.total),
      ])}
    />
  );
}

/** Payments (and refunds, negative) taken on the invoice: method, cash box or payment method, fee, who and when. */
export function PaymentsTable({ invoice }: { invoice: InvoiceRecord }) {
  const { t, i18n } = useTranslation();
  const m = (minor: number) => formatMoney(minor, invoice.currency, i18n.language);
  if (!invoice.payments.length) return <Text size="sm" c="dimmed">{t('finance.details.noPayments')}</Text>;
  return (
    <Rows
      testId="invoice-payments"
      minWidth={560}
      head={[t('finance.details.when'), t('finance.details.method'), t('finance.details.amount'), t('finance.details.fee'), t('finance.details.by')]}
      rows={invoice.payments.map((p) => [
        <Stack key="w" gap={0}>
          <Text size="sm" style={nowrap}>{formatDateTime(p.createdAt, i18n.language)}</Text>
          {p.reference && <Text size="xs" c="dimmed" dir="ltr" style={nowrap}>{p.reference}</Text>}
        </Stack>,
        <Text key="m" size="sm">
          {p.kind === 'refund' ? `${t('finance.details.refundKind')} · ` : ''}
          {t(`billing.method.${p.method}`)} · {p.cashBox?.name ?? p.paymentMethod ?? ''}
        </Text>,
        <Text key="a" size="sm" c={p.amount < 0 ? 'red' : undefined} data-testid="payment-amount-cell">{m(p.amount)}</Text>,
        p.processingFee ? m(p.processingFee) : '—',
        p.createdBy?.name ?? '—',
      ])}
    />
  );
}

export function CreditNotesTable({ invoice }: { invoice: InvoiceRecord }) {
  const { t, i18n } = useTranslation();
  const m = (minor: number) => formatMoney(minor, invoice.currency, i18n.language);
  if (!invoice.creditNotes.length) return <Text size="sm" c="dimmed">{t('finance.details.noCreditNotes')}</Text>;
  return (
    <Rows
      testId="invoice-credit-notes"
      minWidth={560}
      head={[t('finance.columns.number'), t('finance.details.reason'), t('finance.details.amount'), t('finance.details.tax'), t('finance.details.refunded')]}
      rows={invoice.creditNotes.map((c) => [
        <Stack key="n" gap={0}>
          <Text size="sm" ff="monospace" dir="ltr" style={nowrap} data-testid="credit-note-number">{c.displayNumber}</Text>
          <Text size="xs" c="dimmed" style={nowrap}>{formatDateTime(c.createdAt, i18n.language)}</Text>
        </Stack>,
        <Text key="r" size="sm" ta="start">{c.reason}</Text>,
        m(c.amount), m(c.taxAmount), m(c.refundedAmount),
      ])}
    />
  );
}
