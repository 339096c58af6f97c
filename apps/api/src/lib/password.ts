import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

// scrypt with N=2^15, r=8, p=1 (about 32 MiB and tens of milliseconds a hash): deliberately slow. PASSWORD_HASH_COST
// (log2 of N) may raise it; only a test run may lower it, so that its hundreds of sign-ins do not each spend 60 ms.
// A hash records its own parameters, so hashes made at another cost keep verifying.
export const DEFAULT_PASSWORD_COST = 15;
export const MIN_TEST_PASSWORD_COST = 10;
export const MAX_PASSWORD_COST = 17;
let N = 1 << DEFAULT_PASSWORD_COST;
const R = 8;
const P = 1;
const KEYLEN = 32;
// Room for the largest cost: scrypt takes 128 * r * N bytes, 128 MiB at N = 2^17.
const MAXMEM = 128 * R * (1 << MAX_PASSWORD_COST) + 16 * 1024 * 1024;

/** The cost (log2 of N) new hashes are made with. */
export function passwordHashCost(): number {
  return Math.log2(N);
}

/** Sets the cost of the hashes made from now on (the server's PASSWORD_HASH_COST, checked by the configuration). */
export function setPasswordHashCost(cost: number): void {
  if (!Number.isInteger(cost) || cost < MIN_TEST_PASSWORD_COST || cost > MAX_PASSWORD_COST) throw new RangeError(`password hash cost ${cost}`);
  N = 1 << cost;
}

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(password.normalize('NFKC'), salt, KEYLEN, { N: n, r, p, maxmem: MAXMEM }, (err, key) =>
      err ? reject(err) : resolve(key),
    );
  });
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, N, R, P);
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p));
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash of a random password, verified against when the account does not exist, so timing reveals nothing. */
let dummy: Promise<string> | undefined;
export function dummyHash(): Promise<string> {
  dummy ??= hashPassword(randomBytes(16).toString('hex'));
  return dummy;
}
