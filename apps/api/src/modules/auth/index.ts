/** The auth module's public entry: what other modules may use of it (ESLint forbids reaching past it). */
export { refuseUnusableAccount } from './account-state.js';
export { clearAttempts, LOCK_NAMESPACE, releaseAttempt, reserveAttempt } from './attempts.js';
export { login, revokeAllSessions, revokeFamily, setPlan } from './auth.service.js';
export { findActiveClinic } from './opening-clinic.js';
export { assertPasswordSignInAllowed } from './password-sign-in.js';
export { sessionUser } from './session-user.js';
export {
  afterFirstFactor, availableFactors, completeTicket, finishSignIn, markSessionVerified, noteSignIn, openTicket, TICKET_MINUTES, TICKET_TRIES,
  type OpenTicket, type SignInAccount, type SignInResult, type SignInStep,
} from './sign-in.js';
export {
  claimChallenge, countFactors, endSessions, insertChallenge, insertSession, releaseEnrolment, requiresSecondFactor, spendChallengeTry,
  type ChallengeRow,
} from './sign-in.repository.js';
export { deviceLabel } from './device-label.js';
