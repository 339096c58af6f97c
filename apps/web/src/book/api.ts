import type { OnlineBookingInput, onlineBookingRoutes, ReplyOut, RouteSpec } from '@clinic/shared';

/**
 * The public booking API, typed from the route contract (`onlineBookingRoutes`). Only the contract's types are
 * imported: its schemas (zod) would outweigh the whole page. The paths are checked against the contract's at compile
 * time.
 */
type Routes = typeof onlineBookingRoutes;
export type Reply<K extends keyof Routes> = ReplyOut<Routes[K]> extends { data: infer D } ? D : never;
export type Site = Reply<'site'>;
export type SiteClinic = Site['clinics'][number];
export type Times = Reply<'times'>;
export type Booked = Reply<'book'>;
export type CodeSent = Reply<'sendCode'>;

export const PATHS: { [K in keyof Routes]: Routes[K]['path'] } = {
  site: '/api/public/book/:slug',
  days: '/api/public/book/:slug/days',
  times: '/api/public/book/:slug/times',
  sendCode: '/api/public/book/:slug/code',
  book: '/api/public/book/:slug/appointments',
  visitDays: '/api/public/visit/days',
  visitTimes: '/api/public/visit/times',
  rescheduleVisit: '/api/public/visit/reschedule',
  visitIcs: '/api/public/visit/ics',
};

/** A refusal of the API: its translated message, the field errors, its code and HTTP status (0: no answer). */
export class Refusal extends Error {
  constructor(readonly status: number, readonly code: string, message: string, readonly fields: Record<string, string> = {}) {
    super(message);
  }
}

type Query = Record<string, string | undefined>;

async function send<T>(spec: Pick<RouteSpec, 'path'>, slug: string, lang: string, init: { query?: Query; body?: unknown; signal?: AbortSignal }): Promise<T> {
  const params = new URLSearchParams(Object.entries(init.query ?? {}).filter((e): e is [string, string] => Boolean(e[1])));
  const url = spec.path.replace(':slug', encodeURIComponent(slug)) + (params.size ? `?${params}` : '');
  let res: Response;
  try {
    res = await fetch(url, {
      method: init.body === undefined ? 'GET' : 'POST',
      headers: { accept: 'application/json', 'accept-language': lang, ...(init.body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new Refusal(0, 'NETWORK_ERROR', '');
  }
  const json = (await res.json().catch(() => null)) as { data?: T; message?: { message?: string; code?: string; fields?: Record<string, string> } | string } | null;
  if (res.ok && json) return json.data as T;
  const detail = typeof json?.message === 'object' ? json.message : { message: json?.message };
  throw new Refusal(res.status, detail.code ?? 'ERROR', detail.message ?? '', detail.fields ?? {});
}

/** The public page's calls, for one booking address and the page's language. */
export function bookingApi(slug: string, lang: string) {
  return {
    site: (signal?: AbortSignal) => send<Site>({ path: PATHS.site }, slug, lang, { signal }),
    days: (query: { clinic: string; service: string; doctor?: string; from: string; to: string }, signal?: AbortSignal) =>
      send<Reply<'days'>>({ path: PATHS.days }, slug, lang, { query, signal }),
    times: (query: { clinic: string; service: string; doctor?: string; date: string }, signal?: AbortSignal) =>
      send<Times>({ path: PATHS.times }, slug, lang, { query, signal }),
    sendCode: (body: { phone: string; language: string; whatsapp: boolean }) => send<CodeSent>({ path: PATHS.sendCode }, slug, lang, { body }),
    book: (body: OnlineBookingInput) => send<Booked>({ path: PATHS.book }, slug, lang, { body }),
  };
}
export type BookingApi = ReturnType<typeof bookingApi>;
