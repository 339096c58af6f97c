import { routes, type LoginAnswer, type LoginResult, type PasskeyOptions, type PasskeyView } from '@clinic/shared';
import { call } from '@/lib/api-client';

/**
 * The passkey requests, in a chunk of their own (the sign-in page loads it, with the route contract, only when a
 * passkey button is pressed). Each ceremony is two calls: options (with a challenge id), then the browser's answer.
 */
const r = routes.passkeys;
const signInOptions = { silent: true, skipAuthRefresh: true } as const;

export async function listPasskeys(signal?: AbortSignal): Promise<PasskeyView[]> {
  return (await call(r.list, {}, { signal, silent: true })).data;
}

export async function registrationOptions(): Promise<PasskeyOptions> {
  return (await call(r.registerOptions, {}, { silent: true })).data;
}

export async function registerPasskey(challengeId: string, name: string, response: Record<string, unknown>): Promise<PasskeyView> {
  return (await call(r.register, { body: { challengeId, name, response } }, { silent: true })).data;
}

export async function renamePasskey(id: string, name: string): Promise<PasskeyView> {
  return (await call(r.rename, { params: { id }, body: { name } }, { silent: true })).data;
}

export async function removePasskey(id: string): Promise<void> {
  await call(r.remove, { params: { id } }, { silent: true });
}

export async function passwordlessOptions(): Promise<PasskeyOptions> {
  return (await call(r.signInOptions, {}, signInOptions)).data;
}

export async function passwordlessSignIn(challengeId: string, response: Record<string, unknown>): Promise<LoginAnswer> {
  return (await call(r.signIn, { body: { challengeId, response } }, signInOptions)).data;
}

export async function secondStepOptions(ticket: string): Promise<PasskeyOptions> {
  return (await call(r.secondStepOptions, { body: { ticket } }, signInOptions)).data;
}

export async function secondStepSignIn(ticket: string, challengeId: string, response: Record<string, unknown>): Promise<LoginResult> {
  return (await call(r.secondStep, { body: { ticket, challengeId, response } }, signInOptions)).data;
}

export async function stepUpOptions(): Promise<PasskeyOptions> {
  return (await call(r.stepUpOptions, {}, { silent: true })).data;
}

export async function stepUp(challengeId: string, response: Record<string, unknown>): Promise<void> {
  await call(r.stepUp, { body: { challengeId, response } }, { silent: true });
}
