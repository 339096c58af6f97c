import { i18n } from './i18n';
import { notifyError, notifySuccess } from './notify';
import type { ErrorDetail } from './api-error';
import type { Method } from './http-transport';

/** The toasts of the API client: an error's translated message, a write's success. */

function successMessage(body: unknown): string | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const message = (body as { message?: unknown }).message;
  return typeof message === 'string' && message.trim() ? message : undefined;
}

/** A toast's id is its text, so the same error from retries or parallel requests is shown once. */
export function toastError(message: string) {
  notifyError(message, undefined, `error:${message}`);
}

export function showErrorToast(status: number, detail: ErrorDetail) {
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

export function showSuccessToast(method: Method, body: unknown) {
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
