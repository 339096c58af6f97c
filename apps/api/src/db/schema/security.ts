import { bigint, boolean, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { rowId, tenantId } from './columns.js';
import { companies, employees } from './core.js';

/*
 * Staff sign-in (modules/auth and its neighbours): each sign-in as a session, its history, the devices a person has
 * signed in from, second factors (authenticator app, recovery codes, passkeys), short-lived sign-in challenges, each
 * organisation's security settings and its single sign-on provider.
 */

const at = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * One sign-in on one device. Its id is the refresh-token family of the sign-in and the `fam` claim of its access
 * tokens, so ending it (`ended_at`) stops both. `verified_at` is the last time the person proved who they are in this
 * session (the sign-in, or a step-up: their second factor, or their password when they have none);
 * `enrolment_required` holds the session to enrolling a second factor before anything else.
 */
export const signInSessions = pgTable('sign_in_sessions', {
  companyId: tenantId().references(() => companies.id, { onDelete: 'cascade' }),
  id: uuid('id').notNull(),
  employeeId: uuid('employee_id').notNull(),
  /** 'password' | 'passkey' | 'sso' */
  method: text('method').notNull(),
  /** The factor that completed the sign-in: 'totp' | 'passkey' | 'recovery'; null with none. */
  secondFactor: text('second_factor'),
  verifiedAt: at('verified_at'),
  enrolmentRequired: boolean('enrolment_required').notNull().default(false),
  ip: text('ip'),
  userAgent: text('user_agent'),
  /** A short label of the device, e.g. "Chrome on Windows". */
  device: text('device'),
  createdAt: at('created_at').notNull().defaultNow(),
  lastSeenAt: at('last_seen_at').notNull().defaultNow(),
  endedAt: at('ended_at'),
  /** 'signed_out' | 'ended_by_user' | 'ended_by_admin' | 'idle' | 'expired' | 'password_changed' | 'deactivated' | ... */
  endReason: text('end_reason'),
}, (t) => [
  primaryKey({ columns: [t.companyId, t.id] }),
  index('sign_in_sessions_employee_idx').on(t.companyId, t.employeeId, t.createdAt),
  foreignKey({ columns: [t.companyId, t.employeeId], foreignColumns: [employees.companyId, employees.id] }).onDelete('cascade'),
]);

/** Every sign-in attempt on a known account: when, from where, on what, how, and its result. */
export const signInHistory = pgTable('sign_in_history', {
  companyId: tenantId().references(() => companies.id, { onDelete: 'cascade' }),
  id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
  employeeId: uuid('employee_id').notNull(),
  at: at('at').notNull().defaultNow(),
  ip: text('ip'),
  userAgent: text('user_agent'),
  device: text('device'),
  /** 'password' | 'passkey' | 'sso' */
  method: text('method').notNull(),
  /**
   * 'success' | 'second_factor_pending' | 'bad_password' | 'bad_second_factor' | 'throttled' | 'inactive' |
   * 'company_closed' | 'password_sign_in_off' | 'sso_refused'
   */
  result: text('result').notNull(),
  /** The session it started (success). */
  sessionId: uuid('session_id'),
  newDevice: boolean('new_device').notNull().default(false),
}, (t) => [
  primaryKey({ columns: [t.companyId, t.id] }),
  index('sign_in_history_employee_idx').on(t.companyId, t.employeeId, t.at),
  foreignKey({ columns: [t.companyId, t.employeeId], foreignColumns: [employees.companyId, employees.id] }).onDelete('cascade'),
]);

/** The devices a person has signed in from (a hash of the device's mark), so a sign-in from a new one is e-mailed. */
export const knownDevices = pgTable('known_devices', {
  companyId: tenantId().references(() => companies.id, { onDelete: 'cascade' }),
  employeeId: uuid('employee_id').notNull(),
  deviceKey: text('device_key').notNull(),
  firstSeenAt: at('first_seen_at').notNull().defaultNow(),
  lastSeenAt: at('last_seen_at').notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.companyId, t.employeeId, t.deviceKey] }),
  foreignKey({ columns: [t.companyId, t.employeeId], foreignColumns: [employees.companyId, employees.id] }).onDelete('cascade'),
]);

/**
 * An authenticator-app secret (RFC 6238), encrypted with the server's key. Unconfirmed until the first code is
 * entered; `last_step` is the time step of the last accepted code, so a code is accepted once.
 */
export const totpFactors = pgTable('totp_factors', {
  companyId: tenantId().references(() => companies.id, { onDelete: 'cascade' }),
  employeeId: uuid('employee_id').notNull(),
  secretEnc: text('secret_enc').notNull(),
  confirmedAt: at('confirmed_at'),
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: at('created_at').notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.companyId, t.employeeId] }),
  foreignKey({ columns: [t.companyId, t.employeeId], foreignColumns: [employees.companyId, employees.id] }).onDelete('cascade'),
]);

/** Single-use recovery codes (ten per set), stored hashed; a new set replaces the old. */
export const recoveryCodes = pgTable('recovery_codes', {
  companyId: tenantId().references(() => companies.id, { onDelete: 'cascade' }),
  id: rowId(),
  employeeId: uuid('employee_id').notNull(),
  codeHash: text('code_hash').notNull(),
  usedAt: at('used_at'),
  createdAt: at('created_at').notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.companyId, t.id] }),
  index('recovery_codes_employee_idx').on(t.companyId, t.employeeId),
  foreignKey({ columns: [t.companyId, t.employeeId], foreignColumns: [employees.companyId, employees.id] }).onDelete('cascade'),
]);

