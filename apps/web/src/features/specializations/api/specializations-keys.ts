/**
 * The keys of this feature's queries. A key's parameters are the request its `queryOptions` factory sends (the
 * factory owns their type), so the keys import nothing from the requests.
 */
export const specializationsKeys = {
  all: ['specializations'] as const,
  lists: () => ['specializations', 'list'] as const,
  list: (query: object) => ['specializations', 'list', query] as const,
  detail: (id: string) => ['specializations', 'detail', id] as const,
};
