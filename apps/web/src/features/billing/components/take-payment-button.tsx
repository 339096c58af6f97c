import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconCash, IconCircleCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AppointmentStatus, InvoiceRecord, InvoiceStatus } from '@clinic/shared';
import { appointmentsKeys } from '@/features/appointments';
import { useSession } from '@/lib/session-context';
import { useAppointmentInvoice, type BillableAppointment } from '../api/appointment-invoice';
import { DraftReviewDialog } from './draft-review-dialog';
import { PaymentDialog } from './payment-dialog';

interface TakePaymentButtonProps {
  appointment: BillableAppointment & {
    status: AppointmentStatus;
    patient: { _id: string; name: string };
    /** The visit's invoice when known (the board's cards carry it). */
    invoice?: { _id: string; status: InvoiceStatus } | null;
  };
  /** `board`: a small button on the front desk's card. */
  variant?: 'details' | 'board';
}

const BILLABLE: readonly AppointmentStatus[] = ['arrived', 'in_consultation', 'completed'];

/**
 * "Take payment" for a visit: finds or makes the appointment's invoice; a draft is shown first (lines and discounts
 * editable) and issued only on confirmation, then the payment opens. A paid visit shows "Paid", which opens its
 * invoice. For users who may write invoices.
 */
export function TakePaymentButton({ appointment, variant = 'details' }: TakePaymentButtonProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { can } = useSession();
  const prepare = useAppointmentInvoice();
  const [draft, setDraft] = useState<InvoiceRecord | null>(null);
  const [invoice, setInvoice] = useState<InvoiceRecord | null>(null);
  if (!can('billing_write') || !can('billing_read') || !BILLABLE.includes(appointment.status)) return null;
  const board = variant === 'board';
  const size = board ? 'compact-xs' : 'compact-sm';
  const open = (id: string) => `/billing/invoices/details/${id}`;

  if (appointment.invoice?.status === 'paid') {
    return (
      <Button component={Link} to={open(appointment.invoice._id)} size={size} variant="light" color="green" leftSection={<IconCircleCheck size={board ? 12 : 14} />}
        aria-label={t('finance.actions.paidFor', { name: appointment.patient.name })} data-testid="appointment-paid">
        {t('finance.actions.paid')}
      </Button>
    );
  }

  const start = () =>
    prepare.mutate(appointment, {
      onSuccess: (ready) => {
        if (ready.status === 'draft') setDraft(ready);
        else if (ready.balanceDue > 0) setInvoice(ready);
        else void navigate(open(ready._id));
      },
    });

  return (
    <>
      <Button
        size={size}
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
      {draft && (
        <DraftReviewDialog
          draft={draft}
          onClose={() => setDraft(null)}
          onIssued={(issued) => {
            setDraft(null);
            if (issued.balanceDue > 0) setInvoice(issued);
            else void navigate(open(issued._id));
          }}
        />
      )}
      {invoice && (
        <PaymentDialog
          invoice={invoice}
          opened
          onClose={() => setInvoice(null)}
          onDone={(paid) => {
            // The board shows the visit as paid; elsewhere the paid invoice opens, with its receipt.
            void queryClient.invalidateQueries({ queryKey: [...appointmentsKeys.all, 'board'] });
            if (!board) void navigate(open(paid._id));
          }}
        />
      )}
    </>
  );
}
