import { backgroundHeaders, userIsActive } from './activity';
import { DEVICE_HEADER, deviceMark } from './device-mark';
import { currentLanguage } from './i18n';

/** The wire: URLs, headers and bodies of the API's requests, and reading its answers. */

export const API_BASE = '/api';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: Method;
  /** A plain object is sent as JSON; FormData is sent as multipart. */
  body?: unknown;
  /** Query parameters; null, undefined and '' are left out. */
  query?: Record<string, QueryValue>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** No toasts at all (the caller shows errors itself, for example field errors of a form). */
  silent?: boolean;
  /** Set to false to keep errors but drop the success toast of a write. */
  successToast?: boolean;
  /** Do not refresh the session and retry on 401 (sign-in, refresh itself). */
  skipAuthRefresh?: boolean;
  /**
   * The app's own request (a poll, the bell's refresh): it does not keep the session alive. A request made while the
   * user has been away a minute or more is one whatever this says.
   */
  background?: boolean;
  /** Do not ask for a step-up on 403 STEP_UP_REQUIRED (the retry after one, the step-up itself). */
  skipStepUp?: boolean;
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = `${API_BASE}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === null || value === undefined || value === '') continue;
    params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${url}?${text}` : url;
}

export function send(path: string, options: RequestOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': currentLanguage(),
    ...(options.background || !userIsActive() ? backgroundHeaders : {}),
    ...options.headers,
  };
  const mark = deviceMark();
  if (mark) headers[DEVICE_HEADER] = mark;
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  return fetch(buildUrl(path, options.query), {
    method: options.method ?? 'GET',
    headers,
    body,
    signal: options.signal,
  });
}

export async function parseBody(response: Response): Promise<unknown> {
  if (response.status === 204) return { success: true };
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

export function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
