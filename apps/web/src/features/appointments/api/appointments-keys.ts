/**
 * The keys of this feature's queries. A key's parameters are the request its `queryOptions` factory sends (the
 * factory owns their type), so the keys import nothing from the requests.
 */
export const appointmentsKeys = {
  all: ['appointments'] as const,
  lists: () => ['appointments', 'list'] as const,
  list: (query: object) => ['appointments', 'list', query] as const,
  range: (query: object) => ['appointments', 'range', query] as const,
  detail: (id: string) => ['appointments', 'detail', id] as const,
  board: (clinic: string, date: string | null) => ['appointments', 'board', clinic, date] as const,
  nextFree: (query: object) => ['appointments', 'next-free', query] as const,
  availability: (clinic: string, from: string, to: string, doctor: string | null) => ['appointments', 'availability', clinic, from, to, doctor] as const,
};
