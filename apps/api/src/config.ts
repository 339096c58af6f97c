import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { parseDatabaseUrl } from './db/hosts.js';
import { DEFAULT_PASSWORD_COST, MAX_PASSWORD_COST, MIN_TEST_PASSWORD_COST } from './lib/password.js';

const boolText = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** Names Fastify's proxy matching understands for common private ranges. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** An address, a CIDR range (`10.0.0.0/8`, `fd00::/8`) or one of the range names. */
export function isProxyEntry(entry: string): boolean {
  if (PROXY_RANGE_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: which peers' `X-Forwarded-For` is believed. Only the listed proxies are trusted; a client connecting
 * from anywhere else keeps its socket address whatever headers it sends. `true` (from older configurations) means the
 * loopback addresses only, never "everyone".
 */
const trustProxyText = z
  .string()
  .default('false')
  .transform((text, ctx): false | string[] => {
    const value = text.trim().toLowerCase();
    if (['', 'false', '0', 'no'].includes(value)) return false;
    if (['true', '1', 'yes'].includes(value)) return ['loopback'];
    const entries = value.split(',').map((s) => s.trim()).filter(Boolean);
    const wrong = entries.filter((e) => !isProxyEntry(e));
    if (wrong.length) {
      ctx.addIssue({
        code: 'custom',
        message: `expected the reverse proxies' addresses or CIDR ranges, comma-separated (or loopback, linklocal, uniquelocal); not understood: ${wrong.join(', ')}`,
      });
      return z.NEVER;
    }
    return entries;
  });

/**
 * An http(s) address the server POSTs to with fetch. fetch refuses a URL carrying a user name or password, with an
 * error that repeats the whole URL (which would then land in the logs and the reminder outbox), so such a URL is
 * refused at start instead; the message never repeats the value.
 */
function gatewayUrl(name: string, hint: string) {
  return z.string().superRefine((text, ctx) => {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      ctx.addIssue({ code: 'custom', message: `${name} is not a URL` });
      return;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') ctx.addIssue({ code: 'custom', message: `${name} must be an http or https address` });
    if (url.username || url.password) ctx.addIssue({ code: 'custom', message: `${name} must not contain a user name or password (${hint})` });
  });
}

/** Every setting the server reads, from environment variables. Documented in README.md. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z
    .string()
    .refine((v) => parseDatabaseUrl(v) !== null, 'expected postgres://[user[:password]@]host[:port][,host[:port]...]/database[?target_session_attrs=read-write]')
    .optional(),
  JWT_SECRET: z.string().min(32, 'JWT_SECRET must be at least 32 characters').optional(),
  SEED_DEMO: boolText.default(true),
  ALLOW_SIGNUP: boolText.default(true),
  WEBHOOKS_ALLOW_PRIVATE_TARGETS: boolText.default(false),
  SSO_ALLOW_PRIVATE_ISSUERS: boolText.default(false),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.string().default('production'),
  WEB_DIST: z.string().optional(),
  CORS_ORIGINS: z.string().default(''),
  TRUST_PROXY: trustProxyText,
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(30).default(900),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).default(30),
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(10),
  PUBLIC_STREAMS_PER_ADDRESS: z.coerce.number().int().min(1).max(100_000).default(200),
  SECOND_FACTOR_MAX_FAILURES: z.coerce.number().int().min(1).default(20),
  PASSWORD_HASH_COST: z.coerce.number().int().min(MIN_TEST_PASSWORD_COST).max(MAX_PASSWORD_COST).default(DEFAULT_PASSWORD_COST),
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  SIGNUP_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(10),
  SIGNUP_WINDOW_MINUTES: z.coerce.number().int().min(1).default(60),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1024 * 1024),
  CALLER_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(5000),
  FILE_SWEEP_INTERVAL_MINUTES: z.coerce.number().int().min(0).max(7 * 24 * 60).default(60),
  FILE_SWEEP_GRACE_HOURS: z.coerce.number().int().min(1).default(24),
  FILE_SWEEP_BATCH: z.coerce.number().int().min(1).max(100_000).default(1000),
  SHUTDOWN_DRAIN_SECONDS: z.coerce.number().min(0).max(300).default(0),
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().min(1).max(3600).default(30),
  JOB_POLL_SECONDS: z.coerce.number().min(0).max(3600).default(15),
  JOB_RETENTION_DAYS: z.coerce.number().int().min(0).max(3650).default(30),
  WORK_LEASE_SECONDS: z.coerce.number().int().min(1).max(24 * 3600).default(300),
  TEST_HOLD: z.string().default(''),
  REMINDER_LEAD_HOURS: z.coerce.number().int().min(1).max(24 * 14).default(24),
  INVITATION_TTL_HOURS: z.coerce.number().int().min(1).max(24 * 30).default(72),
  ONLINE_BOOKING_CODES_PER_HOUR: z.coerce.number().int().min(1).max(1_000_000).default(300),
  PUBLIC_URL: z.string().url().optional(),
  SMTP_URL: z.string().url().optional(),
  SMTP_FROM: z.string().default('Clinic <no-reply@localhost>'),
  ZATCA_SIMULATION_URL: z.string().url().default('https://gw-fatoora.zatca.gov.sa/e-invoicing/simulation'),
  ZATCA_PRODUCTION_URL: z.string().url().default('https://gw-fatoora.zatca.gov.sa/e-invoicing/core'),
  SMS_GATEWAY_PRESET: z.enum(['generic', 'twilio']).default('generic'),
  SMS_GATEWAY_URL: gatewayUrl('SMS_GATEWAY_URL', 'put the credentials in SMS_GATEWAY_AUTH').optional(),
  SMS_GATEWAY_AUTH: z.string().optional(),
  SMS_GATEWAY_BODY: z.string().optional(),
  SMS_FROM: z.string().optional(),
  WHATSAPP_API_URL: gatewayUrl('WHATSAPP_API_URL', 'the token goes in WHATSAPP_TOKEN').default('https://graph.facebook.com/v21.0'),
  WHATSAPP_PHONE_NUMBER_ID: z.string().regex(/^\d+$/).optional(),
  WHATSAPP_TOKEN: z.string().optional(),
  WHATSAPP_TEMPLATE_CODE: z.string().regex(/^[a-z0-9_]+$/).default('clinic_code'),
  WHATSAPP_TEMPLATE_REMINDER: z.string().regex(/^[a-z0-9_]+$/).default('clinic_reminder'),
  WHATSAPP_TEMPLATE_QUEUE: z.string().regex(/^[a-z0-9_]+$/).default('clinic_queue'),
  WHATSAPP_LANGUAGE_EN: z.string().default('en'),
  WHATSAPP_LANGUAGE_AR: z.string().default('ar'),
  WHATSAPP_APP_SECRET: z.string().min(8).optional(),
  WHATSAPP_VERIFY_TOKEN: z.string().min(8).optional(),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  /**
   * JWT_SECRET; else, with the embedded database, DATA_DIR/jwt-secret; else (PostgreSQL) empty until `prepareDatabase`
   * reads the secret the servers share from the database.
   */
  jwtSecret: string;
  seedDemo: boolean;
  allowSignup: boolean;
  /** Webhooks may target loopback, private and link-local addresses (and plain http): for local receivers only. */
  webhooksAllowPrivateTargets: boolean;
  /**
   * Identity providers may be on loopback, private and link-local addresses (and plain http): a provider on the
   * clinic's own network, a local trial.
   */
  ssoAllowPrivateIssuers: boolean;
  logLevel: string;
  production: boolean;
  webDist: string | undefined;
  corsOrigins: string[];
  /** Addresses or CIDR ranges of the reverse proxies whose `X-Forwarded-For` is believed; false: none. */
  trustProxy: false | string[];
  accessTokenTtlSeconds: number;
  refreshTokenTtlDays: number;
  loginMaxFailures: number;
  /** Open live streams of the waiting room's public pages (screens and patients' ticket pages together) per client address. */
  publicStreamsPerAddress: number;
  /** Wrong second-factor codes (and step-up proofs) allowed per account from all addresses together within `loginWindowMinutes`. */
  secondFactorMaxFailures: number;
  /** log2 of scrypt's N for new password hashes; stored hashes keep the cost they were made with. */
  passwordHashCost: number;
  loginWindowMinutes: number;
  /** Sign-up attempts allowed per client address within `signupWindowMinutes`. */
  signupMaxAttempts: number;
  signupWindowMinutes: number;
  bodyLimitBytes: number;
  /** How long a signed-in caller's account and permissions are reused by one server process (0: never). */
  callerCacheMs: number;
  /** How often the server removes files no record points at (0: never). */
  fileSweepIntervalMinutes: number;
  /** How old an unreferenced file must be before the sweep removes it (an upload in progress is younger). */
  fileSweepGraceHours: number;
  /** At most this many stored files and as many disk entries are looked at per sweep run. */
  fileSweepBatch: number;
  /** On SIGTERM, how long readiness answers 503 before the server stops accepting connections (load balancer's notice). */
  shutdownDrainSeconds: number;
  /** On SIGTERM, how long requests in flight may take to be answered before the connections are closed anyway. */
  shutdownTimeoutSeconds: number;
  /** How often the server runs due background jobs (0: the server runs none; tests drive the runner themselves). */
  jobPollSeconds: number;
  /** Finished background jobs (done or given up) are deleted by the runners this many days after they finished; 0: kept. */
  jobRetentionDays: number;
  /**
   * How long a piece of work in progress (a background job, a FHIR bulk export) belongs to the server running it
   * without a sign of life; past that it is taken as dead with its server and whoever needs it next takes over.
   */
  leaseSeconds: number;
  /** Tests of crashes only (NODE_ENV=test): named points where the work stops for good, as if its server hung there. */
  testHold: string[];
  /** The company default: one reminder this many hours before an appointment. */
  reminderLeadHours: number;
  /** How long an invitation to set up an account stays usable (hours). */
  invitationTtlHours: number;
  /** One-time codes the public booking page may send per organisation in any hour (its budget of texts). */
  onlineBookingCodesPerHour: number;
  /** Where clients reach the product: the base of every absolute link (reminders, FHIR, exports, calendar feeds), never the request's Host; default http://localhost:PORT. */
  publicUrl: string;
  /** SMTP server for e-mail reminders (smtp://user:pass@host:port, smtps://...); unset: e-mail is off. */
  smtpUrl: string | undefined;
  smtpFrom: string;
  /** ZATCA's e-invoicing API (Fatoora) per environment: onboarding, then reporting and clearance (needs the network). */
  zatca: { simulationUrl: string; productionUrl: string };
  /** HTTP SMS gateway; unset URL: SMS is off. */
  sms: { preset: 'generic' | 'twilio'; url: string | undefined; auth: string | undefined; body: string | undefined; from: string | undefined };
  /**
   * WhatsApp Business (Cloud API): off unless both the phone number id and the token are set. Approved template names
   * for the one-time code and for reminders, and the template language code for each message language.
   */
  whatsapp: WhatsAppConfig;
}

export interface WhatsAppConfig {
  apiUrl: string;
  phoneNumberId: string | undefined;
  token: string | undefined;
  templates: { code: string; reminder: string; queue: string };
  languages: { en: string; ar: string };
  /**
   * The Meta app's secret: signs the statuses Meta posts to /api/whatsapp/webhook (X-Hub-Signature-256). Unset: the
   * webhook is off, and a text WhatsApp accepted is taken as delivered.
   */
  appSecret?: string | undefined;
  /** What Meta sends when the webhook is subscribed (hub.verify_token), chosen by the operator. */
  verifyToken?: string | undefined;
}

/** The JWT secret kept in DATA_DIR, read without making one: '' when there is none yet. */
export function readPersistedSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
}

