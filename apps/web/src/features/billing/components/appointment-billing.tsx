import { Button } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AppointmentStatus } from '@clinic/shared';
import { useSession } from '@/lib/session-context';
import { appointmentInvoice, useAppointmentInvoiceSummary } from '../api/appointment-invoice';
import { TakePaymentButton } from './take-payment-button';

interface AppointmentBillingProps {
  appointment: { _id: string; status: AppointmentStatus; patient: { _id: string; name: string } };
}

/** On an appointment: "Create invoice" (a draft from the visit, to review), "Take payment", or "Paid" once it is. */
export function AppointmentBilling({ appointment }: AppointmentBillingProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { can } = useSession();
  const billable = can('billing_write') && appointment.status !== 'cancelled' && appointment.status !== 'no_show';
  const existing = useAppointmentInvoiceSummary(appointment, billable && can('billing_read'));
  const create = useMutation({
    mutationFn: () => appointmentInvoice(appointment, true),
    onSuccess: (invoice) => void navigate(`/billing/invoices/details/${invoice._id}`),
  });
  if (!billable) return null;
  const invoice = existing.data ? { _id: existing.data._id, status: existing.data.status } : null;
  return (
    <>
      {!invoice ? (
        <Button variant="light" size="compact-sm" leftSection={<IconFileInvoice size={14} />} loading={create.isPending} onClick={() => create.mutate()} data-testid="appointment-create-invoice">
          {t('finance.actions.invoiceAppointment')}
        </Button>
      ) : invoice.status !== 'paid' && (
        <Button component={Link} to={`/billing/invoices/details/${invoice._id}`} variant="light" size="compact-sm" leftSection={<IconFileInvoice size={14} />} data-testid="appointment-open-invoice">
          {t('finance.actions.openInvoice')}
        </Button>
      )}
      <TakePaymentButton appointment={{ ...appointment, invoice }} />
    </>
  );
}
