/**
 * One-time codes that prove a mobile number on the public booking page. Six digits from the system's secure random
 * source; stored only as an HMAC (a key of its own derived from the server's secret, over the code's id, the number and
 * the code); valid PHONE_CODE_TTL_MINUTES; at most PHONE_CODE_MAX_TRIES tries, each counted by one statement before the
 * comparison (constant time), so simultaneous guesses cannot exceed it; used once, by the booking (`consumed_at`).
 * At most PHONE_CODES_PER_HOUR codes per number and per requesting address in any hour (an IPv6 address counts by its
 * /64: one connection holds the whole block), and at most ONLINE_BOOKING_CODES_PER_HOUR codes per organisation, counted
 * over the stored codes under a lock per number, per address and per organisation.
 */
import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';
import {
  PHONE_CODE_LENGTH, PHONE_CODE_MAX_TRIES, PHONE_CODE_TTL_MINUTES, PHONE_CODES_PER_HOUR, translate, type PhoneCodeSent,
} from '@clinic/shared';
import type { Db } from '../../db/client.js';
import type { Deps } from '../../lib/app-types.js';
import { AppError } from '../../lib/errors.js';
import { canTextPatients } from '../../lib/patient-text.js';
import { sendTrackedText, type TrackedTextSent } from '../whatsapp/index.js';
import { purposeKey } from '../../lib/purpose-key.js';
import { inTransaction } from '../../lib/transaction.js';
import {
  countTry, deleteVerificationsBefore, findVerification, hasOnlineClinic, insertVerification, lockCodeRequests, recentCodes, setVerificationChannel,
} from './online-booking.repository.js';

const HOUR = 3_600_000;

function codeHash(secret: string, id: string, phone: string, code: string): string {
  return createHmac('sha256', purposeKey(secret, 'phone-code')).update(`${id}\u0000${phone}\u0000${code}`).digest('hex');
}

/** Six digits, each equally likely. */
export function newCode(): string {
  return String(randomInt(0, 10 ** PHONE_CODE_LENGTH)).padStart(PHONE_CODE_LENGTH, '0');
}

/** The 16-bit groups of an IPv6 address (without a zone), or null. */
function ipv6Groups(address: string): number[] | null {
  let text = address;
  const tail: number[] = [];
  // A dotted IPv4 tail (::ffff:10.0.0.1, 64:ff9b::10.0.0.1) is the last two groups.
  const dotted = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[2]!.split('.').map(Number) as [number, number, number, number];
    tail.push((a << 8) | b, (c << 8) | d);
    text = dotted[1]!.endsWith('::') ? dotted[1]! : dotted[1]!.slice(0, -1);
  }
  const [head = '', rest, ...more] = text.split('::');
  if (more.length) return null;
  const parse = (part: string) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const before = parse(head);
  const after = [...parse(rest ?? ''), ...tail];
  const missing = 8 - before.length - after.length;
  if (rest === undefined ? missing !== 0 : missing < 1) return null;
  return [...before, ...Array<number>(rest === undefined ? 0 : missing).fill(0), ...after];
}

/**
 * The address the per-address limit counts: an IPv4 address as it is; an IPv6 address by its /64 prefix (one
 * connection is given a whole /64, 2^64 addresses), e.g. `2001:db8:1:2::/64`; an IPv4-mapped IPv6 address
 * (`::ffff:10.0.0.1`, as a dual-stack socket reports an IPv4 client) as the IPv4 address. Anything else as it is.
 */
export function addressKey(ip: string): string {
  const address = ip.trim().toLowerCase().replace(/%.*$/, '');
  const family = isIP(address);
  if (family !== 6) return family === 4 ? address : ip;
  const groups = ipv6Groups(address);
  if (!groups) return ip;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    return [groups[6]! >> 8, groups[6]! & 255, groups[7]! >> 8, groups[7]! & 255].join('.');
  }
  return `${groups.slice(0, 4).map((g) => g.toString(16)).join(':')}::/64`;
}

/** Whole minutes (at least 1) until the oldest counted code is an hour old and a new one may be asked. */
const minutesUntil = (oldest: Date | null, now: Date) => Math.max(1, Math.ceil(((oldest?.getTime() ?? now.getTime()) + HOUR - now.getTime()) / 60_000));

export interface CodeRequest { companyId: string; organisation: string; phone: string; ip: string; language: 'en' | 'ar'; whatsapp: boolean }

/**
 * Sends a code to the number; the answer is the same whoever the number belongs to (the page never looks the number
 * up). Refused with 404 when no clinic of the organisation takes online bookings, 503 when no text channel is set up,
 * 429 (with the minutes to wait) past the hourly limits. The stored address is the one counted (`addressKey`).
 */
