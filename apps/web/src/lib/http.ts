import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { notifications } from '@mantine/notifications';
import { TOAST_MS } from '@clinic/shared';
import { currentLanguage, i18n } from './i18n';
import { navigateTo } from './navigation';
import { notifyError, notifySuccess } from './notify';
import { clearSession, getAccessToken, getRefreshToken, storeTokens } from './session';

export const API_BASE = '/api';
/** After a failed refresh the user reads the message for this long before going to the sign-in page. */
export const SESSION_END_REDIRECT_MS = 4000;

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
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
}

/** A failed request: `status` 0 means no response arrived. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string> | undefined;
  /** True when `message` is the server's own (translated) text rather than a generic fallback. */
  readonly fromServer: boolean;

  constructor(status: number, code: string, message: string, fields?: Record<string, string>, fromServer = false) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.fields = fields;
    this.fromServer = fromServer;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

interface ErrorDetail {
  message?: string;
  code?: string;
  fields?: Record<string, string>;
}

/** Reads `{ message: { message, code, fields } }` and the older `{ message: "text" }` shape. */
function errorDetail(body: unknown): ErrorDetail {
  if (!body || typeof body !== 'object') return {};
  const message = (body as { message?: unknown }).message;
  if (typeof message === 'string') return { message };
  if (message && typeof message === 'object') {
    const m = message as Record<string, unknown>;
    const fields =
      m.fields && typeof m.fields === 'object'
        ? Object.fromEntries(
            Object.entries(m.fields as Record<string, unknown>).filter(
              (entry): entry is [string, string] => typeof entry[1] === 'string',
            ),
          )
        : undefined;
    return {
      message: typeof m.message === 'string' ? m.message : undefined,
      code: typeof m.code === 'string' ? m.code : undefined,
      fields,
    };
  }
  return {};
}

function successMessage(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const message = (body as { message?: unknown }).message;
  return typeof message === 'string' && message.trim() ? message : undefined;
}

/** A toast's id is its text, so the same error from retries or parallel requests is shown once. */
function toastError(message: string) {
  notifyError(message, undefined, `error:${message}`);
}

function showErrorToast(status: number, detail: ErrorDetail) {
  const t = i18n.t.bind(i18n);
  if (status === 0) return toastError(t('errors.network'));
  if (status === 403) return toastError(detail.message ?? t('errors.forbidden'));
  if (status === 405) {
    const texts = [detail.message, ...Object.values(detail.fields ?? {})].filter((m): m is string => Boolean(m));
    (texts.length ? texts : [t('errors.generic')]).forEach(toastError);
    return;
  }
  toastError(detail.message ?? t('errors.generic'));
}

function showSuccessToast(method: Method, body: unknown) {
  const t = i18n.t.bind(i18n);
  const message = successMessage(body);
  switch (method) {
    case 'POST':
      return notifySuccess(message ?? t('success.done'));
    case 'PUT':
      return notifySuccess(t('common.toast.updatedWith', { message: message ?? t('success.updated') }));
    case 'PATCH':
      return notifySuccess(message ?? t('success.done'));
    case 'DELETE':
      return notifySuccess(t('common.toast.deletedSuccess'));
    default:
      return undefined;
  }
}

let sessionEnding = false;

/** Shows the session-expired message, clears the session and goes to the sign-in page a moment later. */
export function endSession(): void {
  if (sessionEnding) return;
  sessionEnding = true;
  notifications.show({
    id: 'session-expired',
    title: i18n.t('common.session.expiredTitle'),
    message: i18n.t('common.session.expiredMessage'),
    color: 'orange',
    position: 'bottom-right',
    autoClose: TOAST_MS,
  });
  clearSession();
  setTimeout(() => {
    sessionEnding = false;
    navigateTo('/login', { replace: true });
  }, SESSION_END_REDIRECT_MS);
}

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
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

function send(path: string, options: RequestOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': currentLanguage(),
    ...options.headers,
  };
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

async function parseBody(response: Response): Promise<unknown> {
  if (response.status === 204) return { success: true };
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

type RefreshOutcome = { ok: true; token: string } | { ok: false; reason: 'expired' | 'network' };
let refreshInFlight: Promise<RefreshOutcome> | null = null;

async function refreshTokens(): Promise<RefreshOutcome> {
  const refreshToken = getRefreshToken();
  if (!refreshToken) return { ok: false, reason: 'expired' };
  let response: Response;
  try {
    response = await fetch(buildUrl('/auth/refresh-token'), {
      method: 'POST',
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        'Accept-Language': currentLanguage(),
      },
      body: JSON.stringify({ refreshToken }),
    });
  } catch {
    return { ok: false, reason: 'network' };
  }
  if (!response.ok) return { ok: false, reason: 'expired' };
  const body = (await parseBody(response)) as { data?: { accessToken?: string; refreshToken?: string } } | undefined;
  const accessToken = body?.data?.accessToken;
  if (!accessToken) return { ok: false, reason: 'expired' };
  storeTokens(accessToken, body.data?.refreshToken ?? refreshToken);
  return { ok: true, token: accessToken };
}

