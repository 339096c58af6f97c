/** The keys of this feature's queries. */
export const encounterKeys = {
  all: ['encounters'] as const,
  detail: (id: string) => ['encounters', 'detail', id] as const,
  lists: () => ['encounters', 'list'] as const,
  list: (query: object) => ['encounters', 'list', query] as const,
  templates: () => ['note-templates'] as const,
};
