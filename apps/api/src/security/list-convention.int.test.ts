import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ALL_DATA_CAP, APPOINTMENT_RANGE_CAP, APPOINTMENT_RANGE_MAX_DAYS, DEFAULT_PAGE_SIZE } from '@clinic/shared';
import type { RegisteredRoute } from '../app.js';
import { seedBilling } from '../seed/billing.js';
import { seedMedications } from '../seed/clinical-medications.js';
import { seedEncounters } from '../seed/clinical-encounter.js';
import { seedOrders } from '../seed/clinical-orders.js';
import { auth, body, contextWithOrg, seedOrgData, type TestContext, type TestOrg } from '../test/harness.js';
import { protectedRoutes } from '../test/route-helpers.js';

/**
 * Every list follows the list convention (docs/api.md, "Lists"): it accepts `page` and `limit` (5, 10, 15, 20, 30),
 * answers a `pagination` object with the right numbers, and `allData=true` answers every row up to the documented
 * cap, still with `pagination`. The lists are read from the server's route table: every GET whose 200 answer's `data`
 * is an array, so a list added later is covered at once.
 */

/** Lists deliberately not paged. Adding one is a deliberate decision: list it here, with the reason. */
const NOT_PAGED: Record<string, string> = {
  // The caller's own passkeys: a handful per person.
  'GET /api/passkeys': 'bounded by one person',
  // The fixed catalogue of permissions (a few dozen, from the code), for the role form's checkboxes.
  'GET /api/permissions': 'fixed lookup',
  // The caller's own company: one row.
  'GET /api/companies': 'one row',
  // One appointment's reminders: at most its clinic's channels times its lead times.
  'GET /api/appointments/:id/reminders': 'bounded by one appointment',
  // A search answer, not a list of records: the first free times, as many as the caller asks (at most a handful).
  'GET /api/appointments/next-free': 'search answer with its own count',
  // One patient's vitals, newest first, for the panel and the trend chart: bounded by its own limit (at most 500).
  'GET /api/patients/:id/vitals': 'bounded by one patient, limit up to 500',
  // The best matches of a code search, at most its `limit` (50): a search answer, not a list of records.
  'GET /api/diagnosis-codes': 'search answer with its own count',
  // One visit's diagnoses: at most ENCOUNTER_DIAGNOSES_MAX (20).
  'GET /api/patients/:id/diagnoses': 'bounded by one encounter',
  // One patient's problem list, whole (a patient has a handful; capped at PATIENT_PROBLEMS_MAX, 500).
  'GET /api/patients/:id/problems': 'bounded by one patient',
  // One patient's chart: keyset-paged (`cursor`, `nextCursor`) with its own `limit` (1-100), never by page number.
  'GET /api/patients/:id/chart': 'keyset-paged by cursor, limit up to 100',
  // One person's sign-in sessions, live first: at most SESSION_LIST_MAX (50); their history pages on its own.
  'GET /api/sessions': 'bounded by one person, at most 50',
  'GET /api/employees/:id/sessions': 'bounded by one person, at most 50',
  // An organisation's webhook endpoints: at most WEBHOOK_ENDPOINTS_MAX (20); their deliveries page.
  'GET /api/webhooks': 'bounded by one organisation, at most 20',
  // The doctors whose share the caller may see, for the statement's picker: the company's doctors (one without
  // doctor_share_read_all); and their share rules, a few per doctor and service, read whole (by doctor) for the rules table.
  'GET /api/doctor-shares/doctors': 'bounded by the company\'s doctors',
  'GET /api/doctor-shares/rules': 'a few per doctor, filtered by doctor',
};

/**
 * Lists the demo seed fills with fewer rows than a page of five; they are still checked for the pagination object and
 * the limit, and their own module tests page through them.
 */
const ONE_PAGE_ONLY = new Set<string>([
  'GET /api/roles', // the built-in roles (five)
  'GET /api/cliniccollections', // two complexes
  'GET /api/departments', // four departments
  'GET /api/claims', // the seed's insurers cover no services, so no claims
  'GET /api/note-templates', // the demo's one template (dental examination); modules/encounters pages through more
]);

