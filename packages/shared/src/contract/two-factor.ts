import { loginResult } from '../schemas/auth.js';
import { messageOnlySchema, okSchema } from '../schemas/common.js';
import {
  recoveryCodesResult, recoverySignInInput, secondFactorPolicy, secondFactorPolicyInput, stepUpInput, stepUpResult, totpConfirmInput,
  totpDisableInput, totpEnrolment, totpSignInInput, twoFactorStatus,
} from '../schemas/two-factor.js';
import { route } from './route.js';

const tags = ['two-factor'];

/**
 * Second factors of the signed-in user (authenticator app, recovery codes), the sign-in's second step, step-up, and
 * the organisation's rule. No route takes a person's id: each acts on the caller's own factors (or, at sign-in, on the
 * person the ticket stands for). Enrolment's routes stay open to a session held to enrolment (`duringEnrolment`).
 */
export const twoFactorRoutes = {
  status: route({ method: 'GET', path: '/api/security/two-factor', access: 'authenticated', duringEnrolment: true, tags, response: { 200: okSchema(twoFactorStatus) } }),
  /**
   * A new authenticator secret (replacing one not yet confirmed); 409 when one is on. Adding a way to prove who one is
   * is a sensitive change, like adding a passkey (step-up): otherwise a stolen session past its step-up window could
   * add the attacker's app and step up with it. A session held to enrolment adds its first factor without one.
   */
  enrolTotp: route({
    method: 'POST', path: '/api/security/two-factor/totp', access: 'authenticated', stepUp: true, duringEnrolment: true, tags, response: { 200: okSchema(totpEnrolment) },
  }),
  /** The first code turns the authenticator on and answers ten recovery codes, shown this once (step-up as above). */
  confirmTotp: route({
    method: 'POST', path: '/api/security/two-factor/totp/confirm', access: 'authenticated', stepUp: true, duringEnrolment: true, tags, body: totpConfirmInput,
    response: { 200: okSchema(recoveryCodesResult) },
  }),
  disableTotp: route({ method: 'POST', path: '/api/security/two-factor/totp/disable', access: 'authenticated', tags, body: totpDisableInput, response: { 200: messageOnlySchema } }),
  /** A new set of ten recovery codes replaces the old (asks for a recent proof of identity). */
  regenerateRecoveryCodes: route({
    method: 'POST', path: '/api/security/two-factor/recovery-codes', access: 'authenticated', stepUp: true, tags, response: { 200: okSchema(recoveryCodesResult) },
  }),
  /**
   * Proves who the caller is again: sensitive changes are open for the organisation's step-up minutes. Open to a session
   * held to enrolment: a second factor set up since (in another session) proved here releases the hold.
   */
  stepUp: route({
    method: 'POST', path: '/api/security/step-up', access: 'authenticated', duringEnrolment: true, tags, body: stepUpInput, response: { 200: okSchema(stepUpResult) },
  }),
  /** The sign-in's second step with an authenticator code (the ticket from the password step). */
  signInTotp: route({ method: 'POST', path: '/api/auth/second-factor/totp', access: 'public', tags, body: totpSignInInput, response: { 200: okSchema(loginResult) } }),
  signInRecovery: route({ method: 'POST', path: '/api/auth/second-factor/recovery', access: 'public', tags, body: recoverySignInInput, response: { 200: okSchema(loginResult) } }),
  getPolicy: route({ method: 'GET', path: '/api/security/second-factor-policy', access: 'admin', tags, response: { 200: okSchema(secondFactorPolicy) } }),
  /** Changing who must use a second factor, or the step-up minutes, is a sensitive change (step-up). */
  updatePolicy: route({
    method: 'PUT', path: '/api/security/second-factor-policy', access: 'admin', stepUp: true, tags, body: secondFactorPolicyInput, response: { 200: okSchema(secondFactorPolicy) },
  }),
};
