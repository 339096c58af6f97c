/** The auth module's public entry: what other modules may use of it (ESLint forbids reaching past it). */
export { clearAttempts, LOCK_NAMESPACE, releaseAttempt, reserveAttempt } from './attempts.js';
export { login, revokeAllSessions, sessionUser, setPlan } from './auth.service.js';
export { findActiveClinic } from './opening-clinic.js';