const ROWS = 6;

/** Lists under one record (`/api/patients/:id/medications`): the record the seed filled, by the route. */
const parentIds: Record<string, string> = {};
const urlOf = (r: RegisteredRoute) => r.url.replace(':id', parentIds[`${r.method} ${r.url}`] ?? ':id');

let ctx: TestContext;
let org: TestOrg;

function answersAList(r: RegisteredRoute): boolean {
  const response = (r.schema as { response?: Record<number, unknown> } | undefined)?.response?.[200];
  if (!(response instanceof z.ZodObject)) return false;
  const data = (response.shape as Record<string, unknown>).data;
  return data instanceof z.ZodArray;
}

const lists = () => protectedRoutes(ctx).filter((r) => r.method === 'GET' && answersAList(r));

async function seedLists(companyId: string, adminId: string) {
  const q = (text: string, params: unknown[] = []) => ctx.database.query<{ id: string }>(text, params);
  const [party] = await q(`select patient_id, service_id, clinic_id, doctor_id, id from appointments where company_id = $1 order by id limit 1`, [companyId]) as unknown as
    Array<{ patient_id: string; service_id: string; clinic_id: string; doctor_id: string; id: string }>;
  const doctors = (await q(`select id from employees where company_id = $1 and employee_type = 'Doctor' order by id limit $2`, [companyId, ROWS])).map((r) => r.id);
  for (let i = 0; i < ROWS; i++) {
    await q(`insert into waitlist_entries (company_id, public_id, patient_id, service_id, clinic_id) values ($1, $2, $3, $4, $5)`,
      [companyId, `WL-${String(i + 1).padStart(6, '0')}`, party!.patient_id, party!.service_id, party!.clinic_id]);
    await q(`insert into notifications (company_id, recipient_id, kind, entity, entity_id) values ($1, $2, 'appointment_booked', 'appointment', $3)`,
      [companyId, adminId, party!.id]);
    await q(`insert into reminders (company_id, appointment_id, channel, due_at, status) values ($1, $2, 'email', now() + ($3 || ' hours')::interval, 'planned')`,
      [companyId, party!.id, String(i + 1)]);
    await q(`insert into calendar_feeds (company_id, doctor_id, secret_hash) values ($1, $2, $3)`, [companyId, doctors[i % doctors.length], `list-convention-${i}`]);
    await q(`insert into patient_medications (company_id, patient_id, name, name_key, route, frequency, start_date) values ($1, $2, $3, $3, 'oral', 'OD', current_date - $4::int)`,
      [companyId, party!.patient_id, `Drug ${i + 1}`, i]);    // Resulted orders of one patient, placed by the administrator (the caller's own results to review).
    await q(`insert into orders (company_id, number, kind, patient_id, doctor_id, clinic_id, status, resulted_at) values ($1, $2, 'lab', $3, $4, $5, 'resulted', now())`,
      [companyId, `LAB-2000-${String(i + 1).padStart(6, '0')}`, party!.patient_id, adminId, party!.clinic_id]);
  }
  // Import batches, newest first.
  for (let i = 0; i < ROWS; i++) {
    await q(`insert into import_batches (company_id, kind, file_id, file_name, created_at) values ($1, 'patients', gen_random_uuid(), $2, now() - ($3 || ' minutes')::interval)`,
      [companyId, `patients-${i + 1}.csv`, String(i)]);
  }
  // One webhook endpoint's deliveries.
  const [hook] = await q(`insert into webhook_endpoints (company_id, url, events, secret_enc) values ($1, 'https://93.184.215.14/hook', '["invoice.paid"]', 'v1.x.y.z') returning id`, [companyId]);
  for (let i = 0; i < ROWS; i++) {
    await q(`insert into webhook_deliveries (company_id, endpoint_id, message_id, event_type, payload, created_at) values ($1, $2, $3, 'invoice.paid', '{}', now() - ($4 || ' minutes')::interval)`,
      [companyId, hook!.id, `msg_${i}`, String(i)]);
  }
  parentIds['GET /api/webhooks/:id/deliveries'] = hook!.id;
  // Displays of one clinic.
  for (let i = 0; i < ROWS; i++) {
    await q(`insert into queue_displays (company_id, clinic_id, name, created_at) values ($1, $2, $3, now() - ($4 || ' minutes')::interval)`,
      [companyId, party!.clinic_id, `Display ${i + 1}`, String(i)]);
  }
  // Documents sent to the e-invoicing authority (the seed does not onboard: it needs the network).
  for (let i = 0; i < ROWS; i++) {
    await q(`with e as (
        insert into e_invoices (company_id, clinic_id, kind, document_id, uuid, icv, pih, hash, qr, xml, parties, issued_at)
        values ($1, $2, 'invoice', gen_random_uuid(), gen_random_uuid(), $3, 'pih', 'hash', 'qr', '<Invoice/>', '{"seller":{},"buyer":{},"simplified":true}', now()) returning company_id, id)
      insert into e_invoice_submissions (company_id, e_invoice_id, mode, status, created_at) select company_id, id, 'reporting', 'reported', now() - ($4 || ' minutes')::interval from e`,
      [companyId, party!.clinic_id, 900_000 + i, String(i)]);
  }
  // Each clinic's order catalogue (the demo's starter list).
  await seedOrders(ctx.database.db, companyId);
  parentIds['GET /api/patients/:id/orders'] = party!.patient_id;
  // The medication catalogue (the demo's starter list) and one patient's medications.
  await seedMedications(ctx.database.db, companyId);
  parentIds['GET /api/patients/:id/medications'] = party!.patient_id;
  // One patient's prescriptions (drafts are enough for a list).
  for (let i = 0; i < ROWS; i++) {
    await q(`insert into prescriptions (company_id, number, patient_id, prescriber_id, clinic_id, language, verification_token) values ($1, $2, $3, $4, $5, 'en', $6)`,
      [companyId, `RX-LC-${i + 1}`, party!.patient_id, party!.doctor_id, party!.clinic_id, `list-convention-rx-${companyId}-${i}`]);
  }
  parentIds['GET /api/patients/:id/prescriptions'] = party!.patient_id;
}

