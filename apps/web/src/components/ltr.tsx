import type { ReactNode } from 'react';

/**
 * A value that reads left to right inside any sentence (phone numbers, e-mail addresses, ids, Latin names in Arabic
 * text): isolated, so it neither reorders its neighbours nor is reordered by them.
 */
export function Ltr({ children }: { children: ReactNode }) {
  return <bdi dir="ltr">{children}</bdi>;
}
