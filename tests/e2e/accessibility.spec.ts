import { appendFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import AxeBuilder from '@axe-core/playwright';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { stubBookingApi } from './booking-stubs';
import { chooseFirstFreeDay, chooseFirstTime, chooseOption, fillDetails, stepTitle } from './booking-walk';
import { Api, arrivedVisit, chooseCalendarClinic, expect, openDays, patientLink, presetPreferences, signIn, test, zonedIso } from './fixtures';

/*
 * WCAG 2.1 AA, checked by axe-core on real Chromium: every screen of the page registry (apps/web/src/lib/pages.ts),
 * the public pages, an open dialog and the calendar with appointments, in English light and Arabic dark, with no
 * serious or critical violation. A path added to the registry without a visit here fails the run.
 */

// The modes are independent: they may run side by side.
test.describe.configure({ mode: 'parallel' });

const here = path.dirname(fileURLToPath(import.meta.url));
const REGISTRY = path.resolve(here, '../../apps/web/src/lib/pages.ts');

/** Every route pattern of the page registry, read from its source so that nothing can be left out by hand. */
function registryPaths(): string[] {
  const source = readFileSync(REGISTRY, 'utf8');
  const body = source.slice(source.indexOf('export const PAGES'));
  return [...body.matchAll(/\{\s*path:\s*'([^']+)'/g)].map((m) => m[1]!);
}

type Mode = { lang: 'en' | 'ar'; theme: 'light' | 'dark' };
const MODES: Mode[] = [{ lang: 'en', theme: 'light' }, { lang: 'ar', theme: 'dark' }];

interface Ids {
  user: string; patient: string; complex: string; department: string; service: string; clinic: string;
  employee: string; doctor: string; speciality: string; appointment: string; appointmentAt: string; appointmentDate: string;
  invoice: string; draftInvoice: string; cashBox: string; cashClose: string; encounter: string; prescription: string; rxToken: string;
  order: string; ticket: string;
}

/**
 * How each registry path is visited: the URL, and whether it is a public page (opened signed out). Records are the
 * test's own, made through the API.
 */
const VISITS: Record<string, { url: (ids: Ids) => string; signedOut?: boolean }> = {
  '/dashboard': { url: () => '/dashboard' },
  '/imports': { url: () => '/imports' },
  '/': { url: () => '/' },
  '/users': { url: () => '/users' },
  '/users/add': { url: () => '/users/add' },
  '/users/edit/:id': { url: (ids) => `/users/edit/${ids.user}` },
  '/users/details/:id': { url: (ids) => `/users/details/${ids.user}` },
  '/roles': { url: () => '/roles' },
  '/audit': { url: () => '/audit' },
  '/my-day': { url: () => '/my-day' },
  '/my-share': { url: () => '/my-share' },
  '/frontdesk': { url: () => '/frontdesk' },
  '/waiting-room': { url: (ids) => `/waiting-room?clinic=${ids.clinic}` },
  '/waiting-room/settings': { url: (ids) => `/waiting-room/settings?clinic=${ids.clinic}` },
  '/settings/webhooks': { url: () => '/settings/webhooks' },
  // Checked with a real link, signed out, in its own test below.
  '/visit': { url: () => '', signedOut: true },
  // Signed out, as a link that no longer works; the form of a working link is checked in invitation.spec.ts.
  '/invite': { url: () => '/invite?token=not-a-link', signedOut: true },
  '/appointments': { url: () => '/appointments' },
  '/appointments/add': { url: () => '/appointments/add' },
  '/appointments/calendar': { url: (ids) => `/appointments/calendar?view=week&date=${ids.appointmentDate}` },
  '/patients': { url: () => '/patients' },
  '/patients/add': { url: () => '/patients/add' },
  '/patients/edit/:id': { url: (ids) => `/patients/edit/${ids.patient}` },
  '/patients/appointments': { url: (ids) => `/patients/appointments?view=day&date=${ids.appointmentDate}` },
  '/patients/details/:id': { url: (ids) => `/patients/details/${ids.patient}` },
  '/waitlist': { url: () => '/waitlist' },
  '/reminders': { url: () => '/reminders' },
  '/company': { url: () => '/company' },
  '/company/edit': { url: () => '/company/edit' },
  '/medicalComplexes': { url: () => '/medicalComplexes' },
  '/medicalComplexes/add': { url: () => '/medicalComplexes/add' },
  '/medicalComplexes/edit/:id': { url: (ids) => `/medicalComplexes/edit/${ids.complex}` },
  '/medicalComplexes/details/:id': { url: (ids) => `/medicalComplexes/details/${ids.complex}` },
  '/departements': { url: () => '/departements' },
  '/departements/add': { url: () => '/departements/add' },
  '/departements/details/:id': { url: (ids) => `/departements/details/${ids.department}` },
  '/departements/edit/:id': { url: (ids) => `/departements/edit/${ids.department}` },
  '/services': { url: () => '/services' },
  '/services/add': { url: () => '/services/add' },
  '/services/edit/:id': { url: (ids) => `/services/edit/${ids.service}` },
  '/services/details/:id': { url: (ids) => `/services/details/${ids.service}` },
  '/clinics': { url: () => '/clinics' },
  '/clinics/add': { url: () => '/clinics/add' },
  '/clinics/details/:id': { url: (ids) => `/clinics/details/${ids.clinic}` },
  '/clinics/edit/:id': { url: (ids) => `/clinics/edit/${ids.clinic}` },
  '/employees': { url: () => '/employees' },
  '/employees/add': { url: () => '/employees/add' },
  '/employees/edit/:id': { url: (ids) => `/employees/edit/${ids.employee}` },
  '/employees/details/:id': { url: (ids) => `/employees/details/${ids.employee}` },
  '/doctors': { url: () => '/doctors' },
  '/doctors/add': { url: () => '/doctors/add' },
  '/doctors/details/:id': { url: (ids) => `/doctors/details/${ids.doctor}` },
  '/specialities': { url: () => '/specialities' },
  '/specialities/add': { url: () => '/specialities/add' },
  '/specialities/details/:id': { url: (ids) => `/specialities/details/${ids.speciality}` },
  '/specialities/edit/:id': { url: (ids) => `/specialities/edit/${ids.speciality}` },
  '/login': { url: () => '/login', signedOut: true },
  '/print/schedule': { url: (ids) => `/print/schedule?clinic=${ids.clinic}&date=${ids.appointmentDate}` },
  '/encounters/:id': { url: (ids) => `/encounters/${ids.encounter}` },
  '/note-templates': { url: () => '/note-templates' },
  '/medications': { url: () => '/medications' },
  '/results-entry': { url: () => '/results-entry' },
  '/order-catalogue': { url: () => '/order-catalogue' },
  '/print/order/:id': { url: (ids) => `/print/order/${ids.order}` },
  '/diagnosis-codes': { url: () => '/diagnosis-codes' },
  '/vital-ranges': { url: () => '/vital-ranges' },
  '/print/slip/:id': { url: (ids) => `/print/slip/${ids.appointment}` },
  '/print/ticket/:id': { url: (ids) => `/print/ticket/${ids.ticket}` },
  '/print/patient/:id': { url: (ids) => `/print/patient/${ids.patient}` },
  '/print/prescription/:id': { url: (ids) => `/print/prescription/${ids.prescription}` },
  '/verify/:token': { url: (ids) => `/verify/${ids.rxToken}`, signedOut: true },
  '/myProfile': { url: () => '/myProfile' },
  '/security': { url: () => '/security' },
  '/organisation/security': { url: () => '/organisation/security' },
  '/login/sso': { url: () => '/login/sso', signedOut: true },
  '/billing/invoices': { url: () => '/billing/invoices' },
  '/billing/invoices/add': { url: () => '/billing/invoices/add' },
  '/billing/invoices/edit/:id': { url: (ids) => `/billing/invoices/edit/${ids.draftInvoice}` },
  '/billing/invoices/details/:id': { url: (ids) => `/billing/invoices/details/${ids.invoice}` },
  '/billing/cash-boxes': { url: () => '/billing/cash-boxes' },
  '/billing/claims': { url: () => '/billing/claims' },
  '/billing/e-invoicing': { url: () => '/billing/e-invoicing' },
  '/billing/doctor-shares': { url: (ids) => `/billing/doctor-shares?doctor=${ids.doctor}` },
  '/print/invoice/:id': { url: (ids) => `/print/invoice/${ids.invoice}` },
  '/print/receipt/:id': { url: (ids) => `/print/receipt/${ids.invoice}` },
  '/print/cash-box-close/:box/:id': { url: (ids) => `/print/cash-box-close/${ids.cashBox}/${ids.cashClose}` },
  '/print/cash-box-close-receipt/:box/:id': { url: (ids) => `/print/cash-box-close-receipt/${ids.cashBox}/${ids.cashClose}` },
  '/print/doctor-share': { url: (ids) => `/print/doctor-share?doctor=${ids.doctor}&from=${ids.appointmentDate.slice(0, 8)}01&to=${ids.appointmentDate}` },
  // Choosing a plan comes before signing up: a signed-in user is taken to the app.
  '/SelectPlan': { url: () => '/SelectPlan', signedOut: true },
  '/companyPlan': { url: () => '/companyPlan', signedOut: true },
  '/register': { url: () => '/register', signedOut: true },
  // The waiting room's screen before pairing, and the patient's queue page with a link that is not one (a paired
  // board and a live ticket are checked in queue-display.spec.ts). Last: the screen switches to its own language.
  '/display': { url: () => '/display', signedOut: true },
  '/queue': { url: () => '/queue?token=not-a-link', signedOut: true },
};

interface Own extends Ids { clinicName: string; companyId: string }

/**
 * Records of the test's own, made through the API once per worker: a complex, a department, a clinic with a cash box
 * (Sunday to Thursday) with a doctor and a service, a nurse who is also a user, a speciality, a patient, two
 * appointments on the clinic's next open day, a draft invoice and a paid one.
 */
let own: Promise<Own> | undefined;
function ownIds(request: APIRequestContext): Promise<Own> {
  own ??= (async () => {
    const api = await Api.signIn(request);
    const { currency } = await api.get<{ currency: string }>('/billing/settings');
    const practice = await api.practice({ patients: 2, label: 'Axe Clinic', clinic: { cashBoxes: [{ name: 'Front desk', pic: 'Reception', isActive: true, currency }] } });
    const { id, clinic, service } = practice;
    const doctor = practice.doctors[0]!;
    const nurse = await api.staff(`Nurse Amal ${id}`, { clinics: [clinic._id], account: { username: `amal.${id.toLowerCase()}`, password: 'Nurse@Pass12', roleIds: [] } });
    const complex = await api.post('/cliniccollections', {
      name: `Axe Complex ${id}`, PIC: api.user._id, phone: '+966 11 222 3333', email: `complex.${id.toLowerCase()}@clinic.test`, country: 'Saudi Arabia',
      address: 'Olaya Street 40, Riyadh', yearOfEstablishment: '2012-04-15', overview: 'Outpatient complex', policies: 'Appointments first',
      vision: 'Care without waiting', goals: 'Same-week appointments', workingDays: [{ day: 'Sunday', startTime: '08:00', endTime: '22:00' }],
      locationGoogl: { x: 24.7, y: 46.6 },
    });
    const department = await api.post('/departments', {
      name: `Axe Department ${id}`, PIC: api.user._id, introduction: 'Adult medicine', yearOfEstablishment: '2014-01-10', address: 'Building B',
      vision: 'Prevention first', details: 'General clinics', clinicCollectionId: complex._id,
    });
    const speciality = await api.post('/specializations', {
      name: `Axe Speciality ${id}`, description: 'A speciality of the test', certificationRequirements: 'Board exam', medicalProcedures: 'Examinations',
      requiredEquipment: 'Stethoscope', requiredStaff: [doctor._id],
    });
    const [day] = openDays(clinic);
    const appointment = await api.book(practice, { datetime: zonedIso(day!.date, '10:00', clinic.timeZone) });
    await api.book(practice, { patient: 1, datetime: zonedIso(day!.date, '11:00', clinic.timeZone) });
    const lines = [{ kind: 'service', service: service._id }];
    const draft = await api.post('/invoices', { patient: practice.patients[0]!._id, clinic: clinic._id, lines });
    const made = await api.post<{ _id: string; version: number }>('/invoices', { patient: practice.patients[1]!._id, clinic: clinic._id, lines });
    const issued = await api.post<{ _id: string; balanceDue: number }>(`/invoices/${made._id}/issue`, { version: made.version });
    const [box] = await api.get<Array<{ _id: string }>>(`/cash-boxes?clinic=${clinic._id}`);
    await api.post(`/invoices/${made._id}/payments`, { method: 'cash', amount: issued.balanceDue, cashBox: box!._id });
    const close = await api.post<{ _id: string }>(`/cash-boxes/${box!._id}/close`, { counted: issued.balanceDue / 100 });
    // A phone-advice encounter (no appointment needed) with its draft note.
    const encounter = await api.post<{ _id: string }>('/encounters', { patient: practice.patients[0]!._id, clinic: clinic._id, reason: 'Phone advice' });
    // An issued prescription of the encounter (a drug of the demo catalogue), for its printout and its public check.
    const [drug] = await api.get<Array<{ _id: string }>>('/medications?search=Panadol&limit=5');
    const rx = await api.post<{ _id: string; version: number }>(`/patients/${practice.patients[0]!._id}/prescriptions`, {
      clinic: clinic._id, encounter: encounter._id, items: [{ medication: drug!._id, dose: 1, unit: 'tablet', route: 'oral', frequency: 'TID', durationDays: 3, quantity: 9 }],
    });
    const issuedRx = await api.post<{ verificationToken: string }>(`/prescriptions/${rx._id}/issue`, { version: rx.version });
    // A lab order of the clinic's catalogue, placed in that encounter.
    const labTest = await api.post<{ _id: string }>('/order-catalogue', {
      clinic: clinic._id, code: 'FBG', nameEn: 'Fasting glucose', nameAr: 'سكر صائم', kind: 'lab',
      analytes: [{ code: 'GLU', nameEn: 'Glucose', nameAr: 'الجلوكوز', unit: 'mmol/L', low: 3.9, high: 5.5 }],
    });
    const order = await api.post<{ _id: string }>(`/patients/${practice.patients[0]!._id}/orders`, { clinic: clinic._id, items: [labTest._id], encounter: encounter._id });
    // A patient checked in today at a clinic open now, for the queue ticket's printout.
    const arrived = await arrivedVisit(api, { clinic: `Axe Queue ${id}`, doctor: `Dr. Axe Queue ${id}`, service: `Axe Visit ${id}`, patient: `Queue Patient ${id}` });
    const queue = await api.get<{ tickets: Array<{ _id: string; appointment: string }> }>(`/waiting-room?clinic=${arrived.clinic._id}`);
    const ticket = queue.tickets.find((x) => x.appointment === arrived.visit._id)!;
    return {
      prescription: rx._id, rxToken: issuedRx.verificationToken,
      companyId: api.companyId, clinicName: clinic.name,
      user: nurse._id, patient: practice.patients[0]!._id, complex: complex._id, department: department._id, service: service._id, clinic: clinic._id,
      employee: nurse._id, doctor: doctor._id, speciality: speciality._id, invoice: made._id, draftInvoice: draft._id, cashBox: box!._id, cashClose: close._id, encounter: encounter._id, order: order._id, ticket: ticket._id,
      appointment: appointment._id, appointmentAt: appointment.datetime, appointmentDate: day!.date,
    };
  })();
  return own;
}

/**
 * The page's requests in flight and when the last one started or ended, kept for `settle`: Playwright's own
 * `networkidle` is a state of a document's load, reached once per load, so it cannot tell when a screen opened
 * within the app (no new document) has fetched what it shows.
 */
const traffic = new WeakMap<Page, { inFlight: number; last: number }>();
function trackTraffic(page: Page) {
  const state = { inFlight: 0, last: Date.now() };
  traffic.set(page, state);
  page.on('request', () => { state.inFlight += 1; state.last = Date.now(); });
  const done = () => { state.inFlight -= 1; state.last = Date.now(); };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
}

/**
 * Waits until the page has loaded what it shows: no request for a quarter of a second (a screen's follow-up requests
 * start within milliseconds of the answers they follow; the live stream is answered empty), and no spinner.
 */
async function settle(page: Page) {
  const state = traffic.get(page)!;
  await expect.poll(() => state.inFlight <= 0 && Date.now() - state.last >= 250, { timeout: 8_000, intervals: [50] }).toBe(true).catch(() => undefined);
  await expect(page.locator('.mantine-Loader:visible, [data-testid="calendar-loading"]')).toHaveCount(0, { timeout: 15_000 }).catch(() => undefined);
}

/**
 * Waits until the open dialog has finished its opening transition: fully opaque (itself and every ancestor) and no
 * animation left running. Colours measured half-way through a fade are blended with the overlay behind them.
 */
async function settleDialog(page: Page) {
  const dialog = page.getByRole('dialog').last();
  await expect(dialog).toBeVisible();
  await expect
    .poll(() =>
      dialog.evaluate((el) => {
        let opacity = 1;
        for (let e: Element | null = el; e; e = e.parentElement) opacity *= Number(getComputedStyle(e).opacity);
        return opacity;
      }),
    )
    .toBe(1);
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => undefined))));
}

