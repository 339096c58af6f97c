import { createElement, lazy, Suspense } from 'react';

/** Sign-in security: the user's own (second factors, passkeys, sessions) and the organisation's rules. */
export { PasskeySignInButton } from './components/passkey-sign-in-button';
export { PasskeyStepButton } from './components/passkey-step-button';
export { SsoSignInButton } from './components/sso-sign-in-button';

// The sign-in page imports this entry, so what needs the API client and the contract's schemas (the idle guard of
// the signed-in shell, a person's sessions) is loaded with its first use, not with the sign-in page.
const IdleGuardPart = lazy(() => import('./idle/idle-guard').then((m) => ({ default: m.IdleGuard })));
const PersonSessionsPart = lazy(() => import('./components/person-sessions-card').then((m) => ({ default: m.PersonSessionsCard })));

/** Warns before the organisation's idle timeout ends the session, then locks the screen. */
export function IdleGuard() {
  return createElement(Suspense, { fallback: null }, createElement(IdleGuardPart));
}

/** A person's sessions and sign-in history, with ending them, on their details page. */
export function PersonSessionsCard(props: { employeeId: string }) {
  return createElement(Suspense, { fallback: null }, createElement(PersonSessionsPart, props));
}
