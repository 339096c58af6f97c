import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAllergies } from '@/features/allergies';
import { problemTitle, useProblems } from '@/features/diagnoses';
import { usePatientMedications } from '@/features/medications';
import type { StructuredRecord } from './patient-details-cards';

/**
 * The clinical lists' active entries (the same queries as the lists themselves, so nothing is asked twice), for the
 * registration cards to point to them rather than contradict them. Only for readers of clinical records.
 */
function useStructuredRecord(patientId: string): StructuredRecord {
  const { t, i18n } = useTranslation();
  const allergies = useAllergies(patientId);
  const medications = usePatientMedications(patientId);
  const problems = useProblems(patientId);
  return {
    allergies: allergies.data
      ? allergies.data.allergies.filter((a) => a.status === 'active').map((a) => (a.severity ? `${a.substance} (${t(`allergies.severity.${a.severity}`)})` : a.substance))
      : null,
    medications: medications.data ? medications.data.data.filter((m) => m.status === 'active').length : null,
    problems: problems.data ? problems.data.filter((p) => p.status === 'active').map((p) => problemTitle(p, i18n.language, t)) : null,
  };
}

function WithRecord({ patientId, children }: { patientId: string; children: (record: StructuredRecord) => ReactNode }) {
  return children(useStructuredRecord(patientId));
}

/** Renders `children` with the structured record when the reader may see it, without it otherwise. */
export function StructuredRecordScope({ patientId, clinical, children }: { patientId: string; clinical: boolean; children: (record?: StructuredRecord) => ReactNode }) {
  return clinical ? <WithRecord patientId={patientId}>{children}</WithRecord> : children(undefined);
}
