import { z } from 'zod';

/**
 * Passkeys (WebAuthn credentials) of staff: registered and named on the security page, used passwordless, as the
 * second step of a password sign-in, or to confirm who the person is before a sensitive change (step-up).
 *
 * A ceremony is two calls: `options` answers the browser's WebAuthn options and an opaque `challengeId` (single use,
 * five minutes); the browser's answer is sent back with that id.
 */

export const PASSKEY_NAME_MAX = 60;

export const passkeyName = z
  .string({ error: 'validation.passkeys.nameRequired' })
  .trim()
  .min(1, { error: 'validation.passkeys.nameRequired' })
  .max(PASSKEY_NAME_MAX, { error: 'validation.passkeys.nameTooLong' });

export const passkeyView = z.object({
  id: z.string(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  /** 'multiDevice' when the passkey is synced (for example through a password manager), else 'singleDevice'. */
  deviceType: z.string().nullable(),
  backedUp: z.boolean(),
});
export type PasskeyView = z.infer<typeof passkeyView>;

/** The browser's WebAuthn options (or answer) as JSON, passed through as the WebAuthn library reads and writes it. */
export const webAuthnJson = z.record(z.string(), z.unknown());

/** Options of a ceremony and the id of its challenge, sent back with the browser's answer. */
export const passkeyOptions = z.object({ challengeId: z.string(), options: webAuthnJson });
export type PasskeyOptions = z.infer<typeof passkeyOptions>;

const challengeIdSchema = z.string({ error: 'validation.passkeys.challengeRequired' }).min(1, { error: 'validation.passkeys.challengeRequired' }).max(200);
const ceremonyAnswer = webAuthnJson.refine((v) => typeof v.id === 'string', { error: 'validation.passkeys.responseRequired' });

export const passkeyRegisterInput = z.strictObject({ challengeId: challengeIdSchema, name: passkeyName, response: ceremonyAnswer });
export type PasskeyRegisterInput = z.input<typeof passkeyRegisterInput>;

export const passkeyRenameInput = z.strictObject({ name: passkeyName });

/** A passkey's answer to a sign-in or step-up challenge. */
export const passkeyAssertionInput = z.strictObject({ challengeId: challengeIdSchema, response: ceremonyAnswer });
export type PasskeyAssertionInput = z.input<typeof passkeyAssertionInput>;

/** The second step of a password sign-in holds its ticket. */
export const passkeyTicketInput = z.strictObject({ ticket: z.string().min(1).max(200) });
export const passkeyTicketAssertionInput = passkeyAssertionInput.extend({ ticket: z.string().min(1).max(200) });
export type PasskeyTicketAssertionInput = z.input<typeof passkeyTicketAssertionInput>;
