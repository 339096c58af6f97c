import { loginAnswer, loginResult } from '../schemas/auth.js';
import { idParams, messageOnlySchema, okSchema } from '../schemas/common.js';
import {
  passkeyAssertionInput, passkeyOptions, passkeyRegisterInput, passkeyRenameInput, passkeyTicketAssertionInput, passkeyTicketInput, passkeyView,
} from '../schemas/passkey.js';
import { z } from 'zod';
import { route } from './route.js';

const tags = ['passkeys'];

/**
 * Passkeys: the caller's own (no route names another person: a passkey is only ever enrolled for the one signed in),
 * passwordless sign-in, the second step of a password sign-in, and step-up.
 */
export const passkeyRoutes = {
  /** The caller's passkeys. Open during enrolment: a passkey can be the second factor an organisation requires. */
  list: route({ method: 'GET', path: '/api/passkeys', access: 'authenticated', tags, duringEnrolment: true, response: { 200: okSchema(z.array(passkeyView)) } }),
  /**
   * Options to create a passkey for the caller (their existing passkeys excluded). Adding a way to sign in is a
   * sensitive change (step-up), except for a session held to enrolment, which adds its first second factor this way.
   */
  registerOptions: route({
    method: 'POST', path: '/api/passkeys/register/options', access: 'authenticated', stepUp: true, tags, duringEnrolment: true, response: { 200: okSchema(passkeyOptions) },
  }),
  /** Verifies the new passkey and keeps it under its name (step-up as above); a session held to enrolment is released by it. */
  register: route({
    method: 'POST', path: '/api/passkeys/register', access: 'authenticated', stepUp: true, tags, duringEnrolment: true, body: passkeyRegisterInput,
    response: { 200: okSchema(passkeyView) },
  }),
  rename: route({ method: 'PATCH', path: '/api/passkeys/:id', access: 'authenticated', tags, params: idParams, body: passkeyRenameInput, response: { 200: okSchema(passkeyView) } }),
  /** Removing a way to sign in is a sensitive change: the person proves who they are first (step-up). */
  remove: route({ method: 'DELETE', path: '/api/passkeys/:id', access: 'authenticated', stepUp: true, tags, params: idParams, response: { 200: messageOnlySchema } }),
  /**
   * Step-up: options for the caller's own passkeys, then the answer, which marks the session verified now. Open to a
   * session held to enrolment whose person set up a factor since (in another session): the proof releases the hold.
   */
  stepUpOptions: route({
    method: 'POST', path: '/api/passkeys/step-up/options', access: 'authenticated', duringEnrolment: true, tags, response: { 200: okSchema(passkeyOptions) },
  }),
  stepUp: route({
    method: 'POST', path: '/api/passkeys/step-up', access: 'authenticated', duringEnrolment: true, tags, body: passkeyAssertionInput, response: { 200: messageOnlySchema },
  }),
  /** Passwordless sign-in: options naming no one (the passkey on the device says who), then the answer. Throttled per address. */
  signInOptions: route({ method: 'POST', path: '/api/auth/passkey/options', access: 'public', tags, response: { 200: okSchema(passkeyOptions) } }),
  signIn: route({ method: 'POST', path: '/api/auth/passkey', access: 'public', tags, body: passkeyAssertionInput, response: { 200: okSchema(loginAnswer) } }),
  /** The second step of a password sign-in with a passkey: options for that person's passkeys, then the answer. */
  secondStepOptions: route({
    method: 'POST', path: '/api/auth/second-factor/passkey/options', access: 'public', tags, body: passkeyTicketInput, response: { 200: okSchema(passkeyOptions) },
  }),
  secondStep: route({
    method: 'POST', path: '/api/auth/second-factor/passkey', access: 'public', tags, body: passkeyTicketAssertionInput, response: { 200: okSchema(loginResult) },
  }),
};
