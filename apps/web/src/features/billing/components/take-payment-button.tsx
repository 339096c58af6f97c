import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconCash } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AppointmentStatus, InvoiceRecord } from '@clinic/shared';
import { useSession } from '@/lib/session-context';
import { useInvoiceForPayment, type BillableAppointment } from '../api/appointment-invoice';
import { PaymentDialog } from './payment-dialog';

interface TakePaymentButtonProps {
  appointment: BillableAppointment & { status: AppointmentStatus; patient: { _id: string; name: string } };
  /** `board`: a small button on the front desk's card. */
  variant?: 'details' | 'board';
}

const BILLABLE: readonly AppointmentStatus[] = ['arrived', 'in_consultation', 'completed'];

/**
 * "Take payment" for a visit: finds or makes the appointment's invoice, issues it, then opens the payment; an
 * invoice with nothing left to pay opens on its own page instead. For users who may write invoices.
 */
export function TakePaymentButton({ appointment, variant = 'details' }: TakePaymentButtonProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { can } = useSession();
  const prepare = useInvoiceForPayment();
  const [invoice, setInvoice] = useState<InvoiceRecord | null>(null);
  if (!can('billing_write') || !can('billing_read') || !BILLABLE.includes(appointment.status)) return null;
  const board = variant === 'board';

  const start = () =>
    prepare.mutate(appointment, {
      onSuccess: (ready) => (ready.balanceDue > 0 ? setInvoice(ready) : void navigate(`/billing/invoices/details/${ready._id}`)),
    });

  return (
    <>
      <Button
        size={board ? 'compact-xs' : 'compact-sm'}
        variant="light"
        color="teal"
        leftSection={<IconCash size={board ? 12 : 14} />}
        loading={prepare.isPending}
        onClick={start}
        aria-label={t('finance.actions.takePaymentFor', { name: appointment.patient.name })}
        data-testid="appointment-take-payment"
      >
        {t('finance.actions.pay')}
      </Button>
      {invoice && (
        <PaymentDialog
          invoice={invoice}
          opened
          onClose={() => setInvoice(null)}
          // On the board the desk stays on its day; elsewhere the paid invoice opens, with its receipt.
          onDone={(paid) => (board ? undefined : void navigate(`/billing/invoices/details/${paid._id}`))}
        />
      )}
    </>
  );
}
