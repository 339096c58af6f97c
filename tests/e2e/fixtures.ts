import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { test as base, expect, type APIRequestContext, type Browser, type BrowserContext, type Locator, type Page } from '@playwright/test';
import { SignJWT } from 'jose';
import { STORAGE_KEYS, type SessionUser } from '@clinic/shared';

export const DEMO = { username: 'admin', email: 'admin@demo.clinic', password: 'Demo@1234' } as const;

export interface SignInOptions {
  username?: string;
  password?: string;
  /** Interface language for the session ('en' default). */
  lang?: 'en' | 'ar';
  /** Colour scheme to start with. */
  theme?: 'light' | 'dark';
  remember?: boolean;
}

/** Presets language and theme the way the app stores them, before any page script runs. */
export async function presetPreferences(page: Page, opts: { lang?: 'en' | 'ar'; theme?: 'light' | 'dark' }) {
  await page.addInitScript(({ lang, theme }) => {
    if (lang && !window.localStorage.getItem('lang')) {
      window.localStorage.setItem('lang', lang);
      window.localStorage.setItem('i18nextLng', lang);
    }
    if (theme && !window.localStorage.getItem('theme')) window.localStorage.setItem('theme', theme);
  }, { lang: opts.lang, theme: opts.theme });
}

/**
 * Signs in through the sign-in screen, as a person would, and waits until the app has left /login (for the user's
 * landing screen). For the tests of signing in itself and of where a user lands; the others use `signIn`.
 */
export async function signInThroughForm(page: Page, opts: SignInOptions = {}) {
  await presetPreferences(page, opts);
  await page.goto('/login');
  const form = page.locator('form').filter({ has: page.locator('input[name="password"]') });
  await form.locator('input[name="email"]').fill(opts.username ?? DEMO.username);
  await form.locator('input[name="password"]').fill(opts.password ?? DEMO.password);
  const remember = form.getByRole('checkbox');
  if ((opts.remember ?? true) !== (await remember.isChecked())) await remember.click();
  await form.locator('button[type="submit"]').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'), { timeout: 20_000 });
}

/**
 * Signs in through the API (`POST /api/auth/login`) and keeps the session in the page's storage under the keys the
 * sign-in screen writes (packages/shared STORAGE_KEYS, apps/web/src/lib/session.ts `storeSignIn`: localStorage with
 * "Remember me", else sessionStorage), with the language and theme preset. A sign-in through the screen costs a full
 * load of the app and its form; this costs one request. The page is left on a blank page of the app's origin
 * (`/api/health`): the test opens the screen it needs next. Each call is a sign-in of its own (its own tokens).
 */
export async function signIn(page: Page, opts: SignInOptions = {}) {
  await presetPreferences(page, opts);
  const res = await page.request.post('/api/auth/login', { data: { email: opts.username ?? DEMO.username, password: opts.password ?? DEMO.password } });
  expect(res.status(), `sign-in: ${await res.text()}`).toBe(200);
  const { data } = (await res.json()) as { data: { accessToken: string; refreshToken: string; user: SessionUser } };
  await page.goto('/api/health');
  await page.evaluate(({ result, remember, keys }) => {
    const storage = remember ? window.localStorage : window.sessionStorage;
    const { user } = result;
    storage.setItem(keys.token, result.accessToken);
    storage.setItem(keys.refreshToken, result.refreshToken);
    storage.setItem(keys.userId, user._id);
    storage.setItem(keys.userName, user.name);
    if (user.roles[0]) storage.setItem(keys.role, user.roles[0]);
    // The e-mail is kept base64-encoded (UTF-8), as the sign-in screen keeps it.
    if (user.email) storage.setItem(keys.userEmail, btoa(Array.from(new TextEncoder().encode(user.email), (b) => String.fromCharCode(b)).join('')));
    if (user.plan) storage.setItem(keys.plan, user.plan);
    storage.setItem(keys.permissions, JSON.stringify(user.permissions));
    storage.setItem(keys.companyId, user.companyId);
    storage.setItem(keys.employeeType, user.employeeType);
  }, { result: data, remember: opts.remember ?? true, keys: STORAGE_KEYS });
}

export const test = base;

/** Where the suite's screenshots go (looked at, not compared): tests/e2e/artifacts/screenshots. */
export const SHOTS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'artifacts', 'screenshots');

/** A screenshot of the page under SHOTS, `<name>.png`, the whole page unless told. */
export async function shot(page: Page, name: string, fullPage = true): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage });
}
export { expect };