beforeAll(async () => {
  ({ ctx, org } = await contextWithOrg());
  await seedOrgData(ctx, org.companyId);
  await seedBilling(ctx.database.db, org.companyId, { invoices: ROWS + 2 });
  await seedEncounters(ctx.database.db, org.companyId, { signed: ROWS + 2 });
  await seedLists(org.companyId, org.adminId);
}, 120_000);
afterAll(() => ctx?.close());

const get = (url: string) => ctx.app.inject({ method: 'GET', url, headers: auth(org.token) });

interface ListBody {
  data: Array<{ _id?: string; id?: string }>;
  pagination: { current_page: number; items_per_page: number; total_items: number; total_pages: number; has_next_page: boolean; has_previous_page: boolean; total_exact: boolean };
}

describe('the list convention', () => {
  it('finds the lists in the route table, and every exception is still a route', () => {
    const keys = lists().map((r) => `${r.method} ${r.url}`);
    expect(keys.length).toBeGreaterThan(10);
    expect(keys).toContain('GET /api/waitlist');
    for (const key of [...Object.keys(NOT_PAGED), ...ONE_PAGE_ONLY]) expect(keys, `${key} is no longer a list`).toContain(key);
  });

  it('every list pages with page and limit, and tells the total in its pagination', async () => {
    for (const r of lists()) {
      const key = `${r.method} ${r.url}`;
      if (key in NOT_PAGED) continue;
      const first = await get(`${urlOf(r)}?page=1&limit=5`);
      expect.soft(first.statusCode, `${key}: ${first.body}`).toBe(200);
      const one = body(first) as ListBody;
      expect.soft(one.pagination, `${key} answers a pagination`).toBeDefined();
      const p = one.pagination;
      expect.soft({ page: p.current_page, limit: p.items_per_page }, key).toEqual({ page: 1, limit: 5 });
      expect.soft(one.data.length, `${key} honours the limit`).toBeLessThanOrEqual(5);
      expect.soft(p.total_pages, key).toBe(Math.max(1, Math.ceil(p.total_items / 5)));
      expect.soft(p.has_previous_page, key).toBe(false);

      if (ONE_PAGE_ONLY.has(key)) continue;
      expect.soft(p.total_items, `${key}: more rows than one page were seeded`).toBeGreaterThan(5);
      expect.soft(one.data, key).toHaveLength(5);
      expect.soft(p.has_next_page, key).toBe(true);
      const second = body(await get(`${urlOf(r)}?page=2&limit=5`)) as ListBody;
      expect.soft({ page: second.pagination.current_page, previous: second.pagination.has_previous_page, total: second.pagination.total_items }, key)
        .toEqual({ page: 2, previous: true, total: p.total_items });
      expect.soft(second.data.length, key).toBe(Math.min(5, p.total_items - 5));
      const ids = (b: ListBody) => b.data.map((d) => d._id ?? d.id);
      expect.soft(ids(second).filter((id) => ids(one).includes(id)), `${key}: page 2 repeats page 1`).toEqual([]);
    }
  });

  it('every list refuses a page size outside the convention, and answers all rows up to the cap with allData', async () => {
    for (const r of lists()) {
      const key = `${r.method} ${r.url}`;
      if (key in NOT_PAGED) continue;
      const odd = await get(`${urlOf(r)}?limit=7`);
      expect.soft(odd.statusCode, `${key}?limit=7`).toBe(422);
      const all = body(await get(`${urlOf(r)}?allData=true`)) as ListBody;
      expect.soft(all.pagination, key).toBeDefined();
      expect.soft(all.data.length, key).toBe(Math.min(all.pagination.total_items, ALL_DATA_CAP));
    }
  });

  it('no list answers an unbounded window: the records of a window page, its calendar cards stop at the cap and say so', async () => {
    // The widest window a caller may ask for, around today: every appointment the seed made falls in it or near it.
    const half = (APPOINTMENT_RANGE_MAX_DAYS / 2) * 86_400_000;
    // One instant for both ends: two readings of the clock a millisecond apart would make the window wider than allowed.
    const now = Date.now();
    const from = new Date(now - half).toISOString();
    const to = new Date(now + half).toISOString();
    const window = `/api/appointments?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
    const cards = body(await get(`${window}&view=calendar`)) as ListBody;
    expect(cards.data.length).toBeLessThanOrEqual(APPOINTMENT_RANGE_CAP);
    expect(cards.pagination.total_items).toBeGreaterThan(DEFAULT_PAGE_SIZE);
    expect(cards.pagination.has_next_page).toBe(cards.data.length < cards.pagination.total_items || !cards.pagination.total_exact);

    const records = body(await get(window)) as ListBody;
    expect(records.data).toHaveLength(DEFAULT_PAGE_SIZE);
    expect(records.pagination).toMatchObject({ current_page: 1, items_per_page: DEFAULT_PAGE_SIZE, has_next_page: true });
    // Counted exactly, or up to the list's counting bound (then `total_exact: false`).
    if (records.pagination.total_exact) expect(records.pagination.total_items).toBe(cards.pagination.total_items);
    else expect(records.pagination.total_items).toBeLessThan(cards.pagination.total_items);
    const all = body(await get(`${window}&allData=true`)) as ListBody;
    expect(all.data.length).toBe(Math.min(cards.pagination.total_items, ALL_DATA_CAP));
    expect(all.data.length).toBeLessThanOrEqual(ALL_DATA_CAP);
  });
});