/** A passkey (WebAuthn credential) of a person: named, several per person, removable. */
export const passkeys = pgTable('passkeys', {
  companyId: tenantId().references(() => companies.id, { onDelete: 'cascade' }),
  id: rowId(),
  employeeId: uuid('employee_id').notNull(),
  /** The credential id, base64url. */
  credentialId: text('credential_id').notNull(),
  /** The COSE public key, base64url. */
  publicKey: text('public_key').notNull(),
  counter: bigint('counter', { mode: 'number' }).notNull().default(0),
  transports: jsonb('transports').notNull().default([]),
  /** 'singleDevice' | 'multiDevice' */
  deviceType: text('device_type'),
  backedUp: boolean('backed_up').notNull().default(false),
  name: text('name').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
  lastUsedAt: at('last_used_at'),
}, (t) => [
  primaryKey({ columns: [t.companyId, t.id] }),
  uniqueIndex('passkeys_company_credential_uq').on(t.companyId, t.credentialId),
  // A passwordless sign-in finds the passkey by its credential id alone (the assertion does not name a company).
  index('passkeys_credential_idx').on(t.credentialId),
  index('passkeys_employee_idx').on(t.companyId, t.employeeId),
  foreignKey({ columns: [t.companyId, t.employeeId], foreignColumns: [employees.companyId, employees.id] }).onDelete('cascade'),
]);

/**
 * Short-lived, single-use challenges of sign-in: the ticket between a correct password and the second factor, a
 * WebAuthn challenge, the state of a single sign-on round trip and the code that hands its result to the web app.
 * Not a company's rows (a passwordless sign-in does not know its company yet): `subject` names the company and person
 * when known. Found by the hash of the token the client holds.
 */
export const authChallenges = pgTable('auth_challenges', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** 'second_factor' | 'passkey_register' | 'passkey_sign_in' | 'passkey_step_up' | 'sso_state' | 'sso_handoff' */
  purpose: text('purpose').notNull(),
  tokenHash: text('token_hash').notNull(),
  /** { companyId, employeeId } when known. */
  subject: jsonb('subject'),
  /** What the purpose needs: a WebAuthn challenge, an OIDC nonce and code verifier, the sign-in method. */
  data: jsonb('data').notNull().default({}),
  attempts: integer('attempts').notNull().default(0),
  expiresAt: at('expires_at').notNull(),
  usedAt: at('used_at'),
  createdAt: at('created_at').notNull().defaultNow(),
}, (t) => [
  uniqueIndex('auth_challenges_token_uq').on(t.tokenHash),
  index('auth_challenges_old_idx').on(t.createdAt),
]);

/** An organisation's sign-in rules; no row: the defaults. */
export const companySecurity = pgTable('company_security', {
  companyId: uuid('company_id').primaryKey().references(() => companies.id, { onDelete: 'cascade' }),
  /** The roles (ids) whose holders must use a second factor. */
  secondFactorRoleIds: jsonb('second_factor_role_ids').notNull().default([]),
  /** Signing a note, refunds, role changes and backups ask for the second factor again after this many minutes. */
  stepUpMinutes: integer('step_up_minutes').notNull().default(15),
  /** A session unused this long ends; a session ends this long after its sign-in whatever its use. */
  idleTimeoutMinutes: integer('idle_timeout_minutes').notNull().default(30),
  absoluteLifetimeHours: integer('absolute_lifetime_hours').notNull().default(12),
  /** False when the organisation signs in through its identity provider only (the break-glass account excepted). */
  passwordSignIn: boolean('password_sign_in').notNull().default(true),
  breakGlassEmployeeId: uuid('break_glass_employee_id'),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** An organisation's OpenID Connect provider for single sign-on. */
export const ssoProviders = pgTable('sso_providers', {
  companyId: uuid('company_id').primaryKey().references(() => companies.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  issuer: text('issuer').notNull(),
  clientId: text('client_id').notNull(),
  /** Encrypted with the server's key. */
  clientSecretEnc: text('client_secret_enc').notNull(),
  /** E-mail domains allowed to sign in (lower-case); empty: none. */
  allowedDomains: jsonb('allowed_domains').notNull().default([]),
  /** [{ group, roleId }]: a member of the identity provider's group gets the role. */
  groupRoles: jsonb('group_roles').notNull().default([]),
  /** 'auto' (an account is created at the first sign-in) or 'invite' (only existing accounts). */
  provisioning: text('provisioning').notNull().default('invite'),
  /** The label of the button ("Sign in with Contoso"). */
  label: text('label'),
  updatedAt: at('updated_at').notNull().defaultNow(),
});

/** A person's identity at the organisation's provider (issuer and subject), linked at their first single sign-on. */
export const externalIdentities = pgTable('external_identities', {
  companyId: tenantId().references(() => companies.id, { onDelete: 'cascade' }),
  issuer: text('issuer').notNull(),
  subject: text('subject').notNull(),
  employeeId: uuid('employee_id').notNull(),
  createdAt: at('created_at').notNull().defaultNow(),
  lastSignInAt: at('last_sign_in_at'),
}, (t) => [
  primaryKey({ columns: [t.companyId, t.issuer, t.subject] }),
  index('external_identities_employee_idx').on(t.companyId, t.employeeId),
  foreignKey({ columns: [t.companyId, t.employeeId], foreignColumns: [employees.companyId, employees.id] }).onDelete('cascade'),
]);
