/**
 * A random mark of this browser, kept in localStorage across sign-outs and sent with every request
 * (`x-clinic-device`): the server tells a sign-in from a device the person has not used before, and e-mails them.
 * It identifies nothing but "the same browser as before".
 */
export const DEVICE_MARK_KEY = 'deviceMark';
export const DEVICE_HEADER = 'x-clinic-device';

function newMark(): string {
  const bytes = new Uint8Array(18);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function deviceMark(): string | null {
  try {
    let mark = localStorage.getItem(DEVICE_MARK_KEY);
    if (!mark || !/^[A-Za-z0-9_-]{16,100}$/.test(mark)) {
      mark = newMark();
      localStorage.setItem(DEVICE_MARK_KEY, mark);
    }
    return mark;
  } catch {
    return null;
  }
}
