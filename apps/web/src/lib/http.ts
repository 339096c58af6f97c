import { i18n } from './i18n';
import { ApiError, errorDetail } from './api-error';
import { showErrorToast, showSuccessToast, toastError } from './http-toasts';
import { isAbort, parseBody, send, type RequestOptions } from './http-transport';
import { endSession, refreshOnce, type RefreshOutcome } from './session-refresh';
import { getAccessToken, getRefreshToken } from './session';
import { confirmStepUp, STEP_UP_REQUIRED } from './step-up';

export { ApiError, applyFieldErrors, isApiError, isError, translateMessage } from './api-error';
export { API_BASE, type RequestOptions } from './http-transport';
export { endSession, SESSION_END_REDIRECT_MS } from './session-refresh';

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
    // A sensitive change asks the user to confirm who they are, then goes again once (a cancel answers the refusal).
    if (response.status === 403 && detail.code === STEP_UP_REQUIRED && !options.skipStepUp && (await confirmStepUp())) {
      return request<T>(path, { ...options, skipStepUp: true });
    }
    if (!options.silent) showErrorToast(response.status, detail);
    throw new ApiError(
      response.status,
      detail.code ?? `HTTP_${response.status}`,
      detail.message ?? i18n.t('errors.generic'),
      detail.fields,
      Boolean(detail.message),
      detail.data,
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
