/**
 * The keys of this feature's queries. A key's parameters are the request its `queryOptions` factory sends (the
 * factory owns their type), so the keys import nothing from the requests.
 */
export const specialitiesKeys = {
  all: ['specialities'] as const,
  lists: () => ['specialities', 'list'] as const,
  list: (query: object) => ['specialities', 'list', query] as const,
  detail: (id: string) => ['specialities', 'detail', id] as const,
};