/** The serious and critical violations of WCAG 2.1 A and AA on the page as it is, one line each. */
async function violations(page: Page, where: string, within?: string): Promise<string[]> {
  // Axe's run in the page itself (axe.run), rather than a partial run per frame finished in a blank page opened for
  // each check: the screens have no frames, so the rules and the result are the same, without a page per check.
  // Only violations are read: axe then skips working out a selector and an HTML excerpt for every element that passed
  // (set before the tags: `options` replaces what `withTags` adds).
  const builder = new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .setLegacyMode();
  if (within) builder.include(within);
  const result = await builder.analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (process.env.A11Y_REPORT) {
    for (const v of serious) {
      for (const n of v.nodes) appendFileSync(process.env.A11Y_REPORT, `${JSON.stringify({ where, id: v.id, target: n.target.join(' '), html: n.html.slice(0, 300), summary: n.failureSummary })}\n`);
    }
  }
  return serious
    .flatMap((v) => v.nodes.slice(0, 5).map((n) => `${where}: [${v.impact}] ${v.id} (${v.help}) at ${n.target.join(' ')}${n.failureSummary ? ` — ${n.failureSummary.replace(/\s+/g, ' ').slice(0, 200)}` : ''}`));
}

async function newPage(browser: Browser, mode: Mode): Promise<Page> {
  const context = await browser.newContext({ locale: mode.lang === 'ar' ? 'ar-SA' : 'en-US' });
  const page = await context.newPage();
  await page.route('**/api/live', (route) => route.fulfill({ status: 204 }));
  trackTraffic(page);
  return page;
}

