import { Divider, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { printClasses, printedAt, PrintFrame } from '@/features/printouts';
import { DAY_MONTH_YEAR, formatDate, formatDateTime } from '@/lib/dates';
import { EInvoiceMark, eInvoiceTitle } from '../components/e-invoice-mark';
import { usePrintedInvoice } from '../components/print-header';

/** The A4 (or A5) tax invoice: seller and tax number, patient, lines with VAT, totals and shares, payments. */
export default function PrintInvoicePage() {
  const { t, lang, user, invoice, inv, seller, money: m } = usePrintedInvoice();
  const total = (label: string, value: number, strong = false) => (
    <tr key={label} style={strong ? { fontWeight: 700 } : undefined}><th>{label}</th><td style={{ textAlign: 'end' }}>{m(value)}</td></tr>
  );
  return (
    <PrintFrame testId="print-invoice">
      {invoice.isPending ? <Loader size="sm" /> : !inv ? <Text>{t('printouts.notFound')}</Text> : (
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
            <Stack gap={0}>
              <Title order={3}>{seller.company ?? seller.clinic}</Title>
              <Text size="sm">{seller.clinic}</Text>
              {seller.address && <Text size="sm">{seller.address}</Text>}
              {seller.phone && <Text size="sm"><bdi dir="ltr">{seller.phone}</bdi></Text>}
              {seller.taxNumber && <Text size="sm" fw={600}>{t('finance.print.taxNumber')}: <span dir="ltr">{seller.taxNumber}</span></Text>}
            </Stack>
            <Stack gap={0} align="flex-end">
              <Title order={3} data-testid="print-invoice-title">
                {!inv.displayNumber ? t('finance.print.draftTitle') : inv.eInvoice ? eInvoiceTitle(t, lang) : t('finance.print.invoiceTitle')}
              </Title>
              {inv.displayNumber && <Text size="sm">{t('finance.print.number')}: <span dir="ltr">{inv.displayNumber}</span></Text>}
              <Text size="sm">{t('finance.print.date')}: {formatDate(inv.issuedAt ?? inv.visitDate, lang, DAY_MONTH_YEAR)}</Text>
            </Stack>
          </Group>
          <Divider />
          <Text size="sm"><b>{t('finance.print.billTo')}:</b> {inv.patient.name}{inv.patient.publicId ? ` · ${inv.patient.publicId}` : ''}</Text>
          {inv.doctor && <Text size="sm"><b>{t('finance.details.doctor')}:</b> {inv.doctor.name}</Text>}
          {inv.insurer && <Text size="sm"><b>{t('finance.details.insurance')}:</b> {t('finance.details.coverage', { name: inv.insurer.name, percent: inv.insurer.coverageBasisPoints / 100 })}</Text>}
          <table className={printClasses.table} data-testid="print-invoice-lines">
            <thead>
              <tr>
                <th>{t('finance.details.description')}</th>
                <th style={{ textAlign: 'end' }}>{t('finance.details.quantity')}</th>
                <th style={{ textAlign: 'end' }}>{t('finance.details.unitPrice')}</th>
                <th style={{ textAlign: 'end' }}>{t('finance.details.discount')}</th>
                <th style={{ textAlign: 'end' }}>{t('finance.details.tax')}</th>
                <th style={{ textAlign: 'end' }}>{t('finance.details.lineTotal')}</th>
              </tr>
            </thead>
            <tbody>
              {inv.lines.map((l, i) => (
                <tr key={i}>
                  <td>{l.description}</td>
                  <td style={{ textAlign: 'end' }}>{l.quantity}</td>
                  <td style={{ textAlign: 'end' }}>{m(l.unitPrice)}</td>
                  <td style={{ textAlign: 'end' }}>{l.discount ? m(l.discount) : '—'}</td>
                  <td style={{ textAlign: 'end' }}>{m(l.tax)}</td>
                  <td style={{ textAlign: 'end' }}>{m(l.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <table className={printClasses.table} style={{ width: 'auto', minWidth: '55%', marginInlineStart: 'auto' }} data-testid="print-invoice-totals">
            <tbody>
              {total(t('finance.columns.subtotal'), inv.subtotal)}
              {inv.discountTotal > 0 && total(t('finance.columns.discount'), inv.discountTotal)}
              {total(t('finance.details.vatRate', { rate: inv.vatRateBasisPoints / 100 }), inv.taxTotal)}
              {total(t('finance.columns.total'), inv.total, true)}
              {inv.insurerShare > 0 && total(t('finance.columns.insurerShare'), inv.insurerShare)}
              {total(t('finance.columns.patientShare'), inv.patientShare)}
              {inv.creditedTotal > 0 && total(t('finance.columns.credited'), inv.creditedTotal)}
              {total(t('finance.columns.paid'), inv.paidTotal)}
              {total(t('finance.columns.balanceDue'), inv.balanceDue, true)}
            </tbody>
          </table>
          {inv.payments.length > 0 && (
            <Text size="sm">
              <b>{t('finance.print.paymentsReceived')}:</b>{' '}
              {inv.payments.map((p) => `${t(`billing.method.${p.method}`)} ${m(p.amount)} (${formatDateTime(p.createdAt, lang)})`).join(' · ')}
            </Text>
          )}
          {inv.note && <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>{inv.note}</Text>}
          {inv.eInvoice && <Group justify="flex-start"><EInvoiceMark eInvoice={inv.eInvoice} /></Group>}
          <Text className={printClasses.meta} mt="md">{t('printouts.printedBy', { name: user?.userName ?? '', when: printedAt(lang) })}</Text>
        </Stack>
      )}
    </PrintFrame>
  );
}
