import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { LoginAnswer, LoginResult, PasskeyView } from '@clinic/shared';

/**
 * Passkey ceremonies in the browser: the server's options handed to the authenticator (through
 * `@simplewebauthn/browser`, loaded with the first use), its answer sent back. The library and the requests are
 * fetched only when a passkey button is pressed, so the sign-in page stays light.
 */
const loadBrowser = () => import('@simplewebauthn/browser');
const loadRequests = () => import('./passkey-requests');

type Json = Record<string, unknown>;

/** Whether this browser can create and use passkeys (WebAuthn); without it the buttons say so instead of failing. */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function' && typeof navigator.credentials?.get === 'function';
}

/** The person closed the browser's passkey prompt, or it timed out: nothing to report as a failure. */
export function isCancelled(error: unknown): boolean {
  const names = [error, (error as { cause?: unknown } | null)?.cause].map((e) => (e instanceof Error ? e.name : ''));
  return names.some((name) => name === 'NotAllowedError' || name === 'AbortError');
}

async function assert(options: Json): Promise<Json> {
  const { startAuthentication } = await loadBrowser();
  return (await startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON })) as unknown as Json;
}

/** Creates a passkey on this device for the signed-in person and keeps it under `name`. */
export async function createPasskey(name: string): Promise<PasskeyView> {
  const [{ startRegistration }, requests] = await Promise.all([loadBrowser(), loadRequests()]);
  const { challengeId, options } = await requests.registrationOptions();
  const response = await startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON });
  return requests.registerPasskey(challengeId, name, response as unknown as Json);
}

/** Signs in with a passkey alone (the passkey on the device names the person). */
export async function signInWithPasskey(): Promise<LoginAnswer> {
  const requests = await loadRequests();
  const { challengeId, options } = await requests.passwordlessOptions();
  return requests.passwordlessSignIn(challengeId, await assert(options));
}

/** The second step of a password sign-in, with one of that person's passkeys. */
export async function secondStepWithPasskey(ticket: string): Promise<LoginResult> {
  const requests = await loadRequests();
  const { challengeId, options } = await requests.secondStepOptions(ticket);
  return requests.secondStepSignIn(ticket, challengeId, await assert(options));
}

/** Confirms who the signed-in person is (step-up) with one of their own passkeys. */
export async function stepUpWithPasskey(): Promise<void> {
  const requests = await loadRequests();
  const { challengeId, options } = await requests.stepUpOptions();
  await requests.stepUp(challengeId, await assert(options));
}
