import { useQuery } from '@tanstack/react-query';
import { Button, Divider, Loader, Text, Title } from '@mantine/core';
import { IconTicket } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { routes } from '@clinic/shared';
import { useQueue } from '@/features/waiting-room';
import { call } from '@/lib/api-client';
import { useSession } from '@/lib/session-context';
import { getSlipAppointment } from '../api/print-appointments';
import { PrintFrame, printClasses } from '../components/print-frame';
import { clinicDateTime, printedAt } from '../components/print-format';

/** The slip handed to a patient after booking: `/print/slip/:id`. */
export default function PrintSlipPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { id } = useParams();
  const { user, can } = useSession();
  const appointment = useQuery({
    queryKey: ['print', 'slip', id],
    queryFn: ({ signal }) => getSlipAppointment(id ?? '', signal),
  });
  const clinicId = appointment.data?.clinic._id;
  // The address comes from the clinic's record, for those who may read it.
  const clinic = useQuery({
    queryKey: ['print', 'clinic', clinicId],
    enabled: Boolean(clinicId) && can('clinic_read'),
    queryFn: ({ signal }) => call(routes.clinics.get, { params: { id: clinicId ?? '' } }, { signal, silent: true }).then((r) => r.data),
  });
  const a = appointment.data;
  // A checked-in patient's queue ticket (today's waiting room): its number, large, at the top of the slip.
  const queue = useQueue(clinicId ?? null, a?.status === 'arrived' || a?.status === 'in_consultation');
  const ticket = queue.data?.tickets.find((x) => x.appointment === a?._id) ?? null;
  const rows: Array<[string, string | null | undefined]> = a ? [
    [t('printouts.slip.number'), a.publicId],
    [t('printouts.slip.clinic'), a.clinic.name],
    [t('printouts.slip.address'), clinic.data?.address],
    [t('printouts.slip.doctor'), a.doctor.name],
    [t('printouts.slip.service'), a.service.name],
    [t('printouts.slip.when'), clinicDateTime(a.datetime, lang)],
    [t('printouts.slip.zone'), a.clinicTimeZone],
    [t('printouts.slip.patient'), a.patient.name],
    [t('printouts.slip.patientId'), a.patient.publicId],
    [t('printouts.slip.reason'), a.reason],
  ] : [];
  return (
    <PrintFrame
      testId="print-slip"
      actions={ticket && (
        <Button component={Link} to={`/print/ticket/${ticket._id}`} variant="default" leftSection={<IconTicket size={16} />} data-testid="print-slip-ticket">
          {t('printouts.slip.ticket80')}
        </Button>
      )}
    >
      {appointment.isPending ? <Loader size="sm" /> : !a ? <Text>{t('printouts.notFound')}</Text> : (
        <>
          <Title order={3}>{t('printouts.slip.title')}</Title>
          {ticket && (
            <div style={{ textAlign: 'center', margin: '4mm 0' }} data-testid="print-slip-ticket-number">
              <Text size="sm">{t('printouts.slip.queueNumber')}</Text>
              <div dir="ltr" style={{ fontSize: '40pt', fontWeight: 800, lineHeight: 1.1, letterSpacing: '0.04em' }}>{ticket.label}</div>
              {ticket.room && <Text fw={600}>{ticket.room}</Text>}
            </div>
          )}
          <Divider my="sm" />
          <table className={printClasses.table}>
            <tbody>
              {rows.filter(([, v]) => v).map(([label, value]) => (
                <tr key={label}><th style={{ width: '35%' }}>{label}</th><td>{value}</td></tr>
              ))}
            </tbody>
          </table>
          <Text mt="md">{t('printouts.slip.arrive')}</Text>
          <Text className={printClasses.meta} mt="md">{t('printouts.printedBy', { name: user?.userName ?? '', when: printedAt(lang) })}</Text>
        </>
      )}
    </PrintFrame>
  );
}
