import { notifications } from '@mantine/notifications';
import { LOGIN_TOAST_MS, TOAST_MS } from '@clinic/shared';

/** Success toasts appear top-right, errors bottom-right, both for 4 seconds. */
export function notifySuccess(message: string, title?: string): void {
  notifications.show({ message, title, color: 'teal', position: 'top-right', autoClose: TOAST_MS });
}

export function notifyError(message: string, title?: string, id?: string): void {
  notifications.show({ id, message, title, color: 'red', position: 'bottom-right', autoClose: TOAST_MS });
}

/** Sign-in failures are short and centred under the form. */
export function notifyLoginError(message: string): void {
  notifications.show({ message, color: 'red', position: 'bottom-center', autoClose: LOGIN_TOAST_MS });
}
