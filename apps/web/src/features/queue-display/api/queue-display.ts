import { routes, STORAGE_KEYS } from '@clinic/shared';
import { call, pathOf } from '@/lib/api-client';
import { API_BASE } from '@/lib/http';

/** Public pages: no staff session is refreshed, and each page shows its own errors (no toasts). */
const PUBLIC = { silent: true, skipAuthRefresh: true } as const;

/** The header a paired display sends its token in. */
export const DISPLAY_TOKEN_HEADER = 'x-display-token';

export const queueDisplayKeys = {
  board: (token: string) => ['queue-display', 'board', token] as const,
  ticket: (token: string) => ['queue-display', 'ticket', token] as const,
};

/** The display's token, kept on the screen's browser once paired. */
export function storedDisplayToken(): string | null {
  return localStorage.getItem(STORAGE_KEYS.displayToken);
}

export function storeDisplayToken(token: string | null): void {
  if (token) localStorage.setItem(STORAGE_KEYS.displayToken, token);
  else localStorage.removeItem(STORAGE_KEYS.displayToken);
}

/** Pairs this screen with the one-time code an administrator made; answers the display's token. */
export async function pairDisplay(code: string) {
  return (await call(routes.waitingRoom.pairDisplay, { body: { code } }, PUBLIC)).data;
}

/** What the paired screen shows: the recent calls, the waiting numbers, the clinic. */
export async function getDisplayBoard(token: string, signal?: AbortSignal) {
  return (await call(routes.waitingRoom.displayBoard, {}, { ...PUBLIC, signal, background: true, headers: { [DISPLAY_TOKEN_HEADER]: token } })).data;
}

/** The patient's own ticket, by the token of the link they were sent. */
export async function getPublicTicket(token: string, signal?: AbortSignal) {
  return (await call(routes.waitingRoom.publicTicket, { query: { token } }, { ...PUBLIC, signal, background: true })).data;
}

/** The display's event stream (its token goes in the header). */
export const DISPLAY_LIVE_URL = `${API_BASE}${pathOf(routes.waitingRoom.displayLive)}`;

/** The patient page's event stream, authorised by the link's token. */
export function ticketLiveUrl(token: string): string {
  return `${API_BASE}${pathOf(routes.waitingRoom.publicTicketLive)}?${new URLSearchParams({ token }).toString()}`;
}
