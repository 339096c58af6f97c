import { PLANS, STORAGE_KEYS, type Plan, type SessionUser } from '@clinic/shared';
import { DEVICE_MARK_KEY } from './device-mark';

/**
 * The signed-in session as kept in browser storage.
 * With "Remember me" everything lives in localStorage; without it, in sessionStorage only, so a new
 * browser context starts signed out.
 */
export interface StoredSession {
  userId: string;
  userName: string;
  role: string | null;
  userEmail: string | null;
  plan: Plan | null;
  permissions: string[];
  companyId: string | null;
  employeeType: string | null;
}

/** Keys that survive sign-out and session expiry. */
const KEPT_ON_SIGN_OUT: readonly string[] = [
  STORAGE_KEYS.usedEmails,
  STORAGE_KEYS.theme,
  STORAGE_KEYS.lang,
  STORAGE_KEYS.i18nextLng,
  DEVICE_MARK_KEY,
];

/** Keys that describe the signed-in user and its tokens. */
const SESSION_KEYS: readonly string[] = [
  STORAGE_KEYS.token,
  STORAGE_KEYS.refreshToken,
  STORAGE_KEYS.userName,
  STORAGE_KEYS.role,
  STORAGE_KEYS.userEmail,
  STORAGE_KEYS.userId,
  STORAGE_KEYS.plan,
  STORAGE_KEYS.permissions,
  STORAGE_KEYS.companyId,
  STORAGE_KEYS.employeeType,
];

type Listener = () => void;
const listeners = new Set<Listener>();
function emitChange() {
  listeners.forEach((listener) => listener());
}

/** Subscribes to session changes made through this module (sign-in, refresh, sign-out). */
export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let cachedKey: string | null = null;
let cachedSession: StoredSession | null = null;

/**
 * The stored session as a stable object for useSyncExternalStore: the same object until a stored value
 * changes (also when storage was changed outside this module).
 */
export function getSessionSnapshot(): StoredSession | null {
  const key = SESSION_KEYS.map((k) => read(k) ?? '').join('\u0000');
  if (key !== cachedKey) {
    cachedKey = key;
    cachedSession = readSession();
  }
  return cachedSession;
}

function read(key: string): string | null {
  return sessionStorage.getItem(key) ?? localStorage.getItem(key);
}

export function getAccessToken(): string | null {
  return read(STORAGE_KEYS.token);
}

export function getRefreshToken(): string | null {
  return read(STORAGE_KEYS.refreshToken);
}

export function hasToken(): boolean {
  return Boolean(getAccessToken());
}

/** True while the user is signing in from the registration wizard. */
export function isLoginToRegister(): boolean {
  return localStorage.getItem(STORAGE_KEYS.loginToRegister) === 'true';
}

/** The storage that holds the refresh token (where rotated tokens must go back). */
function tokenStorage(): Storage {
  if (sessionStorage.getItem(STORAGE_KEYS.refreshToken) ?? sessionStorage.getItem(STORAGE_KEYS.token)) {
    return sessionStorage;
  }
  if (localStorage.getItem(STORAGE_KEYS.refreshToken) ?? localStorage.getItem(STORAGE_KEYS.token)) {
    return localStorage;
  }
  return sessionStorage;
}

/** Stores rotated tokens where the previous ones lived. */
export function storeTokens(accessToken: string, refreshToken: string): void {
  const storage = tokenStorage();
  storage.setItem(STORAGE_KEYS.token, accessToken);
  storage.setItem(STORAGE_KEYS.refreshToken, refreshToken);
  emitChange();
}

function encodeEmail(email: string): string {
  const bytes = new TextEncoder().encode(email);
  let binary = '';
  bytes.forEach((b) => (binary += String.fromCharCode(b)));
  return btoa(binary);
}

function decodeEmail(encoded: string): string | null {
  try {
    const binary = atob(encoded);
    return new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

function writeUser(storage: Storage, user: SessionUser) {
  storage.setItem(STORAGE_KEYS.userId, user._id);
  storage.setItem(STORAGE_KEYS.userName, user.name);
  const role = user.roles[0];
  if (role) storage.setItem(STORAGE_KEYS.role, role);
  else storage.removeItem(STORAGE_KEYS.role);
  if (user.email) storage.setItem(STORAGE_KEYS.userEmail, encodeEmail(user.email));
  else storage.removeItem(STORAGE_KEYS.userEmail);
  if (user.plan) storage.setItem(STORAGE_KEYS.plan, user.plan);
  else storage.removeItem(STORAGE_KEYS.plan);
  storage.setItem(STORAGE_KEYS.permissions, JSON.stringify(user.permissions));
  storage.setItem(STORAGE_KEYS.companyId, user.companyId);
  storage.setItem(STORAGE_KEYS.employeeType, user.employeeType);
}

/** Stores a fresh sign-in. `remember` decides between localStorage and sessionStorage. */
export function storeSignIn(
  result: { accessToken: string; refreshToken: string; user: SessionUser },
  remember: boolean,
): void {
  // Drop any earlier session from both storages, but keep wizard flags (loginToRegister, selectedPlan).
  for (const key of SESSION_KEYS) {
    localStorage.removeItem(key);
    sessionStorage.removeItem(key);
  }
  const storage = remember ? localStorage : sessionStorage;
  storage.setItem(STORAGE_KEYS.token, result.accessToken);
  storage.setItem(STORAGE_KEYS.refreshToken, result.refreshToken);
  writeUser(storage, result.user);
  emitChange();
}

/** Updates the stored user (permissions, plan, role, name) from a fresh profile. */
export function storeProfile(user: SessionUser): void {
  writeUser(tokenStorage(), user);
  emitChange();
}

function parsePermissions(text: string | null): string[] {
  if (!text) return [];
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) ? value.filter((p): p is string => typeof p === 'string') : [];
  } catch {
    return [];
  }
}

function parsePlan(text: string | null): Plan | null {
  return (PLANS as readonly string[]).includes(text ?? '') ? (text as Plan) : null;
}

/** Reads the stored session, or null when signed out. */
export function readSession(): StoredSession | null {
  if (!hasToken()) return null;
  const encodedEmail = read(STORAGE_KEYS.userEmail);
  return {
    userId: read(STORAGE_KEYS.userId) ?? '',
    userName: read(STORAGE_KEYS.userName) ?? '',
    role: read(STORAGE_KEYS.role),
    userEmail: encodedEmail ? decodeEmail(encodedEmail) : null,
    plan: parsePlan(read(STORAGE_KEYS.plan)),
    permissions: parsePermissions(read(STORAGE_KEYS.permissions)),
    companyId: read(STORAGE_KEYS.companyId),
    employeeType: read(STORAGE_KEYS.employeeType),
  };
}

function clearSessionData() {
  sessionStorage.clear();
  const keys: string[] = [];
  for (let i = 0; i < localStorage.length; i += 1) {
    const key = localStorage.key(i);
    if (key && !KEPT_ON_SIGN_OUT.includes(key)) keys.push(key);
  }
  keys.forEach((key) => localStorage.removeItem(key));
}

/** Ends the session: clears session storage and local storage except the theme, language and used e-mails. */
export function clearSession(): void {
  clearSessionData();
  emitChange();
}
