/** Query keys of the patients feature: every patient query lives under `['patients']`. */
export const patientsKeys = {
  all: ['patients'] as const,
  lists: () => ['patients', 'list'] as const,
  details: () => ['patients', 'details'] as const,
  detail: (id: string) => ['patients', 'details', id] as const,
};
