import { partialMatchKey, type Query, type QueryClient, type QueryKey } from '@tanstack/react-query';

export interface DeletedRecord {
  /** The deleted record's own queries (its details, and what hangs off it): never asked for again. */
  forget: readonly QueryKey[];
  /** Queries that listed or counted the record: refetched, leaving out the forgotten ones. */
  refresh?: readonly QueryKey[];
}

/**
 * After a delete: drops the record from the cache without asking the server for it again.
 *
 * The details page that deleted it is still on screen until the navigation away commits. Removing its query under it
 * would make it build a new one and fetch the deleted record (a 404 and a console error); refreshing a key above it
 * (`['organisation']`) would refetch it too. So fetches in flight stop, refreshes skip the record's queries, and each of
 * them is removed as soon as nothing shows it any more (at once when nothing does).
 */
export async function forgetDeletedRecord(client: QueryClient, { forget, refresh = [] }: DeletedRecord): Promise<void> {
  const cache = client.getQueryCache();
  const doomed = new Set<Query>(forget.flatMap((queryKey) => cache.findAll({ queryKey })));
  await Promise.all(forget.map((queryKey) => client.cancelQueries({ queryKey })));

  for (const query of doomed) {
    if (query.getObserversCount() === 0) {
      cache.remove(query);
      doomed.delete(query);
    }
  }
  if (doomed.size) {
    const stop = cache.subscribe((event) => {
      if (event.type !== 'observerRemoved' || !doomed.has(event.query) || event.query.getObserversCount() > 0) return;
      cache.remove(event.query);
      doomed.delete(event.query);
      if (!doomed.size) stop();
    });
  }
  const kept = (query: Query) => !forget.some((queryKey) => partialMatchKey(query.queryKey, queryKey));
  await Promise.all(refresh.map((queryKey) => client.invalidateQueries({ queryKey, predicate: kept })));
}