/** Makes a role in the Roles screen (the page is signed in as someone who may), holding just `permissions`. */
export async function makeRole(page: Page, name: string, permissions: readonly string[]) {
  await page.goto('/roles');
  await page.getByTestId('add-role').click();
  const form = page.getByTestId('role-form');
  await form.getByTestId('role-name').fill(name);
  for (const permission of permissions) await form.getByTestId(`permission-${permission}`).check();
  await form.getByTestId('role-submit').click();
  await expect(page.getByTestId('roles-table')).toContainText(name);
}

/* ------------------------------------------------------------------------------------------------------------------ */
/* A limited-role user made through the app's own screens: invited by e-mail, the link taken up in a fresh browser    */

export interface InviteOptions {
  name: string;
  /** The role to grant, as the Roles screen names it. */
  roleName: string;
  /** Default: made from the name. */
  email?: string;
  /** The clinics the person works at, as the clinic list names them. */
  clinics?: string[];
}

/**
 * On the Users screen (the page is signed in as someone who may create users): invites a person with one role and
 * reads the link from the dialog, which it leaves open (its result view) for the caller to look at or close.
 */
export async function sendInvitation(page: Page, opts: InviteOptions): Promise<{ link: string; email: string }> {
  const email = opts.email ?? `${opts.name.toLowerCase().replace(/[^a-z0-9]+/g, '.').replace(/^\.|\.$/g, '')}@clinic.test`;
  await page.goto('/users');
  await page.getByTestId('invite-user').click();
  const form = page.getByTestId('invite-form');
  await form.getByTestId('invite-name').fill(opts.name);
  await form.getByTestId('invite-email').fill(email);
  await form.getByTestId('invite-roles').click();
  await form.getByTestId('invite-roles').fill(opts.roleName);
  await page.getByRole('option', { name: opts.roleName, exact: true }).click();
  // Closes the role list (Escape would close the dialog).
  await form.getByTestId('invite-name').click();
  for (const clinic of opts.clinics ?? []) {
    await form.getByTestId('invite-clinics').click();
    await form.getByTestId('invite-clinics').fill(clinic);
    await page.getByRole('option', { name: clinic, exact: true }).click();
    await form.getByTestId('invite-name').click();
  }
  await form.getByTestId('invite-submit').click();
  const link = await page.getByTestId('invite-link').inputValue();
  expect(link).toMatch(/\/invite\?token=/);
  return { link, email };
}

export interface AcceptOptions {
  username?: string;
  password?: string;
  lang?: 'en' | 'ar';
  theme?: 'light' | 'dark';
  viewport?: { width: number; height: number };
  /** Called once the dialog shows the link (for a screenshot). */
  onSent?: (page: Page) => Promise<void>;
  /** Called once the invitation page shows the form (for a screenshot). */
  beforeAccept?: (page: Page) => Promise<void>;
}

/** Opens the link in a fresh browser (no session), chooses a user name and password and waits until signed in. */
export async function acceptInvitation(browser: Browser, link: string, opts: AcceptOptions = {}): Promise<{ username: string; password: string; context: BrowserContext; page: Page }> {
  const username = opts.username ?? `inv.${runId().toLowerCase()}`;
  const password = opts.password ?? 'Invited@Pass12';
  const context = await browser.newContext(opts.viewport ? { viewport: opts.viewport } : {});
  const page = await context.newPage();
  await presetPreferences(page, opts);
  await page.goto(link);
  await page.getByTestId('invite-username').fill(username);
  await page.getByTestId('invite-password').fill(password);
  await page.getByTestId('invite-confirm-password').fill(password);
  await opts.beforeAccept?.(page);
  await page.getByTestId('invite-accept').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/invite'), { timeout: 20_000 });
  return { username, password, context, page };
}

/**
 * A user with a limited role, made the way an administrator would: invited from the Users screen, the link opened
 * in a fresh browser context, where they choose their user name and password and are signed in (close `context`).
 */
export async function inviteUser(page: Page, browser: Browser, opts: InviteOptions & AcceptOptions) {
  const { link, email } = await sendInvitation(page, opts);
  await opts.onSent?.(page);
  await page.getByTestId('invite-done').click();
  return { ...(await acceptInvitation(browser, link, opts)), link, email };
}

/* ------------------------------------------------------------------------------------------------------------------ */
/* Data of the test's own, made through the public API                                                               */

