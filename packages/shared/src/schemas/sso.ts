import { z } from 'zod';
import { idSchema } from './common.js';

/** Single sign-on (OpenID Connect) per organisation: its settings, the start of a sign-in and the hand-off to the web app. */

export const SSO_PROVISIONING = ['auto', 'invite'] as const;
export type SsoProvisioning = (typeof SSO_PROVISIONING)[number];

/**
 * An issuer address: https, or http. The server decides what it reaches: loopback and private addresses, and http,
 * only when its operator allows them (`SSO_ALLOW_PRIVATE_ISSUERS`; the issuer field says so otherwise).
 */
export const issuerUrl = z
  .string()
  .trim()
  .max(500, { error: 'validation.security.sso.issuer' })
  .refine((v) => {
    try {
      const u = new URL(v);
      return u.protocol === 'https:' || u.protocol === 'http:';
    } catch {
      return false;
    }
  }, { error: 'validation.security.sso.issuer' });

const domain = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, { error: 'validation.security.sso.domain' });

export const ssoGroupRole = z.object({
  group: z.string().trim().min(1, { error: 'validation.security.sso.group' }).max(200, { error: 'validation.security.sso.group' }),
  roleId: idSchema,
});
export type SsoGroupRole = z.infer<typeof ssoGroupRole>;

/** What an administrator saves. An empty or missing client secret keeps the stored one. */
export const ssoSettingsInput = z.strictObject({
  enabled: z.boolean(),
  issuer: issuerUrl,
  clientId: z.string().trim().min(1, { error: 'validation.security.sso.clientId' }).max(300, { error: 'validation.security.sso.clientId' }),
  clientSecret: z.string().max(1000, { error: 'validation.invalidValue' }).optional(),
  allowedDomains: z.array(domain).max(50, { error: 'validation.invalidValue' }),
  groupRoles: z.array(ssoGroupRole).max(100, { error: 'validation.invalidValue' }),
  provisioning: z.enum(SSO_PROVISIONING, { error: 'validation.invalidValue' }),
  label: z.string().trim().max(60, { error: 'validation.security.sso.label' }).nullable(),
  /** False: password sign-in is off for everyone but the break-glass administrator. */
  passwordSignIn: z.boolean(),
  breakGlassEmployeeId: idSchema.nullable(),
});
export type SsoSettingsInput = z.input<typeof ssoSettingsInput>;

/** The settings as shown to an administrator: the client secret is never sent back, only whether one is stored. */
export const ssoSettingsRecord = z.object({
  configured: z.boolean(),
  enabled: z.boolean(),
  issuer: z.string(),
  clientId: z.string(),
  clientSecretSet: z.boolean(),
  allowedDomains: z.array(z.string()),
  groupRoles: z.array(ssoGroupRole),
  provisioning: z.enum(SSO_PROVISIONING),
  label: z.string().nullable(),
  passwordSignIn: z.boolean(),
  breakGlassEmployeeId: z.string().nullable(),
  /** The address to register at the provider as the redirect URI. */
  redirectUri: z.string(),
});
export type SsoSettingsRecord = z.infer<typeof ssoSettingsRecord>;

export const ssoTestInput = z.strictObject({ issuer: issuerUrl });
export const ssoTestResult = z.object({ issuer: z.string(), authorizationEndpoint: z.string() });
export type SsoTestResult = z.infer<typeof ssoTestResult>;

/** The organisation by its booking-page address (slug), its id, or a work e-mail (or domain) that only it allows. */
export const ssoStartQuery = z.object({ org: z.string().trim().min(1, { error: 'validation.invalidValue' }).max(100, { error: 'validation.invalidValue' }) });
/**
 * The provider's answer: every parameter is read from the address as sent (code, state, iss, error...), by the API
 * itself, so that any answer, however malformed, ends on the sign-in page rather than an error.
 */
/** What the sign-in page may know of an organisation's single sign-on before signing in: whether it is on, its label. */
export const ssoInfo = z.object({ available: z.boolean(), label: z.string().nullable() });
export type SsoInfo = z.infer<typeof ssoInfo>;
export const ssoCallbackQuery = z.looseObject({});
export const ssoExchangeInput = z.strictObject({ code: z.string().min(1, { error: 'validation.invalidValue' }).max(200, { error: 'validation.invalidValue' }) });
