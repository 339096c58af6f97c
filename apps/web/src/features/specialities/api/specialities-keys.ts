import type { SpecialitiesQuery } from './get-specialities';

export const specialitiesKeys = {
  all: ['specialities'] as const,
  lists: () => ['specialities', 'list'] as const,
  list: (query: SpecialitiesQuery) => ['specialities', 'list', query] as const,
  detail: (id: string) => ['specialities', 'detail', id] as const,
};
