import { Button } from '@mantine/core';
import { IconFileInvoice } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ApiList, ApiSuccess, AppointmentStatus, InvoiceRecord, InvoiceSummary } from '@clinic/shared';
import { http, isApiError } from '@/lib/http';
import { useSession } from '@/lib/session-context';
import { TakePaymentButton } from './take-payment-button';

interface AppointmentBillingProps {
  appointment: { _id: string; status: AppointmentStatus; patient: { _id: string; name: string } };
}

/** The draft made from the appointment, or the invoice it already has (409): its id. */
async function appointmentInvoice(a: AppointmentBillingProps['appointment']): Promise<string> {
  try {
    return (await http.post<ApiSuccess<InvoiceRecord>>(`/invoices/from-appointment/${encodeURIComponent(a._id)}`, {})).data._id;
  } catch (error) {
    if (!isApiError(error) || error.status !== 409) throw error;
    const list = await http.get<ApiList<InvoiceSummary>>('/invoices', { query: { patient: a.patient._id, limit: 30, sortBy: 'createdAt', order: 'desc' } });
    const found = list.data.find((i) => i.appointment === a._id);
    if (!found) throw error;
    return found._id;
  }
}

/** On an appointment: "Create invoice" (a draft from the visit, to review) and "Take payment". */
export function AppointmentBilling({ appointment }: AppointmentBillingProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { can } = useSession();
  const create = useMutation({ mutationFn: appointmentInvoice, onSuccess: (id) => void navigate(`/billing/invoices/details/${id}`) });
  if (!can('billing_write') || appointment.status === 'cancelled' || appointment.status === 'no_show') return null;
  return (
    <>
      <Button variant="light" size="compact-sm" leftSection={<IconFileInvoice size={14} />} loading={create.isPending} onClick={() => create.mutate(appointment)} data-testid="appointment-create-invoice">
        {t('finance.actions.invoiceAppointment')}
      </Button>
      <TakePaymentButton appointment={appointment} />
    </>
  );
}