/**
 * Reads the JWT secret from DATA_DIR, creating a random one on first start. Never a built-in default. Only for the
 * embedded database (one server): with DATABASE_URL the servers share the secret kept in the database instead
 * (lib/signing-secret.ts), read once the database is open.
 */
function persistedSecret(dataDir: string): string {
  const existing = readPersistedSecret(dataDir);
  if (existing) return existing;
  const file = path.join(dataDir, 'jwt-secret');
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret + '\n', { mode: 0o600, flag: 'wx' });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
  if (e.PASSWORD_HASH_COST < DEFAULT_PASSWORD_COST && e.NODE_ENV !== 'test') {
    throw new Error(`Invalid configuration:\n  PASSWORD_HASH_COST: at least ${DEFAULT_PASSWORD_COST} (scrypt N = 2^${DEFAULT_PASSWORD_COST}); lower costs are for test runs only`);
  }
  const dataDir = path.resolve(overrides.dataDir ?? e.DATA_DIR);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    jwtSecret: overrides.jwtSecret ?? e.JWT_SECRET ?? (e.DATABASE_URL ? '' : persistedSecret(dataDir)),
    seedDemo: e.SEED_DEMO,
    allowSignup: e.ALLOW_SIGNUP,
    webhooksAllowPrivateTargets: e.WEBHOOKS_ALLOW_PRIVATE_TARGETS,
    ssoAllowPrivateIssuers: e.SSO_ALLOW_PRIVATE_ISSUERS,
    logLevel: e.LOG_LEVEL,
    production: e.NODE_ENV === 'production',
    webDist: e.WEB_DIST,
    corsOrigins: e.CORS_ORIGINS.split(',').map((s) => s.trim()).filter(Boolean),
    trustProxy: e.TRUST_PROXY,
    accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
    refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
    loginMaxFailures: e.LOGIN_MAX_FAILURES,
    publicStreamsPerAddress: e.PUBLIC_STREAMS_PER_ADDRESS,
    secondFactorMaxFailures: e.SECOND_FACTOR_MAX_FAILURES,
    passwordHashCost: e.PASSWORD_HASH_COST,
    loginWindowMinutes: e.LOGIN_WINDOW_MINUTES,
    signupMaxAttempts: e.SIGNUP_MAX_ATTEMPTS,
    signupWindowMinutes: e.SIGNUP_WINDOW_MINUTES,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    callerCacheMs: e.CALLER_CACHE_MS,
    fileSweepIntervalMinutes: e.FILE_SWEEP_INTERVAL_MINUTES,
    fileSweepGraceHours: e.FILE_SWEEP_GRACE_HOURS,
    fileSweepBatch: e.FILE_SWEEP_BATCH,
    shutdownDrainSeconds: e.SHUTDOWN_DRAIN_SECONDS,
    shutdownTimeoutSeconds: e.SHUTDOWN_TIMEOUT_SECONDS,
    jobPollSeconds: e.JOB_POLL_SECONDS,
    jobRetentionDays: e.JOB_RETENTION_DAYS,
    leaseSeconds: e.WORK_LEASE_SECONDS,
    testHold: e.NODE_ENV === 'test' ? e.TEST_HOLD.split(',').map((s) => s.trim()).filter(Boolean) : [],
    reminderLeadHours: e.REMINDER_LEAD_HOURS,
    invitationTtlHours: e.INVITATION_TTL_HOURS,
    onlineBookingCodesPerHour: e.ONLINE_BOOKING_CODES_PER_HOUR,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    smtpFrom: e.SMTP_FROM,
    zatca: { simulationUrl: e.ZATCA_SIMULATION_URL.replace(/\/+$/, ''), productionUrl: e.ZATCA_PRODUCTION_URL.replace(/\/+$/, '') },
    sms: { preset: e.SMS_GATEWAY_PRESET, url: e.SMS_GATEWAY_URL, auth: e.SMS_GATEWAY_AUTH, body: e.SMS_GATEWAY_BODY, from: e.SMS_FROM },
    whatsapp: {
      apiUrl: e.WHATSAPP_API_URL.replace(/\/+$/, ''),
      phoneNumberId: e.WHATSAPP_PHONE_NUMBER_ID,
      token: e.WHATSAPP_TOKEN,
      templates: { code: e.WHATSAPP_TEMPLATE_CODE, reminder: e.WHATSAPP_TEMPLATE_REMINDER, queue: e.WHATSAPP_TEMPLATE_QUEUE },
      languages: { en: e.WHATSAPP_LANGUAGE_EN, ar: e.WHATSAPP_LANGUAGE_AR },
      appSecret: e.WHATSAPP_APP_SECRET,
      verifyToken: e.WHATSAPP_VERIFY_TOKEN,
    },
    ...overrides,
  };
}
