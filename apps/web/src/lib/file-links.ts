import { FILE_LINK_TTL_SECONDS } from '@clinic/shared';

/*
 * Pictures, documents and the company logo arrive as signed links (`/api/files/...`) that work for
 * FILE_LINK_TTL_SECONDS (5 minutes) and only for the sign-in that fetched them. An <img> cannot send the
 * Authorization header, so the link itself is the permission, and a page must hold fresh ones: data carrying links
 * is refetched a minute before they lapse while its page is on screen, and (details pages) when the user comes back
 * to the tab, so a page left open never shows a dead picture or download.
 */

/** A minute before a link lapses (a link always has at least FILE_LINK_TTL_SECONDS left when it arrives). */
export const FILE_LINK_REFRESH_MS = (FILE_LINK_TTL_SECONDS - 60) * 1000;

export function holdsFileLinks(data: unknown): boolean {
  return data !== undefined && data !== null && JSON.stringify(data).includes('/api/files/');
}

interface QueryWithData {
  state: { data: unknown };
}

/** `refetchInterval` for data that may hold file links: refetch before they lapse, only while it holds any. */
export function refreshFileLinks(query: QueryWithData): number | false {
  return holdsFileLinks(query.state.data) ? FILE_LINK_REFRESH_MS : false;
}

/** `refetchOnWindowFocus` for a details page holding file links: a tab left in the background may hold dead ones. */
export function refreshFileLinksOnFocus(query: QueryWithData): boolean {
  return holdsFileLinks(query.state.data);
}
