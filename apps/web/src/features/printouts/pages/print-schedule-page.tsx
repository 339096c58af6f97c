import { useQuery } from '@tanstack/react-query';
import { Loader, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { formatDay } from '@/lib/dates';
import { getScheduleDay } from '../api/print-appointments';
import { PrintFrame, printClasses } from '../components/print-frame';
import { clinicTime, printedAt } from '../components/print-format';
import { useSession } from '@/lib/session-context';

/** The day's schedule of a clinic, or of one doctor: `/print/schedule?clinic=&doctor=&date=` (date: clinic-local, default today). */
export default function PrintSchedulePage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { user } = useSession();
  const [params] = useSearchParams();
  const clinic = params.get('clinic');
  const doctor = params.get('doctor');
  const date = params.get('date') ?? new Date().toISOString().slice(0, 10);
  const day = useQuery({
    queryKey: ['print', 'schedule', clinic, doctor, date],
    queryFn: ({ signal }) => getScheduleDay(clinic, doctor, date, signal),
  });
  const rows = day.data ?? [];
  const first = rows[0];
  return (
    <PrintFrame testId="print-schedule">
      <Title order={3}>{t('printouts.schedule.title', { date: formatDay(date, lang, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }) })}</Title>
      {first && <Text>{t('printouts.schedule.clinic', { name: first.clinic.name })}</Text>}
      <Text>{doctor && first ? t('printouts.schedule.doctor', { name: first.doctor.name }) : t('printouts.schedule.allDoctors')}</Text>
      {first && <Text className={printClasses.meta}>{t('printouts.schedule.timeZone', { zone: first.clinicTimeZone })} · {t('printouts.schedule.count', { count: rows.length })}</Text>}
      {day.isPending ? <Loader size="sm" /> : rows.length === 0 ? <Text mt="md">{t('printouts.schedule.empty')}</Text> : (
        <table className={printClasses.table} style={{ marginTop: 12 }}>
          <thead>
            <tr>
              <th>{t('printouts.schedule.time')}</th>
              <th>{t('printouts.schedule.patient')}</th>
              {!doctor && <th>{t('printouts.schedule.doctorColumn')}</th>}
              <th>{t('printouts.schedule.service')}</th>
              <th>{t('printouts.schedule.status')}</th>
              <th>{t('printouts.schedule.notes')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((a) => (
              <tr key={a._id}>
                <td>{clinicTime(a.datetime, lang)}–{clinicTime(a.endsAt, lang)}</td>
                <td>
                  {a.patient.name}
                  {a.patient.publicId ? <div className={printClasses.meta}>{a.patient.publicId}</div> : null}
                  {a.patientPhone ? <div className={printClasses.meta} dir="ltr" data-testid="print-schedule-phone">{a.patientPhone}</div> : null}
                </td>
                {!doctor && <td>{a.doctor.name}</td>}
                <td>{a.service.name}</td>
                <td>{t(`dashboard.status.${a.status}`)}</td>
                <td>{a.reason}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Text className={printClasses.meta} mt="md">{t('printouts.printedBy', { name: user?.userName ?? '', when: printedAt(lang) })}</Text>
    </PrintFrame>
  );
}
