import { MutationCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './http';
import { lookupKeys, type LookupKind } from './lookups/keys';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** The lookups (option lists) the mutation changes: refreshed once it succeeds. */
      lookups?: readonly LookupKind[];
      /** False: the mutation shows its own progress instead of the app's overlay. */
      globalOverlay?: boolean;
      [key: string]: unknown;
    };
  }
}

const MAX_RETRIES = 3;

/** Client errors (4xx) will not change on a retry; network and server errors may. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < MAX_RETRIES;
}

/**
 * The mutation cache of the app's query clients: a mutation that succeeds refreshes the lookups it names in
 * `meta.lookups`, wherever they are shown.
 */
export function lookupRefreshingMutations(client: () => QueryClient): MutationCache {
  return new MutationCache({
    onSuccess: async (_data, _variables, _context, mutation) => {
      const kinds = mutation.meta?.lookups ?? [];
      await Promise.all(kinds.map((kind) => client().invalidateQueries({ queryKey: lookupKeys.kind(kind) })));
    },
  });
}

export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    mutationCache: lookupRefreshingMutations(() => client),
    defaultOptions: {
      queries: {
        retry: shouldRetry,
        staleTime: 120_000,
        gcTime: 5 * 60_000,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
  return client;
}

export const queryClient = createQueryClient();
