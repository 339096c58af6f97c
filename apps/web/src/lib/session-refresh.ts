import { notifications } from '@mantine/notifications';
import { TOAST_MS, type BodyIn } from '@clinic/shared';
import type { authRoutes } from './auth-routes';
import { currentLanguage, i18n } from './i18n';
import { navigateTo } from './navigation';
import { parseBody } from './http-transport';
import { isIdleLocked, lockOnSessionEnd } from './idle-lock';
import { clearSession, getRefreshToken, storeTokens } from './session';

/** Renewing the session when the access token has expired, and ending it when that fails. */

/** After a failed refresh the user reads the message for this long before going to the sign-in page. */
export const SESSION_END_REDIRECT_MS = 4000;

let sessionEnding = false;

/** Shows the session-expired message, clears the session and goes to the sign-in page a moment later. */
export function endSession(): void {
  // Signed out for inactivity: the sign-in over the page takes it from here (the page stays, with its input).
  if (sessionEnding || isIdleLocked() || lockOnSessionEnd()) return;
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

export type RefreshOutcome = { ok: true; token: string } | { ok: false; reason: 'expired' | 'network' };
let refreshInFlight: Promise<RefreshOutcome> | null = null;

/** The contract's session routes, fetched with the first refresh (the sign-in page does without them). */
const loadAuthRoutes = (): Promise<typeof authRoutes> => import('./auth-routes').then((m) => m.authRoutes);

/**
 * The contract's refresh route, called with fetch itself rather than the API client: a 401 here means the session is
 * over, and must not start another refresh.
 */
type RefreshRoute = (typeof authRoutes)['refreshToken'];

async function refreshTokens(): Promise<RefreshOutcome> {
  const refreshToken = getRefreshToken();
  if (!refreshToken) return { ok: false, reason: 'expired' };
  let response: Response;
  let refresh: RefreshRoute;
  try {
    refresh = (await loadAuthRoutes()).refreshToken;
    response = await fetch(refresh.path, {
      method: refresh.method,
      headers: {
        Accept: 'application/json',
        'Content-Type': 'application/json',
        'Accept-Language': currentLanguage(),
      },
      body: JSON.stringify({ refreshToken } satisfies BodyIn<RefreshRoute>),
    });
  } catch {
    return { ok: false, reason: 'network' };
  }
  if (!response.ok) return { ok: false, reason: 'expired' };
  const body = refresh.response[200].safeParse(await parseBody(response));
  if (!body.success || !body.data.data.accessToken) return { ok: false, reason: 'expired' };
  const tokens = body.data.data;
  storeTokens(tokens.accessToken, tokens.refreshToken);
  return { ok: true, token: tokens.accessToken };
}

/** One refresh at a time: concurrent 401s wait for the same refresh. */
export function refreshOnce(): Promise<RefreshOutcome> {
  refreshInFlight ??= refreshTokens().then((outcome) => {
    if (!outcome.ok && outcome.reason === 'expired') endSession();
    return outcome;
  }).finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}
