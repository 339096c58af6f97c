import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { IconCash, IconEdit, IconFileCheck, IconPrinter, IconReceipt, IconReceiptRefund, IconTrash, IconArrowBackUp } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { InvoiceRecord } from '@clinic/shared';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useSession } from '@/lib/session-context';
import { useDeleteInvoice, useIssueInvoice } from '../api/save-invoice';
import { creditable, CreditNoteDialog } from './credit-note-dialog';
import { PaymentDialog, refundable } from './payment-dialog';
import { XmlButton } from './xml-button';

type Dialog = 'issue' | 'delete' | 'pay' | 'credit' | 'refund' | null;

/** What the invoice's state and the user's permissions allow: edit, delete, issue, pay, credit, refund, print. */
export function InvoiceActions({ invoice }: { invoice: InvoiceRecord }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { can } = useSession();
  const [params, setParams] = useSearchParams();
  const [dialog, setDialog] = useState<Dialog>(() => (params.get('pay') === '1' && invoice.balanceDue > 0 ? 'pay' : null));
  const issue = useIssueInvoice();
  const remove = useDeleteInvoice();
  const draft = invoice.status === 'draft';
  const write = can('billing_write');
  const refunds = can('billing_refund');
  const canRefund = invoice.creditNotes.some((c) => refundable(invoice, c._id) > 0);
  const close = () => {
    setDialog(null);
    if (params.has('pay')) setParams((p) => { p.delete('pay'); return p; }, { replace: true });
  };

  return (
    <Group gap="sm" data-testid="invoice-actions">
      {draft && write && (
        <>
          <Button component={Link} to={`/billing/invoices/edit/${invoice._id}`} variant="light" leftSection={<IconEdit size={16} />} data-testid="invoice-edit">{t('finance.actions.edit')}</Button>
          <Button color="red" variant="subtle" leftSection={<IconTrash size={16} />} onClick={() => setDialog('delete')} data-testid="invoice-delete">{t('finance.actions.delete')}</Button>
          <Button leftSection={<IconFileCheck size={16} />} onClick={() => setDialog('issue')} data-testid="invoice-issue">{t('finance.actions.issue')}</Button>
        </>
      )}
      {!draft && write && invoice.balanceDue > 0 && (
        <Button color="teal" leftSection={<IconCash size={16} />} onClick={() => setDialog('pay')} data-testid="invoice-pay">{t('finance.actions.pay')}</Button>
      )}
      {!draft && refunds && creditable(invoice) > 0 && (
        <Button variant="light" color="grape" leftSection={<IconReceiptRefund size={16} />} onClick={() => setDialog('credit')} data-testid="invoice-credit">{t('finance.actions.creditNote')}</Button>
      )}
      {!draft && refunds && canRefund && (
        <Button variant="light" color="orange" leftSection={<IconArrowBackUp size={16} />} onClick={() => setDialog('refund')} data-testid="invoice-refund">{t('finance.actions.refund')}</Button>
      )}
      <Button component={Link} to={`/print/invoice/${invoice._id}`} variant="default" leftSection={<IconPrinter size={16} />} data-testid="invoice-print">{t('finance.actions.printA4')}</Button>
      {!draft && (
        <Button component={Link} to={`/print/receipt/${invoice._id}`} variant="default" leftSection={<IconReceipt size={16} />} data-testid="invoice-print-receipt">{t('finance.actions.printReceipt')}</Button>
      )}
      {invoice.eInvoice && <XmlButton invoice={invoice} />}
      <ConfirmDialog
        opened={dialog === 'issue'}
        title={t('finance.issue.title')}
        text={t('finance.issue.text')}
        confirmLabel={t('finance.issue.confirm')}
        loading={issue.isPending}
        onCancel={close}
        onConfirm={() => issue.mutate({ id: invoice._id, version: invoice.version }, { onSettled: close })}
      />
      <ConfirmDialog
        opened={dialog === 'delete'}
        title={t('finance.delete.title')}
        text={t('finance.delete.text')}
        confirmLabel={t('finance.delete.confirm')}
        confirmColor="red"
        loading={remove.isPending}
        onCancel={close}
        onConfirm={() => remove.mutate({ id: invoice._id, version: invoice.version }, { onSuccess: () => void navigate('/billing/invoices'), onSettled: close })}
      />
      {dialog === 'pay' && <PaymentDialog invoice={invoice} opened onClose={close} />}
      {dialog === 'refund' && <PaymentDialog invoice={invoice} opened mode="refund" onClose={close} />}
      {dialog === 'credit' && <CreditNoteDialog invoice={invoice} opened onClose={close} />}
    </Group>
  );
}
