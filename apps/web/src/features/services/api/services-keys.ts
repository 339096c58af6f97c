/**
 * The keys of this feature's queries. A key's parameters are the request its `queryOptions` factory sends (the
 * factory owns their type), so the keys import nothing from the requests.
 */
export const servicesKeys = {
  all: ['services'] as const,
  lists: () => ['services', 'list'] as const,
  list: (query: object) => ['services', 'list', query] as const,
  detail: (id: string) => ['services', 'detail', id] as const,
};
