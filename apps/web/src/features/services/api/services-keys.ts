import type { ServicesQuery } from './get-services';

export const servicesKeys = {
  all: ['services'] as const,
  lists: () => ['services', 'list'] as const,
  list: (query: ServicesQuery) => ['services', 'list', query] as const,
  detail: (id: string) => ['services', 'detail', id] as const,
};