export async function sendCode(deps: Deps, r: CodeRequest, now: Date): Promise<PhoneCodeSent> {
  if (!(await hasOnlineClinic(deps.db, r.companyId))) throw new AppError(404, 'BOOKING_OFFER_NOT_FOUND', 'errors.bookingPage.noOnlineClinic');
  if (!canTextPatients(deps.config)) throw new AppError(503, 'TEXT_CHANNEL_MISSING', 'errors.bookingPage.noTextChannel');
  const id = randomUUID();
  const code = newCode();
  const expiresAt = new Date(now.getTime() + PHONE_CODE_TTL_MINUTES * 60_000);
  const ip = addressKey(r.ip);
  await inTransaction(deps.db, async (tx) => {
    await lockCodeRequests(tx, r.companyId, r.phone, ip);
    const recent = await recentCodes(tx, r.companyId, r.phone, ip, new Date(now.getTime() - HOUR));
    if (recent.byPhone >= PHONE_CODES_PER_HOUR) {
      const count = minutesUntil(recent.phoneOldest, now);
      throw new AppError(429, 'CODE_LIMIT_PHONE', 'errors.bookingPage.codesPerPhone', { count }, undefined, { retryAfterMinutes: count });
    }
    if (recent.byIp >= PHONE_CODES_PER_HOUR) {
      const count = minutesUntil(recent.ipOldest, now);
      throw new AppError(429, 'CODE_LIMIT_ADDRESS', 'errors.bookingPage.codesPerAddress', { count }, undefined, { retryAfterMinutes: count });
    }
    // The organisation's budget of texts: whatever the numbers and addresses, at most this many codes an hour.
    // (The catalogue has no code of its own for it: the generic 429 code, with the page's own message.)
    if (recent.byCompany >= deps.config.onlineBookingCodesPerHour) {
      const count = minutesUntil(recent.companyOldest, now);
      throw new AppError(429, 'TOO_MANY_ATTEMPTS', 'errors.bookingPage.codesPerOrganisation', { count }, undefined, { retryAfterMinutes: count });
    }
    await insertVerification(tx, {
      companyId: r.companyId, id, phone: r.phone, ip, codeHash: codeHash(deps.config.jwtSecret, id, r.phone, code), expiresAt, createdAt: now,
    });
  });
  let sent: TrackedTextSent;
  try {
    sent = await sendTrackedText(deps, { companyId: r.companyId, purpose: 'phone_code', until: expiresAt }, {
      to: r.phone, preferred: r.whatsapp ? 'whatsapp' : 'sms', whatsappConsent: r.whatsapp, language: r.language,
      text: translate('bookingPage.codeText', r.language, { organisation: r.organisation, code }),
      template: { name: deps.config.whatsapp.templates.code, params: [code] },
    });
  } catch (err) {
    // The code was recorded (it counts toward the limits, so a failing gateway cannot be used to probe without end).
    // Why it failed (the gateway's answer, a connection refused) is kept as the cause, for the server's log.
    throw Object.assign(new AppError(503, 'CODE_NOT_SENT', 'errors.bookingPage.codeNotSent'), { cause: err });
  }
  await setVerificationChannel(deps.db, r.companyId, id, sent.channel);
  return { verification: id, expiresAt: expiresAt.toISOString(), channel: sent.channel, smsIfUndelivered: sent.smsIfUndelivered };
}

/**
 * Checks a code: counts the try first (refused once expired, used or out of tries), then compares in constant time.
 * Returns the verified number and the channel the code went out on. A wrong code answers how many tries are left.
 */
export async function checkCode(db: Db, secret: string, companyId: string, verificationId: string, code: string, now: Date) {
  const tried = await countTry(db, companyId, verificationId, now, PHONE_CODE_MAX_TRIES);
  if (!tried) throw await whyClosed(db, companyId, verificationId, now);
  const expected = Buffer.from(tried.code_hash, 'hex');
  const given = Buffer.from(codeHash(secret, verificationId, tried.phone, code), 'hex');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    const left = PHONE_CODE_MAX_TRIES - tried.attempts;
    if (left <= 0) throw new AppError(429, 'CODE_TRIES_EXHAUSTED', 'errors.bookingPage.codeTriesExhausted');
    throw new AppError(422, 'CODE_WRONG', 'errors.bookingPage.codeWrong', { count: left }, { code: { key: 'errors.bookingPage.codeWrong', params: { count: left } } });
  }
  return { phone: tried.phone, channel: tried.channel };
}

async function whyClosed(db: Db, companyId: string, id: string, now: Date): Promise<AppError> {
  const v = await findVerification(db, companyId, id);
  if (v?.consumedAt) return new AppError(409, 'CODE_USED', 'errors.bookingPage.codeUsed');
  if (v && v.expiresAt.getTime() > now.getTime() && v.attempts >= PHONE_CODE_MAX_TRIES) {
    return new AppError(429, 'CODE_TRIES_EXHAUSTED', 'errors.bookingPage.codeTriesExhausted');
  }
  // Expired, or no such code for this organisation: ask for a new one.
  return new AppError(410, 'CODE_EXPIRED', 'errors.bookingPage.codeExpired');
}

/** One-time codes are kept two days (for an operator looking into a complaint), then removed by the runners' clean-up. */
export const PHONE_CODE_RETENTION_MS = 2 * 86_400_000;

/** The runners' clean-up of old one-time codes: at most ten batches of 500 per run. */
export async function cleanUpPhoneCodes(db: Db, now: Date): Promise<number> {
  const before = new Date(now.getTime() - PHONE_CODE_RETENTION_MS);
  let removed = 0;
  for (let i = 0; i < 10; i++) {
    const n = await deleteVerificationsBefore(db, before, 500);
    removed += n;
    if (n < 500) break;
  }
  return removed;
}
