/** Query keys of the medications feature: the catalogue under `['medications', 'catalogue']`, a patient's list under `['medications', 'patient', id]`. */
export const medicationsKeys = {
  all: ['medications'] as const,
  catalogue: () => ['medications', 'catalogue'] as const,
  search: (query: { search: string; page: number; limit: number; isActive?: boolean }) => ['medications', 'catalogue', query] as const,
  patient: (patientId: string) => ['medications', 'patient', patientId] as const,
};