/**
 * Opens a screen within the app already loaded, as its own links do (the router follows the history), rather than
 * loading the whole app again for each screen. Some screens' data answers take the previous screen's place only once
 * they arrive: `settle` waits for them.
 */
async function openInApp(page: Page, url: string) {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, url);
}

/** Opens a screen (`inApp`: within the app already loaded), waits until it has settled and checks it. */
async function checkVisit(page: Page, url: string, where: string, found: string[], inApp = false) {
  const started = Date.now();
  if (inApp) await openInApp(page, url);
  else await page.goto(url);
  await settle(page);
  if (process.env.A11Y_TIMING) console.log(where, Date.now() - started);
  const expected = new URL(url, 'http://x').pathname.toLowerCase();
  expect(new URL(page.url()).pathname.toLowerCase(), `${where} stays on its own screen`).toBe(expected);
  await expect(page.getByTestId('no-access')).toHaveCount(0);
  found.push(...(await violations(page, where)));
}

test('every registry path has a visit in this test', () => {
  const paths = registryPaths();
  expect(paths.length).toBeGreaterThan(40);
  expect(paths.filter((p) => !(p in VISITS)), 'registry paths the accessibility test does not visit').toEqual([]);
  expect(Object.keys(VISITS).filter((p) => !paths.includes(p)), 'visits of paths no longer in the registry').toEqual([]);
});

