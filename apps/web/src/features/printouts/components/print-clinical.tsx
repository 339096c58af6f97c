import { useQuery } from '@tanstack/react-query';
import { Loader, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RecordSummary } from '@clinic/shared';
import { directionsText } from '@/features/medications';
import { formatDate } from '@/lib/dates';
import { useSession } from '@/lib/session-context';
import { getRecordSummary } from '../api/print-record';
import { printClasses } from './print-frame';

function Block({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section style={{ marginTop: 14, breakInside: 'avoid' }}>
      <Title order={5} mb={4}>{title}</Title>
      {children}
    </section>
  );
}

function Allergies({ state }: { state: RecordSummary['allergies'] }) {
  const { t, i18n } = useTranslation();
  if (state.state === 'unknown') return <Text fw={600} data-testid="print-allergy-state">{t('printouts.clinical.allergiesUnknown')}</Text>;
  if (state.state === 'none') {
    const when = state.noKnownAllergies ? formatDate(state.noKnownAllergies.recordedAt, i18n.language) : '';
    return <Text data-testid="print-allergy-state">{when ? t('printouts.clinical.noKnownAllergiesOn', { date: when }) : t('printouts.clinical.noKnownAllergies')}</Text>;
  }
  const active = state.allergies.filter((a) => a.status === 'active');
  return (
    <ul style={{ margin: 0, paddingInlineStart: 18 }} data-testid="print-allergy-state">
      {active.map((a) => (
        <li key={a._id}>
          <strong>{a.substance}</strong>
          {[a.reaction, a.severity ? t(`allergies.severity.${a.severity}`) : null].filter(Boolean).map((x) => ` · ${x}`).join('')}
        </li>
      ))}
    </ul>
  );
}

/**
 * The clinical record on the printed summary: active problems, allergies (listed, no known allergies, or not
 * recorded) and current medications, for holders of clinical_read; anyone else's printout says they are left out.
 */
export function PrintClinical({ patientId }: { patientId: string }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const { can } = useSession();
  const allowed = can('clinical_read');
  const summary = useQuery({
    queryKey: ['print', 'record-summary', patientId],
    queryFn: ({ signal }) => getRecordSummary(patientId, signal),
    enabled: allowed,
    staleTime: 0,
  });
  if (!allowed) return <Text className={printClasses.meta} mt="md" data-testid="print-clinical-omitted">{t('printouts.clinical.omitted')}</Text>;
  if (summary.isPending) return <Loader size="sm" />;
  if (!summary.data) return <Text mt="md">{t('printouts.clinical.loadFailed')}</Text>;
  const { problems, allergies, medications } = summary.data;
  const none = <Text>{t('printouts.patient.none')}</Text>;
  return (
    <div data-testid="print-clinical">
      <Block title={t('printouts.clinical.allergies')}><Allergies state={allergies} /></Block>
      <Block title={t('printouts.clinical.problems')}>
        {problems.length ? (
          <ul style={{ margin: 0, paddingInlineStart: 18 }}>
            {problems.map((p) => (
              <li key={p._id}>
                {p.restricted ? <em>{t('printouts.clinical.restrictedProblem')}</em> : <><span dir="ltr">{p.code}</span> {lang === 'ar' ? p.titleAr : p.titleEn}</>}
                {p.onsetDate ? ` · ${t('printouts.clinical.since', { date: formatDate(p.onsetDate, lang) })}` : ''}
              </li>
            ))}
          </ul>
        ) : none}
      </Block>
      <Block title={t('printouts.clinical.medications')}>
        {medications.length ? (
          <table className={printClasses.table}>
            <tbody>
              {medications.map((m) => (
                <tr key={m._id}>
                  {m.restricted
                    ? <td colSpan={2}><em>{t('printouts.clinical.restrictedMedication')}</em></td>
                    : <><td><strong>{[m.name, m.strength].filter(Boolean).join(' ')}</strong></td><td>{directionsText(m, lang)}</td></>}
                  <td>{t('printouts.clinical.since', { date: formatDate(m.startDate, lang) })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : none}
      </Block>
    </div>
  );
}