/** One refresh at a time: concurrent 401s wait for the same refresh. */
function refreshOnce(): Promise<RefreshOutcome> {
  refreshInFlight ??= refreshTokens().then((outcome) => {
    if (!outcome.ok && outcome.reason === 'expired') endSession();
    return outcome;
  }).finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

async function sendOrFail(path: string, options: RequestOptions, token: string | null): Promise<Response> {
  try {
    return await send(path, options, token);
  } catch (error) {
    if (isAbort(error)) throw error;
    if (!options.silent) showErrorToast(0, {});
    throw new ApiError(0, 'NETWORK_ERROR', i18n.t('errors.network'));
  }
}

/**
 * Sends a request to the API and returns the parsed body (the envelope).
 * Adds the bearer token and Accept-Language, refreshes the session once on 401, and shows the toasts of
 * the error catalogue unless `silent`.
 */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const usedToken = getAccessToken();
  let response = await sendOrFail(path, options, usedToken);

  if (response.status === 401 && !options.skipAuthRefresh) {
    // Nobody is signed in (for example a request still running after sign-out): no session to end.
    if (!usedToken && !getRefreshToken()) {
      throw new ApiError(401, 'UNAUTHENTICATED', i18n.t('errors.unauthorized'));
    }
    const current = getAccessToken();
    // Another request already renewed the token while this one was in flight: just retry with it.
    const outcome: RefreshOutcome =
      current && current !== usedToken ? { ok: true, token: current } : await refreshOnce();
    if (!outcome.ok) {
      if (outcome.reason === 'network' && !options.silent) showErrorToast(0, {});
      throw outcome.reason === 'network'
        ? new ApiError(0, 'NETWORK_ERROR', i18n.t('errors.network'))
        : new ApiError(401, 'SESSION_EXPIRED', i18n.t('common.session.expiredTitle'));
    }
    response = await sendOrFail(path, options, outcome.token);
    if (response.status === 401) {
      endSession();
      throw new ApiError(401, 'SESSION_EXPIRED', i18n.t('common.session.expiredTitle'));
    }
  }

  const body = await parseBody(response);
  if (!response.ok) {
    const detail = errorDetail(body);
    if (!options.silent) showErrorToast(response.status, detail);
    throw new ApiError(
      response.status,
      detail.code ?? `HTTP_${response.status}`,
      detail.message ?? i18n.t('errors.generic'),
      detail.fields,
      Boolean(detail.message),
    );
  }
  if (body === undefined || typeof body !== 'object') {
    if (!options.silent) toastError(i18n.t('errors.unexpected'));
    throw new ApiError(response.status, 'UNEXPECTED_RESPONSE', i18n.t('errors.unexpected'));
  }
  if (!options.silent && options.successToast !== false) showSuccessToast(method, body);
  return body as T;
}

/**
 * A file from the API (a CSV export): the same token, session refresh and error toasts as `request`, the body as a
 * Blob rather than parsed.
 */
export async function requestFile(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}): Promise<Blob> {
  const usedToken = getAccessToken();
  let response = await sendOrFail(path, options, usedToken);
  if (response.status === 401 && !options.skipAuthRefresh && (usedToken || getRefreshToken())) {
    const current = getAccessToken();
    const outcome: RefreshOutcome = current && current !== usedToken ? { ok: true, token: current } : await refreshOnce();
    if (!outcome.ok) throw new ApiError(401, 'SESSION_EXPIRED', i18n.t('common.session.expiredTitle'));
    response = await sendOrFail(path, options, outcome.token);
  }
  if (!response.ok) {
    const detail = errorDetail(await parseBody(response));
    if (!options.silent) showErrorToast(response.status, detail);
    throw new ApiError(response.status, detail.code ?? `HTTP_${response.status}`, detail.message ?? i18n.t('errors.generic'), detail.fields, Boolean(detail.message));
  }
  return response.blob();
}

export const http = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => request<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    request<T>(path, { ...options, method: 'DELETE' }),
};

/**
 * Puts the `fields` of a 422 answer onto a react-hook-form form. Returns true when at least one field
 * received a message (otherwise show the error in a toast or under the form).
 */
export function applyFieldErrors<T extends FieldValues>(error: unknown, setError: UseFormSetError<T>): boolean {
  if (!isApiError(error) || !error.fields) return false;
  const entries = Object.entries(error.fields);
  entries.forEach(([path, message], index) => {
    setError(path as Path<T>, { type: 'server', message }, { shouldFocus: index === 0 });
  });
  return entries.length > 0;
}

/** Translates an i18n key (as carried by the shared schemas) and passes already translated text through. */
export function translateMessage(message: string | undefined): string | undefined {
  if (!message) return undefined;
  return i18n.exists(message) ? i18n.t(message) : message;
}