for (const mode of MODES) {
  const label = `${mode.lang} ${mode.theme}`;

  // The signed-in screens in groups, each its own test, so that the groups can run side by side.
  const signedIn = Object.entries(VISITS).filter(([, visit]) => !visit.signedOut);
  const GROUP = 12;
  for (let start = 0; start < signedIn.length; start += GROUP) {
    const group = signedIn.slice(start, start + GROUP);
    test(`the registry's screens ${start + 1}-${start + group.length} pass axe in ${label} (${group[0]![0]} to ${group.at(-1)![0]})`, async ({ browser, request }) => {
      test.setTimeout(300_000);
      const ids = await ownIds(request);
      const page = await newPage(browser, mode);
      await signIn(page, mode);
      const found: string[] = [];
      // The group's first screen loads the app; the others are opened within it.
      for (const [i, [pattern, visit]] of group.entries()) {
        await checkVisit(page, visit.url(ids), `${pattern} (${label})`, found, i > 0);
        if (i === 0) await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', mode.theme);
      }
      expect(found, found.join('\n')).toEqual([]);
      await page.context().close();
    });
  }

  test(`the public pages pass axe in ${label}: sign-in, sign-up, a used-up invitation and the patient's visit page`, async ({ browser, request }) => {
    test.setTimeout(120_000);
    const ids = await ownIds(request);
    const link = await patientLink(ids.companyId, ids.appointment, new Date(ids.appointmentAt));

    const page = await newPage(browser, mode);
    await presetPreferences(page, mode);
    const found: string[] = [];
    const publicPages = Object.entries(VISITS).filter(([pattern, visit]) => visit.signedOut && pattern !== '/visit');
    // The first loads the app; the others are opened within it.
    for (const [i, [pattern, visit]] of publicPages.entries()) await checkVisit(page, visit.url(ids), `${pattern} (${label})`, found, i > 0);
    // Sign-in with its errors shown: the messages are announced and linked to their fields.
    await page.goto('/login');
    await page.locator('button[type="submit"]').click();
    await expect(page.locator('input[name="email"]')).toHaveAttribute('aria-invalid', 'true');
    found.push(...(await violations(page, `/login with errors (${label})`)));

    await page.goto(`/visit#${link}`);
    await expect(page.getByTestId('visit-card')).toBeVisible();
    await settle(page);
    found.push(...(await violations(page, `/visit (${label})`)));
    // Choosing another time: the month of days.
    await page.getByTestId('visit-move-open').click();
    await expect(page.getByTestId('book-month')).toBeVisible();
    found.push(...(await violations(page, `/visit choosing another time (${label})`)));
    expect(found, found.join('\n')).toEqual([]);
    await page.context().close();
  });

  test(`the public booking page passes axe in ${label} at phone width, step by step (its API stubbed)`, async ({ browser }) => {
    const context = await browser.newContext({ locale: mode.lang === 'ar' ? 'ar-SA' : 'en-US', viewport: { width: 375, height: 812 }, colorScheme: mode.theme });
    const page = await context.newPage();
    await stubBookingApi(page);
    const found: string[] = [];
    const check = async (step: string) => found.push(...(await violations(page, `/book ${step} (${label})`)));
    await page.goto(`/book/al-noor?lang=${mode.lang}`);
    await expect(stepTitle(page)).toBeVisible();
    await check('clinic');
    await chooseOption(page, /Olaya/);
    await chooseOption(page, /General|consultation/);
    await check('doctor');
    await page.getByTestId('book-options').getByRole('button').first().click();
    await chooseFirstFreeDay(page);
    await check('time');
    await page.getByTestId('book-back').click();
    await expect(page.getByTestId('book-month')).toBeVisible();
    await check('day');
    await chooseFirstFreeDay(page);
    await chooseFirstTime(page);
    await page.getByTestId('book-send-code').click();
    await expect(page.getByTestId('book-name')).toHaveAttribute('aria-invalid', 'true');
    await check('details with errors');
    await fillDetails(page, { name: 'Maryam', phone: '0551234567', dateOfBirth: '1991-04-12', female: true });
    await expect(page.getByTestId('book-code')).toBeVisible();
    await check('code');
    await page.getByTestId('book-code').fill('123456');
    await page.getByTestId('book-confirm').click();
    await expect(page.getByTestId('book-done')).toBeVisible();
    await check('confirmation');
    expect(found, found.join('\n')).toEqual([]);
    await context.close();
  });

  test(`the calendar with appointments, the booking form, an appointment's details and a confirm dialog pass axe in ${label}`, async ({ browser, request }) => {
    test.setTimeout(120_000);
    const ids = await ownIds(request);
    const page = await newPage(browser, mode);
    await signIn(page, mode);
    const found: string[] = [];

    await page.goto(`/patients/appointments?view=week&date=${ids.appointmentDate}`);
    await expect(page.getByTestId('calendar-loading')).toHaveCount(0, { timeout: 30_000 });
    await chooseCalendarClinic(page, ids.clinicName);
    await expect(page.getByTestId('calendar-event').first()).toBeVisible({ timeout: 30_000 });
    await settle(page);
    found.push(...(await violations(page, `calendar week with appointments (${label})`)));

    // An appointment's details, in the drawer.
    // Opened from the keyboard: in a busy week the cards overlap, and a pointer would land on a neighbour.
    await page.getByTestId('calendar-event').first().focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('dialog')).toBeVisible();
    await settle(page);
    await settleDialog(page);
    found.push(...(await violations(page, `appointment details drawer (${label})`)));
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // The booking form, opened on the appointments page.
    await page.goto('/appointments/add');
    await settle(page);
    await page.locator('form button[type="submit"]').first().click();
    found.push(...(await violations(page, `appointment form with errors (${label})`)));

    // A confirmation dialog: logging out.
    await page.getByTestId('user-menu').click();
    await page.getByTestId('logout').click();
    // The dialog itself, once its opening and the account menu's closing transitions are over (the page behind it was
    // checked above).
    await settleDialog(page);
    found.push(...(await violations(page, `log-out dialog (${label})`, '[role="dialog"]')));
    expect(found, found.join('\n')).toEqual([]);
    await page.context().close();
  });
}

