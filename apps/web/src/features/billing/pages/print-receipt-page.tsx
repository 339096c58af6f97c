import { Loader, Text } from '@mantine/core';
import { printedAt } from '@/features/printouts';
import { formatDateTime } from '@/lib/dates';
import { EInvoiceMark, eInvoiceTitle } from '../components/e-invoice-mark';
import { usePrintedInvoice } from '../components/print-header';
import { ReceiptFrame } from '../components/receipt-frame';
import classes from '../components/receipt.module.css';

/** The 80 mm till receipt of an invoice: seller, tax number, lines, VAT, total, shares, payments and the balance. */
export default function PrintReceiptPage() {
  const { t, lang, user, invoice, inv, seller, money: m } = usePrintedInvoice();
  const row = (label: string, value: number, strong = false, key = label) => (
    <tr key={key} className={strong ? classes.strong : undefined}><td>{label}</td><td>{m(value)}</td></tr>
  );
  return (
    <ReceiptFrame testId="print-receipt">
      {invoice.isPending ? <Loader size="sm" /> : !inv ? <Text>{t('printouts.notFound')}</Text> : (
        <>
          <div className={classes.center}>
            <div style={{ fontWeight: 700, fontSize: '1.15em' }}>{seller.company ?? seller.clinic}</div>
            <div>{seller.clinic}</div>
            {seller.address && <div>{seller.address}</div>}
            {seller.phone && <div><bdi dir="ltr">{seller.phone}</bdi></div>}
            {seller.taxNumber && <div>{t('finance.print.taxNumber')}: <span dir="ltr">{seller.taxNumber}</span></div>}
            <div style={{ fontWeight: 700, marginTop: '2mm' }} data-testid="receipt-title">{inv.eInvoice ? eInvoiceTitle(t, lang) : t('finance.print.receiptTitle')}</div>
            <div dir="ltr">{inv.displayNumber ?? t('finance.list.draftNumber')}</div>
            <div>{formatDateTime(inv.issuedAt ?? inv.createdAt, lang)}</div>
          </div>
          <hr className={classes.rule} />
          <div>{inv.patient.name}{inv.patient.publicId ? ` · ${inv.patient.publicId}` : ''}</div>
          <hr className={classes.rule} />
          <table className={classes.rows} data-testid="receipt-lines">
            <tbody>
              {inv.lines.map((l, i) => (
                <tr key={i}><td>{l.quantity > 1 ? `${l.quantity} × ${l.description}` : l.description}</td><td>{m(l.total)}</td></tr>
              ))}
            </tbody>
          </table>
          <hr className={classes.rule} />
          <table className={classes.rows} data-testid="receipt-totals">
            <tbody>
              {row(t('finance.columns.subtotal'), inv.subtotal - inv.discountTotal)}
              {row(t('finance.details.vatRate', { rate: inv.vatRateBasisPoints / 100 }), inv.taxTotal)}
              {row(t('finance.columns.total'), inv.total, true)}
              {inv.insurerShare > 0 && row(t('finance.columns.insurerShare'), inv.insurerShare)}
              {row(t('finance.columns.patientShare'), inv.patientShare)}
              {inv.creditedTotal > 0 && row(t('finance.columns.credited'), inv.creditedTotal)}
              {inv.payments.map((p) => row(`${t(`billing.method.${p.method}`)}${p.cashBox ? ` · ${p.cashBox.name}` : p.paymentMethod ? ` · ${p.paymentMethod}` : ''}`, p.amount, false, p._id))}
              {row(t('finance.columns.balanceDue'), inv.balanceDue, true)}
            </tbody>
          </table>
          <hr className={classes.rule} />
          {inv.eInvoice && <EInvoiceMark eInvoice={inv.eInvoice} size={120} compact />}
          <div className={classes.center}>{t('finance.print.thanks')}</div>
          <div className={classes.center} style={{ fontSize: '0.85em', marginTop: '1mm' }}>{t('printouts.printedBy', { name: user?.userName ?? '', when: printedAt(lang) })}</div>
        </>
      )}
    </ReceiptFrame>
  );
}