export const DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export type Day = (typeof DAYS)[number];
export type Hours = Array<{ day: Day; timeSlots: Array<{ startTime: string; endTime: string }> }>;
export interface Ref { _id: string; name: string }

/** Open every day around the clock: any time of any day books. */
export const ALWAYS_OPEN: Hours = DAYS.map((day) => ({ day, timeSlots: [{ startTime: '00:00', endTime: '23:59' }] }));
/** Sunday to Thursday, 08:00 to 16:00: a clinic closed two days a week. */
export const WEEKDAYS: Hours = DAYS.slice(0, 5).map((day) => ({ day, timeSlots: [{ startTime: '08:00', endTime: '16:00' }] }));

/**
 * A fresh id of letters only (names made with it read as names), different on every call, in every worker and every
 * run: two runs on the same database never meet each other's records.
 */
export function runId(): string {
  const letters = Array.from(randomBytes(8), (b) => String.fromCharCode(97 + (b % 26))).join('');
  return letters.charAt(0).toUpperCase() + letters.slice(1);
}

export const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The calendar date (YYYY-MM-DD) it is now in `timeZone`. */
export const todayIn = (timeZone: string, at = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(at);

/**
 * A time zone where it is now daytime (06:00 to 20:00), for a clinic whose test books "later today" and reads the
 * clinic's today (the front desk board): the next hours are then still today there, whenever the suite runs.
 * Riyadh, Auckland and Kiritimati between them cover every hour of every day of the year.
 */
export function daytimeZone(at = new Date()): string {
  const hourIn = (timeZone: string) => Number(new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', hour: '2-digit' }).format(at));
  return ['Asia/Riyadh', 'Pacific/Auckland', 'Pacific/Kiritimati'].find((zone) => hourIn(zone) >= 6 && hourIn(zone) < 20) ?? 'Asia/Riyadh';
}

/** The day after (or `n` days after) a calendar date. */
export const addDays = (date: string, n = 1) => new Date(Date.parse(`${date}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The weekday of a calendar date. */
export const dayOf = (date: string): Day => DAYS[new Date(`${date}T00:00:00Z`).getUTCDay()]!;

/** The instant (ISO, UTC) of a wall-clock date and time in `timeZone`, whatever its offset that day. */
export function zonedIso(date: string, time: string, timeZone: string): string {
  const wall = Date.parse(`${date}T${time}:00Z`);
  const offsetAt = (instant: number) => {
    const parts = Object.fromEntries(new Intl.DateTimeFormat('en-US', {
      timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit',
    }).formatToParts(new Date(instant)).map((p) => [p.type, p.value]));
    return Date.parse(`${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}Z`) - instant;
  };
  let instant = wall - offsetAt(wall);
  instant = wall - offsetAt(instant);
  return new Date(instant).toISOString();
}

/**
 * The days a clinic is open, computed from its working hours in its own time zone: the first `count` of them from
 * `after` days after today on (1: tomorrow), with the day's first opening time. Never a fixed date.
 */
export function openDays(clinic: { timeZone: string; hours: Hours }, { after = 1, count = 1 } = {}): Array<{ date: string; opens: string; closes: string }> {
  const found: Array<{ date: string; opens: string; closes: string }> = [];
  for (let date = addDays(todayIn(clinic.timeZone), after); found.length < count; date = addDays(date)) {
    const slots = clinic.hours.find((h) => h.day === dayOf(date))?.timeSlots;
    if (slots?.length) found.push({ date, opens: slots[0]!.startTime, closes: slots[0]!.endTime });
  }
  return found;
}

/** The company id a sign-in's token names. */
export const companyOf = (token: string) => (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { cid: string }).cid;

/** The access token the signed-in page holds. */
export async function tokenOf(page: Page): Promise<string> {
  return page.evaluate(() => sessionStorage.getItem('token') ?? localStorage.getItem('token') ?? '');
}

export interface Clinic extends Ref { timeZone: string; hours: Hours }
export interface Practice {
  id: string;
  clinic: Clinic;
  service: Ref & { minutes: number };
  doctors: Ref[];
  patients: Ref[];
}

/**
 * The public API as a signed-in member of staff: a request context with the bearer token of `POST /api/auth/login`.
 * Every call checks its answer and returns its `data`.
 */
export class Api {
  private constructor(
    readonly request: APIRequestContext,
    readonly token: string,
    /** The signed-in person (an employee of the company). */
    readonly user: Ref,
  ) {}

  /** Signs in through the API (the demo administrator unless told otherwise). */
  static async signIn(request: APIRequestContext, creds: { username?: string; password?: string } = {}): Promise<Api> {
    const res = await request.post('/api/auth/login', { data: { email: creds.username ?? DEMO.username, password: creds.password ?? DEMO.password } });
    expect(res.status(), `sign-in: ${await res.text()}`).toBe(200);
    const { accessToken, user } = ((await res.json()) as { data: { accessToken: string; user: Ref } }).data;
    return new Api(request, accessToken, { _id: user._id, name: user.name });
  }

  get companyId(): string {
    return companyOf(this.token);
  }

  async call<T = { _id: string }>(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, data?: unknown): Promise<T> {
    const res = await this.request.fetch(`/api${path}`, { method, headers: { authorization: `Bearer ${this.token}` }, ...(data === undefined ? {} : { data }) });
    expect(res.ok(), `${method} ${path}: ${res.status()} ${await res.text()}`).toBeTruthy();
    return ((await res.json()) as { data: T }).data;
  }

  get<T>(path: string) { return this.call<T>('GET', path); }
  post<T = { _id: string }>(path: string, data: unknown) { return this.call<T>('POST', path, data); }
  patch<T = { _id: string }>(path: string, data: unknown) { return this.call<T>('PATCH', path, data); }
  put<T = { _id: string }>(path: string, data: unknown) { return this.call<T>('PUT', path, data); }

  /** A clinic in Riyadh's time zone, its person in charge the signed-in user. */
  async clinic(name: string, opts: { hours?: Hours; timeZone?: string; extra?: Record<string, unknown> } = {}): Promise<Clinic> {
    const hours = opts.hours ?? WEEKDAYS;
    const timeZone = opts.timeZone ?? 'Asia/Riyadh';
    const made = await this.post('/clinics', {
      name, PIC: this.user._id, AverageDurationOfVisit: 15, timeZone, overview: 'Outpatient visits', yearOfEstablishment: '2016-01-01',
      address: 'Ground floor', vision: 'Short waits', goals: 'Short waits', locationGoogl: { x: 24.7, y: 46.6 }, WorkingHours: hours, ...opts.extra,
    });
    return { _id: made._id, name, timeZone, hours };
  }

  /** A doctor of the clinic, working the clinic's hours. */
  async doctor(clinic: Clinic, name: string): Promise<Ref> {
    const key = name.toLowerCase().replace(/[^a-z]/g, '');
    const made = await this.post('/employees', {
      name, employeeType: 'Doctor', email: `${key}@clinic.test`, identity: `D-${key}`, clinics: [clinic._id],
      contactInfos: [{ type: 'phone', value: '0500000000' }], dateOfBirth: '1985-01-01', gender: 'female', address: 'Riyadh', hireDate: '2020-01-01',
      medicalLicenseNumber: `L-${key}`, certifications: ['Board certified'], jobType: 'FULL_TIME', professional_experience: 'Ten years in family medicine',
      workingHours: clinic.hours.flatMap((h) => h.timeSlots.map((s) => ({ day: h.day, startTime: s.startTime, endTime: s.endTime }))),
    });
    return { _id: made._id, name };
  }

  /** A member of staff who is not a doctor (Sunday to Thursday, 08:00-16:00); with `account`, also a user who signs in. */
  async staff(name: string, opts: { type?: 'Nurse' | 'Administrative'; clinics?: string[]; account?: { username: string; password: string; roleIds: string[] } } = {}): Promise<Ref> {
    const key = name.toLowerCase().replace(/[^a-z]/g, '');
    const made = await this.post('/employees', {
      name, employeeType: opts.type ?? 'Nurse', email: `${key}@clinic.test`, identity: `S-${key}`, clinics: opts.clinics ?? [],
      contactInfos: [{ type: 'phone', value: '0500000000' }], dateOfBirth: '1990-01-01', gender: 'female', address: 'Riyadh', hireDate: '2020-01-01',
      jobType: 'FULL_TIME', professional_experience: 'Eight years on the wards',
      workingHours: DAYS.slice(0, 5).map((day) => ({ day, startTime: '08:00', endTime: '16:00' })), ...opts.account,
    });
    return { _id: made._id, name };
  }

  /** A member of staff who signs in with a role of exactly these permissions, at these clinics, with a password of their own. */
  async signInUser(permissions: string[], clinics: string[], label = 'Desk'): Promise<{ username: string; password: string }> {
    const id = runId();
    const role = await this.post('/roles', { name: `${label} ${id}`, permissions });
    const username = `${label.toLowerCase()}.${id.toLowerCase()}`;
    const password = 'Desk@Pass12';
    await this.staff(`${label} ${id}`, { type: 'Administrative', clinics, account: { username, password, roleIds: [role._id] } });
    return { username, password };
  }

  async service(clinic: Clinic, doctors: Ref[], name: string, minutes = 15): Promise<Ref & { minutes: number }> {
    const made = await this.post('/services', { name, description: 'A visit', price: 100, durationMinutes: minutes, clinic: clinic._id, doctors: doctors.map((d) => d._id) });
    return { _id: made._id, name, minutes };
  }

  async patient(name: string, extra: Record<string, unknown> = {}): Promise<Ref> {
    const key = name.replace(/[^A-Za-z]/g, '');
    const made = await this.post('/patients', {
      name, identity: `P-${key}`.slice(0, 30), phone: '0501234567', dateOfBirth: '1990-01-01', gender: 'female', nationality: 'Saudi',
      marital_status: 'Single', blood_type: 'O+', address: 'Riyadh', Smoking: 'no', professiona_experi: 'Teacher', ...extra,
    });
    return { _id: made._id, name };
  }

  async book(p: Practice, opts: { patient?: number; doctor?: number; datetime: string; reason?: string }) {
    return this.post<{ _id: string; version: number; datetime: string; publicId: string }>('/appointments', {
      patient: p.patients[opts.patient ?? 0]!._id, doctor: p.doctors[opts.doctor ?? 0]!._id, clinic: p.clinic._id, service: p.service._id,
      datetime: opts.datetime, reason: opts.reason ?? 'Check-up',
    });
  }

  /**
   * A practice of the test's own: a clinic (Sunday to Thursday, 08:00-16:00 unless told otherwise), its doctors, a
   * 15-minute service they all provide and patients, every name ending in one fresh run id.
   */
  async practice(opts: { doctors?: number; patients?: number; hours?: Hours; clinic?: Record<string, unknown>; label?: string } = {}): Promise<Practice> {
    const id = runId();
    const clinic = await this.clinic(`${opts.label ?? 'Clinic'} ${id}`, { hours: opts.hours, extra: opts.clinic });
    const doctors: Ref[] = [];
    for (const first of ['Rana', 'Omar', 'Lina', 'Fahad'].slice(0, opts.doctors ?? 1)) doctors.push(await this.doctor(clinic, `Dr. ${first} ${id}`));
    const service = await this.service(clinic, doctors, `Check-up ${id}`);
    const patients: Ref[] = [];
    for (const first of ['Huda', 'Karim', 'Salma', 'Nasser', 'Reem', 'Tariq'].slice(0, opts.patients ?? 2)) patients.push(await this.patient(`${first} ${id}`));
    return { id, clinic, service, doctors, patients };
  }
}

/** The link a reminder carries, signed the way the server signs it, with the server's secret from its data folder. */
export async function patientLink(companyId: string, appointmentId: string, expiresAt: Date): Promise<string> {
  const secret = readFileSync(path.join(process.env.E2E_DATA_DIR!, 'jwt-secret'), 'utf8').trim();
  const key = new Uint8Array(createHmac('sha256', secret).update('patient-visit-link').digest());
  return new SignJWT({ cid: companyId })
    .setProtectedHeader({ alg: 'HS256' })
    .setAudience('clinic-patient-visit')
    .setSubject(appointmentId)
    .setJti(randomUUID())
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(key);
}

/** Picks a clinic in the calendar's clinic picker. */
export async function chooseCalendarClinic(page: Page, name: string) {
  await page.getByTestId('calendar-clinic').click();
  await page.getByRole('option', { name, exact: true }).click();
  await expect(page.getByTestId('calendar-clinic')).toHaveValue(name);
}

/** A member of staff with one built-in role, working at the clinic at all hours, who can sign in (username, password). */
export async function staffAccount(api: Api, clinicId: string, name: string, roleName: string, employeeType: string) {
  const id = runId().toLowerCase();
  // Every role whose name holds the word (other tests make roles such as "Doctor 3f2a"), not just the first page.
  const roles = await api.get<Array<{ _id: string; name: string }>>(`/roles?search=${encodeURIComponent(roleName)}&allData=true`);
  const role = roles.find((r) => r.name === roleName);
  if (!role) throw new Error(`The built-in role "${roleName}" was not found`);
  const username = `${roleName.toLowerCase()}.${id}`;
  const password = 'Staff@Pass12';
  const made = await api.post('/employees', {
    name, employeeType, email: `${username}@clinic.test`, identity: `E-${id}`, clinics: [clinicId],
    contactInfos: [{ type: 'phone', value: '0500000000' }], dateOfBirth: '1985-01-01', gender: 'female', address: 'Riyadh', hireDate: '2020-01-01',
    ...(employeeType === 'Doctor' ? { medicalLicenseNumber: `L-${id}`, certifications: ['Board certified'] } : {}),
    jobType: 'FULL_TIME', professional_experience: 'Ten years',
    workingHours: ALWAYS_OPEN.flatMap((h) => h.timeSlots.map((s) => ({ day: h.day, startTime: s.startTime, endTime: s.endTime }))),
    username, password, roleIds: [role._id],
  });
  return { _id: made._id, name, username, password };
}

/** Adds drugs to the organisation's medication catalogue through its CSV import (rows: name,generic,form,strength,Arabic name). */
export async function importMedications(api: Api, rows: string[]) {
  const csv = ['name,generic name,form,strength,Arabic name', ...rows].join('\n');
  const res = await api.request.post('/api/medications/import', {
    headers: { authorization: `Bearer ${api.token}` },
    multipart: { file: { name: 'drugs.csv', mimeType: 'text/csv', buffer: Buffer.from(`${csv}\n`, 'utf8') } },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * A doctor's day of the test's own: a clinic open now (in a time zone where it is daytime), a doctor who signs in with
 * the built-in Doctor role, a service, a patient, and the patient's visit in half an hour, already arrived.
 */
export async function arrivedVisit(api: Api, names: { clinic: string; doctor: string; service: string; patient: string }) {
  const clinic = await api.clinic(names.clinic, { hours: ALWAYS_OPEN, timeZone: daytimeZone() });
  const doctor = await staffAccount(api, clinic._id, names.doctor, 'Doctor', 'Doctor');
  const doctorRef = { _id: doctor._id, name: doctor.name };
  const service = await api.service(clinic, [doctorRef], names.service);
  const patient = await api.patient(names.patient);
  const practice = { id: '', clinic, service, doctors: [doctorRef], patients: [patient] };
  const visit = await api.book(practice, { patient: 0, datetime: new Date(Date.now() + 30 * 60_000).toISOString() });
  await api.patch(`/appointments/${visit._id}`, { status: 'arrived', version: visit.version });
  return { clinic, doctor, service, patient, visit };
}

/**
 * In Arabic, on a prescription panel: a new prescription of `drug` (searched by its Arabic name, chosen with the
 * keyboard) for a patient allergic to `substance`. The allergy warning shows; the printout is set to Arabic; issuing
 * without a reason is refused in Arabic, and with `reason` the prescription is issued, twice daily. Returns its row.
 * `onWarning` runs while the warning is in view (for more checks or a screenshot).
 */
export async function prescribeDespiteAllergyAr(page: Page, opts: { drug: string; arabicName: string; substance: string; reason: string; onWarning?: (form: Locator) => Promise<void> }) {
  const panel = page.getByTestId('prescription-panel');
  await panel.getByTestId('rx-new').click();
  const form = page.getByTestId('rx-form');
  const picker = form.getByTestId('medication-drug');
  await picker.fill(opts.arabicName);
  // Chosen once the server's answer (that drug alone) has replaced the first page of the catalogue.
  await expect(page.getByRole('option')).toHaveText([new RegExp(escapeRegExp(opts.drug))]);
  await picker.press('ArrowDown');
  await picker.press('Enter');
  const warning = form.getByTestId('rx-warning-allergy');
  await expect(warning).toContainText('حساسية');
  await expect(warning).toContainText(opts.substance);
  // The printout in Arabic (the patient has no preferred language on record).
  await form.getByTestId('rx-language').click();
  await page.getByRole('option', { name: 'العربية' }).click();
  await opts.onWarning?.(form);
  await form.getByTestId('rx-issue').click();
  await expect(form.getByTestId('rx-form-error')).toContainText('يحتاج كل تنبيه إلى سبب');
  await warning.getByTestId('rx-warning-reason').fill(opts.reason);
  await form.getByTestId('rx-issue').click();
  await expect(form).toBeHidden();
  const row = panel.getByTestId('rx-row').first();
  await expect(row).toContainText('صادرة');
  await expect(row).toContainText('مرتين يومياً');
  return row;
}
