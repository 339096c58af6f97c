/** Query keys of the diagnoses feature. */
export const diagnosesKeys = {
  all: ['diagnoses'] as const,
  codes: () => [...diagnosesKeys.all, 'codes'] as const,
  search: (search: string, limit: number) => [...diagnosesKeys.codes(), 'search', search, limit] as const,
  summary: () => [...diagnosesKeys.codes(), 'summary'] as const,
  patient: (patientId: string) => [...diagnosesKeys.all, 'patient', patientId] as const,
  problems: (patientId: string) => [...diagnosesKeys.patient(patientId), 'problems'] as const,
  encounter: (patientId: string, encounterId: string) => [...diagnosesKeys.patient(patientId), 'encounter', encounterId] as const,
};
