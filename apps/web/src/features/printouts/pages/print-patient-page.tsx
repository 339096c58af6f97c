import { useQuery } from '@tanstack/react-query';
import { Loader, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { routes } from '@clinic/shared';
import { call } from '@/lib/api-client';
import { formatDate, formatDateTime, formatNumber } from '@/lib/dates';
import { useSession } from '@/lib/session-context';
import { PrintClinical } from '../components/print-clinical';
import { PrintFrame, printClasses } from '../components/print-frame';
import { printedAt } from '../components/print-format';

/** Visits the summary lists. */
const RECENT_VISITS = 10;

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section style={{ marginTop: 14, breakInside: 'avoid' }}>
      <Title order={5} mb={4}>{title}</Title>
      {children}
    </section>
  );
}

/**
 * A patient's summary for the paper file: `/print/patient/:id`. It reads the patient through the API's patient read,
 * which records the access in the audit log, and says who printed it and when. For holders of clinical_read it also
 * prints the clinical record's allergies, active problems and current medications (another audited read).
 */
export default function PrintPatientPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { id } = useParams();
  const { user } = useSession();
  const patient = useQuery({
    queryKey: ['print', 'patient', id],
    queryFn: ({ signal }) => call(routes.patients.get, { params: { id: id ?? '' } }, { signal }).then((r) => r.data),
    staleTime: 0,
  });
  const p = patient.data;
  const none = t('printouts.patient.none');
  const list = (items: string[]) => (items.length ? <ul style={{ margin: 0, paddingInlineStart: 18 }}>{items.map((x, i) => <li key={i}>{x}</li>)}</ul> : <Text>{none}</Text>);
  const text = (value: string | null | undefined) => <Text style={{ whiteSpace: 'pre-wrap' }}>{value?.trim() ? value : none}</Text>;

  return (
    <PrintFrame testId="print-patient">
      {patient.isPending ? <Loader size="sm" /> : !p ? <Text>{t('printouts.notFound')}</Text> : (
        <>
          <Title order={3}>{t('printouts.patient.title')}: {p.name}</Title>
          <Text className={printClasses.meta}>{t('printouts.patient.confidential')}</Text>
          <Section title={t('printouts.patient.demographics')}>
            <table className={printClasses.table}>
              <tbody>
                {([
                  ['publicId', p.publicId], ['identity', p.identity], ['dateOfBirth', formatDate(p.dateOfBirth, lang)], ['age', formatNumber(p.age, lang)],
                  ['gender', p.gender], ['nationality', p.nationality], ['bloodType', p.blood_type], ['phone', p.phone], ['email', p.email], ['address', p.address],
                ] as Array<[string, string | null]>).filter(([, v]) => v).map(([k, v]) => (
                  <tr key={k}><th style={{ width: '35%' }}>{t(`printouts.patient.${k}`)}</th><td>{v}</td></tr>
                ))}
              </tbody>
            </table>
          </Section>
          <PrintClinical patientId={p._id} />
          <Section title={t('printouts.patient.allergies')}>{list(p.allergies)}</Section>
          <Section title={t('printouts.patient.chronicDiseases')}>{list(p.ChronicDiseases.map((c) => c.disease_name))}</Section>
          <Section title={t('printouts.patient.medications')}>{text(p.Current_Medications)}</Section>
          <Section title={t('printouts.patient.surgicalHistory')}>{text(p.Surgical_History)}</Section>
          <Section title={t('printouts.patient.familyHistory')}>{list(p.familyMedicalHistory)}</Section>
          <Section title={t('printouts.patient.recentVisits')}>
            {p.treatment.history.length ? (
              <table className={printClasses.table}>
                <tbody>
                  {p.treatment.history.slice(0, RECENT_VISITS).map((v) => (
                    <tr key={v._id}>
                      <td>{formatDateTime(v.datetime, lang)}</td>
                      <td>{v.doctor.name}</td>
                      <td>{v.service.name}</td>
                      <td>{t(`dashboard.status.${v.status}`)}</td>
                      <td>{v.visitNote ?? v.reason}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : <Text>{none}</Text>}
          </Section>
          <Section title={t('printouts.patient.notes')}>
            {p.notes.length ? list(p.notes.slice(0, RECENT_VISITS).map((n) => `${formatDate(n.createdAt, lang)}: ${n.body}`)) : <Text>{none}</Text>}
          </Section>
          <Text className={printClasses.meta} mt="lg" data-testid="printed-by">{t('printouts.printedBy', { name: user?.userName ?? '', when: printedAt(lang) })}</Text>
        </>
      )}
    </PrintFrame>
  );
}
