import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeZatca, type FakeZatca } from '../modules/e-invoices/zatca-fake.js';
import { z } from 'zod';
import { addDays, diagnosisCodeImportFields, importUploadFields, employeeCreateInput, employeeUpdateInput, patientInput, patientReportInput, resultDocumentInput, translate } from '@clinic/shared';
import { eq } from 'drizzle-orm';
import { clinicOnlineBooking, companies, notifications } from '../db/schema/index.js';
import type { Deps } from '../lib/app-types.js';
import { CallerCache } from '../lib/caller-cache.js';
import { fileUrl, storeUpload } from '../lib/files.js';
import { signPatientLink } from '../lib/patient-links.js';
import { signQueueLink } from '../lib/queue-links.js';
import { TokenService } from '../lib/tokens.js';
import { insertBookingParty, nextWeekday } from '../modules/appointments/fixtures.js';
import { billingClinic, CASH_BOX } from '../modules/billing/fixtures.js';
import { seedOrganisation } from '../seed/organisation.js';
import { seedEmployees } from '../seed/employees.js';
import { seedMedications } from '../seed/clinical-medications.js';
import { startSmsGateway, type SmsGateway } from '../test/messaging-sinks.js';
import { auth, body, createOrg, errorOf, createTestContext, linkSessionOf, settleEvents, type TestContext, type TestOrg } from '../test/harness.js';
import { asLoadedNow } from '../test/versions.js';
import { fhirAppointment, fhirPatient } from '../modules/fhir/fixtures.js';
import { clinicBody, companyBody, complexBody, departmentBody } from '../test/organisation-fixtures.js';

/**
 * Extreme values for every parameter the API reads. Every route of the server's route table is called as an
 * administrator of a company with a real clinic, doctor, patient, service and appointment (so ids are valid and
 * the code behind validation is reached):
 * - every GET route with each of its query parameters (read from the route schemas through the OpenAPI document)
 *   set to each extreme value, the others left valid;
 * - every route with a path parameter with each extreme value as that parameter;
 * - every write route with each date- or number-looking body field (from its schema) set to each extreme value,
 *   the rest of the body valid where the test knows a valid body.
 * Each answer is a 2xx or a 4xx in the error envelope, never a 5xx, and comes within a generous hang guard;
 * the health check still answers afterwards. A route the test cannot reach (an unknown resource for its path
 * parameter, a write route whose body it cannot read) fails the test: cover it below.
 *
 * The hang guard catches a request that waits forever. A loop that never yields blocks the test with the server
 * (they share the process): the scheduling domain's tests prove that day loops are bounded by construction.
 */

const HANG_GUARD_MS = 5_000;

/** Texts that have broken, or could break, date and number handling. Sent percent-encoded: the server reads them as written. */
const EXTREMES = [
  '0001-01-01', '9999-12-31', '0000-00-00', '2026-13-01', '2026-02-30', '1899-12-31', '3000-01-01',
  '9999-12-31T23:59:59Z', '-271821-04-20T00:00:00Z', '+275760-09-13T00:00:00Z', '0001-01-01T00:00:00Z', '2026-13-01T00:00:00Z',
  '1e308', '-1e308', '9007199254740993', '99999999999999999999', '-1', '-99999999999999999999', 'NaN', 'Infinity', '-Infinity',
  '%', '%E0%A4%A', '', 'x'.repeat(5_000), '9'.repeat(400),
];
/** Written into the URL as they are: percent signs that are not escapes. */
const RAW_QUERY = ['%', '%E0%A4%A', '%%', '%zz'];
/** Path parameters are ids: every value that is not one is refused alike, so fewer of them. */
const PATH_VALUES = [
  ...['9999-12-31', '0000-00-00', '9999-12-31T23:59:59Z', '1e308', '99999999999999999999', '-1', 'NaN', '%', '%E0%A4%A', '9'.repeat(400)].map(encodeURIComponent),
  ...RAW_QUERY,
];
/** A JSON number written exactly as given (9007199254740993 loses precision when parsed, 1e400 becomes Infinity). */
function rawJson(text: string) {
  return `\u0000raw:${text}`;
}
const RAW_JSON = /"\\u0000raw:([^"]*)"/g;

/** For body fields, by what the field holds (a body is parsed once, so fewer values than for query strings). */
const BODY_DATES = [
  '0001-01-01', '9999-12-31', '0000-00-00', '2026-13-01', '2026-02-30', '1899-12-31', '3000-01-01', '9999-12-31T23:59:59Z',
  '-271821-04-20T00:00:00Z', '+275760-09-13T00:00:00Z', '%E0%A4%A', '', 'x'.repeat(5_000), -1, 1e308,
];
const BODY_NUMBERS = [
  1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, -1, -0.5, 0, rawJson('9007199254740993'), rawJson('1e400'), rawJson('-1e400'),
  '1e308', '99999999999999999999', '-1', 'NaN', 'Infinity', '', '9'.repeat(400), '9999-12-31',
];
const DATE_NAME = /date|time|year|birth|expir|^from$|^to$|At$/i;

/** Path parameter `:id` of `/api/<resource>/...`: the table holding the caller's real record. */
const RESOURCE_TABLE: Record<string, string> = {
  appointments: 'appointments', clinics: 'clinics', cliniccollections: 'clinic_collections', companies: 'companies',
  departments: 'departments', employees: 'employees', files: 'files', patients: 'patients', roles: 'roles', imports: 'import_batches',
  services: 'services', specializations: 'specializations', 'calendar-feeds': 'calendar_feeds', 'appointment-series': 'appointment_series', waitlist: 'waitlist_entries',
  reminders: 'reminders', notifications: 'notifications', invoices: 'invoices', 'cash-boxes': 'cash_boxes', claims: 'insurance_claims',
  medications: 'medications', 'patient-medications': 'patient_medications', passkeys: 'passkeys',
  encounters: 'encounters', 'note-templates': 'note_templates', prescriptions: 'prescriptions',
  orders: 'orders', 'order-catalogue': 'order_catalogue_items', 'waiting-room': 'queue_tickets', 'doctor-shares': 'doctor_share_rules',
  'e-invoicing': 'e_invoice_submissions',
};

const FHIR_PATIENT_DATES = z.object({ birthDate: z.string() });
const FHIR_APPOINTMENT_DATES = z.object({ start: z.string(), minutesDuration: z.number() });

const WHATSAPP_VERIFY_TOKEN = 'extreme-values-verify-token';

/** Write routes that read their body in the handler (multipart or JSON) instead of through the route schema. */
const HANDLER_BODIES: Record<string, z.ZodType> = {
  // Takes no body at all.
  'POST /api/calendar-feeds/:id/rotate': z.object({}),
  'POST /api/employees': employeeCreateInput,
  'PUT /api/employees/:id': employeeUpdateInput,
  'POST /api/patients': patientInput,
  'PUT /api/patients/:id': patientInput,
  'POST /api/patients/:id/documents': patientReportInput,
  'POST /api/companies/:id/logo': z.object({}),
  // The medication catalogue arrives as a CSV file (its lines are checked in modules/medications).
  'POST /api/medications/import': z.object({}),
  // Meta's statuses: read as sent, for their signature (modules/whatsapp checks their shape after it).
  'POST /api/whatsapp/webhook': z.object({}),
  // Actions that take no body.
  'POST /api/reminders/:id/retry': z.object({}),
  'POST /api/e-invoicing/submissions/:id/retry': z.object({}),
  'POST /api/appointments/:id/patient-link': z.object({}),
  'POST /api/employees/:id/invitation': z.object({}),
  'POST /api/notifications/:id/read': z.object({}),
  'POST /api/notifications/read-all': z.object({}),
  'POST /api/sessions/end-others': z.object({}),
  'POST /api/webhooks/:id/rotate-secret': z.object({}),
  'POST /api/webhooks/:id/test': z.object({}),
  'POST /api/webhooks/deliveries/:id/replay': z.object({}),
  'POST /api/employees/:id/sessions/end-all': z.object({}),
  'POST /api/patients/:id/allergies/none': z.object({}),
  'POST /api/diagnosis-codes/import': diagnosisCodeImportFields,
  // The import's form fields beside its file (kind, file name, mapping).
  'POST /api/imports': importUploadFields,
  'POST /api/diagnosis-codes/starter': z.object({}),
  'POST /api/appointments/:id/encounter': z.object({}),
  'POST /api/security/two-factor/totp': z.object({}),
  'POST /api/security/two-factor/recovery-codes': z.object({}),
  // A result document arrives as multipart (its file is checked by content in modules/orders).
  'POST /api/orders/results/document': resultDocumentInput,
  // Passkey ceremonies' options take no body.
  'POST /api/passkeys/register/options': z.object({}),
  'POST /api/passkeys/step-up/options': z.object({}),
  'POST /api/auth/passkey/options': z.object({}),
  // A display's new pairing code takes no body.
  'POST /api/waiting-room/displays/:id/pairing-code': z.object({}),
  // FHIR writes read a FHIR resource (its contract is the standard): the date and number elements it maps.
  'POST /api/fhir/R4/Patient': FHIR_PATIENT_DATES,
  'PUT /api/fhir/R4/Patient/:id': FHIR_PATIENT_DATES,
  'POST /api/fhir/R4/Appointment': FHIR_APPOINTMENT_DATES,
  'PUT /api/fhir/R4/Appointment/:id': FHIR_APPOINTMENT_DATES,
};

const rxItem = () => ({ medication: ids.medication, dose: 1, unit: 'tablet', route: 'oral', frequency: 'TID', durationDays: 5, quantity: 15, instructions: 'After meals' });

/** Body fields whose name or schema says date, time or number. */
const DATE_OR_NUMBER_NAME = /date|time|year|birth|expir|^from$|^to$|At$|fee|price|amount|balance|percent|duration|capacity|minutes|children|height|weight|evaluation|^x$|^y$/i;

type JsonSchema = Record<string, unknown> & {
  type?: string | string[]; properties?: Record<string, JsonSchema>; items?: JsonSchema; format?: string; pattern?: string; $ref?: string;
  anyOf?: JsonSchema[]; oneOf?: JsonSchema[]; allOf?: JsonSchema[];
};
type Path = Array<string | number>;

let ctx: TestContext;
let org: TestOrg;
let openapi: { paths: Record<string, Record<string, { parameters?: Array<{ in: string; name: string; required?: boolean }>; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } }>>; components?: { schemas?: Record<string, JsonSchema> } };
const ids: Record<string, string> = {};
let day: string;
let slot: string;
let fileQuery: Record<string, string>;
let visitToken: string;
let queueToken: string;
let sms: SmsGateway;
/** The e-invoicing authority onboarding talks to (a local fake). */
let zatca: FakeZatca;
/** The organisation's public booking page (its clinic of the booking party takes online bookings). */
const BOOKING_SLUG = 'extreme-values';

beforeAll(async () => {
  sms = await startSmsGateway();
  zatca = await startFakeZatca();
  ctx = await createTestContext({
    sms: { preset: 'generic', url: sms.url, auth: undefined, body: undefined, from: 'CLINIC' }, zatca: { simulationUrl: zatca.url, productionUrl: zatca.url },
    // The WhatsApp webhook on (no messages are sent: no phone number id), so its subscription check can succeed.
    whatsapp: {
      apiUrl: 'http://127.0.0.1:9', phoneNumberId: undefined, token: undefined, templates: { code: 'clinic_code', reminder: 'clinic_reminder', queue: 'clinic_queue' },
      languages: { en: 'en', ar: 'ar' }, appSecret: 'extreme-values-app-secret', verifyToken: WHATSAPP_VERIFY_TOKEN,
    },
  });
  org = await createOrg(ctx, { name: 'Extreme Values Clinic Group' });
  const db = ctx.database.db;
  await seedOrganisation(db, org.companyId);
  await seedEmployees(db, org.companyId);
  // The scheduling parties, with known hours: Monday 10:00 and 11:00 in Riyadh are bookable.
  const party = await insertBookingParty(db, org.companyId, 'Asia/Riyadh');
  Object.assign(ids, party);
  // A medication catalogue and the booking party's patient's medication list.
  await seedMedications(db, org.companyId);
  day = nextWeekday('Monday', 'Asia/Riyadh', 7);
  slot = `${day}T10:00:00+03:00`;
  const booked = await ctx.app.inject({
    method: 'POST', url: '/api/appointments', headers: auth(org.token),
    payload: { ...party, datetime: `${day}T11:00:00+03:00`, reason: 'Check-up' },
  });
  expect(booked.statusCode, booked.body).toBe(201);
  ids.appointment = body(booked).data._id;
  // A recurring series (Tuesdays) and a waitlist entry of the same parties.
  const series = await ctx.app.inject({
    method: 'POST', url: '/api/appointment-series', headers: auth(org.token),
    payload: { ...party, datetime: `${addDays(day, 1)}T10:00:00+03:00`, reason: 'Physiotherapy', recurrence: { frequency: 'weekly', count: 2 } },
  });
  expect(series.statusCode, series.body).toBe(201);
  const waiting = await ctx.app.inject({ method: 'POST', url: '/api/waitlist', headers: auth(org.token), payload: { patient: party.patient, service: party.service } });
  // Billing: a clinic with a cash box, an insurer and a card method; an issued invoice with its claim and a credit note.
  const billing = await billingClinic(db, org.companyId);
  Object.assign(ids, { billingClinic: billing.clinic.id, billingPatient: billing.patient.id, billingService: billing.service.id });
  // With e-invoicing on, the issued invoice and its credit note have their XML.
  const eInvoicing = await ctx.app.inject({
    method: 'PUT', url: '/api/e-invoicing/settings', headers: auth(org.token), payload: { enabled: true, sellerName: 'Extreme Clinic', vatNumber: '300234567800003' },
  });
  expect(eInvoicing.statusCode, eInvoicing.body).toBe(200);
  const invoice = await ctx.app.inject({
    method: 'POST', url: '/api/invoices', headers: auth(org.token),
    payload: { patient: billing.patient.id, clinic: billing.clinic.id, lines: [{ kind: 'service', service: billing.service.id }] },
  });
  expect(invoice.statusCode, invoice.body).toBe(201);
  const issued = await ctx.app.inject({ method: 'POST', url: `/api/invoices/${body(invoice).data._id}/issue`, headers: auth(org.token), payload: { version: 1 } });
  expect(issued.statusCode, issued.body).toBe(200);
  ids.issuedInvoice = body(invoice).data._id;
  const credited = await ctx.app.inject({ method: 'POST', url: `/api/invoices/${body(invoice).data._id}/credit-notes`, headers: auth(org.token), payload: { amount: 100, reason: 'Rounding' } });
  expect(credited.statusCode, credited.body).toBe(201);
  ids.creditNote = body(credited).data.creditNotes[0]._id;
  const boxes = await ctx.app.inject({ method: 'GET', url: '/api/cash-boxes', headers: auth(org.token) });
  ids.cashBox = body(boxes).data.find((b: { name: string }) => b.name === CASH_BOX)._id;
  // A day close (of another box than the one the write routes use) for the day-close report's route.
  const closeBox = (body(boxes).data as Array<{ _id: string }>).find((b) => b._id !== ids.cashBox)?._id ?? ids.cashBox!;
  const closed = await ctx.app.inject({ method: 'POST', url: `/api/cash-boxes/${closeBox}/close`, headers: auth(org.token), payload: { counted: 0 } });
  expect(closed.statusCode, closed.body).toBe(201);
  Object.assign(ids, { closeBox, cashClose: body(closed).data._id });
  expect(waiting.statusCode, waiting.body).toBe(201);

  const deps: Deps = { config: ctx.config, database: ctx.database, db, tokens: new TokenService(ctx.config.jwtSecret, 900), callers: new CallerCache(0) };
  const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5e0f5e20000000049454e44ae426082', 'hex');
  const file = await storeUpload(deps, org.companyId, org.adminId, Readable.from([png]), { kind: 'report', field: 'file', filename: 'scan.png' });
  fileQuery = Object.fromEntries(new URL(fileUrl(deps, org.companyId, file.id, { session: linkSessionOf(org.token) }), 'http://local').searchParams);

  // The appointment's reminders were planned once its booking was handled; a notification for the caller, and the patient's link.
  await settleEvents(ctx);
  await db.insert(notifications).values({ companyId: org.companyId, recipientId: org.adminId, kind: 'appointment_booked', entity: 'appointment', entityId: ids.appointment });
  visitToken = await signPatientLink(ctx.config.jwtSecret, { companyId: org.companyId, appointmentId: ids.appointment! }, new Date(`${day}T11:00:00+03:00`));
  await db.update(companies).set({ bookingSlug: BOOKING_SLUG }).where(eq(companies.id, org.companyId));
  await db.insert(clinicOnlineBooking).values({
    companyId: org.companyId, clinicId: ids.clinic!, enabled: true, serviceIds: [ids.service], doctorIds: [ids.doctor], minNoticeMinutes: 0, horizonDays: 365,
  });

  // A checked-in visit with its waiting-room ticket, and the patient's link to it.
  const queued = await ctx.app.inject({ method: 'POST', url: '/api/appointments', headers: auth(org.token), payload: { ...party, datetime: `${addDays(day, 4)}T15:00:00+03:00`, reason: 'Fever' } });
  expect(queued.statusCode, queued.body).toBe(201);
  const arrived = await ctx.app.inject({ method: 'PATCH', url: `/api/appointments/${body(queued).data._id}`, headers: auth(org.token), payload: { status: 'arrived', version: body(queued).data.version } });
  expect(arrived.statusCode, arrived.body).toBe(200);
  const [ticket] = await ctx.database.query<{ id: string }>(`select id from queue_tickets where company_id = $1 and appointment_id = $2`, [org.companyId, body(queued).data._id]);
  queueToken = await signQueueLink(ctx.config.jwtSecret, { companyId: org.companyId, ticketId: ticket!.id }, new Date(Date.now() + 86_400_000));

  // The clinical record: an encounter (phone advice) and a note template.
  const encounter = await ctx.app.inject({ method: 'POST', url: '/api/encounters', headers: auth(org.token), payload: { patient: party.patient } });
  expect(encounter.statusCode, encounter.body).toBe(201);
  ids.encounter = body(encounter).data._id;
  const template = await ctx.app.inject({ method: 'POST', url: '/api/note-templates', headers: auth(org.token), payload: noteTemplateBody() });
  expect(template.statusCode, template.body).toBe(201);

  // A draft prescription (a drug of the seeded catalogue), to change, issue and cancel.
  ids.medication = (await ctx.database.query<{ id: string }>(`select id from medications where company_id = $1 and name = 'Panadol' limit 1`, [org.companyId]))[0]!.id;
  const rx = await ctx.app.inject({ method: 'POST', url: `/api/patients/${party.patient}/prescriptions`, headers: auth(org.token), payload: { clinic: party.clinic, items: [rxItem()] } });
  expect(rx.statusCode, rx.body).toBe(201);

  const feed = await ctx.app.inject({ method: 'POST', url: '/api/calendar-feeds', headers: auth(org.token), payload: { doctor: party.doctor } });
  expect(feed.statusCode, feed.body).toBe(201);
  ids.feedFile = new URL(body(feed).data.url).pathname.split('/').pop()!;
  const vitals = await ctx.app.inject({ method: 'POST', url: `/api/patients/${party.patient}/vitals`, headers: auth(org.token), payload: { pulse: 72 } });
  expect(vitals.statusCode, vitals.body).toBe(201);
  const allergy = await ctx.app.inject({ method: 'POST', url: `/api/patients/${party.patient}/allergies`, headers: auth(org.token), payload: { substance: 'Penicillin' } });
  expect(allergy.statusCode, allergy.body).toBe(201);
  Object.assign(ids, { vitals: body(vitals).data._id, allergy: body(allergy).data._id });
  // A lab test of the clinic's catalogue and an order of it (its number is what results are entered against).
  const test = await ctx.app.inject({ method: 'POST', url: '/api/order-catalogue', headers: auth(org.token), payload: {
    clinic: party.clinic, code: 'FBG', nameEn: 'Fasting glucose', nameAr: 'سكر صائم', kind: 'lab', analytes: [{ code: 'GLU', nameEn: 'Glucose', nameAr: 'الجلوكوز', unit: 'mmol/L', low: 3.9, high: 5.5 }],
  } });
  expect(test.statusCode, test.body).toBe(201);
  const order = await ctx.app.inject({ method: 'POST', url: `/api/patients/${party.patient}/orders`, headers: auth(org.token), payload: { clinic: party.clinic, items: [body(test).data._id] } });
  expect(order.statusCode, order.body).toBe(201);
  Object.assign(ids, { orderTest: body(test).data._id, orderNumber: body(order).data.number, orderItem: body(order).data.items[0]._id });
  // A second order, resulted (its test is a DiagnosticReport), and the draft prescription's item (a MedicationRequest).
  const done = await ctx.app.inject({ method: 'POST', url: `/api/patients/${party.patient}/orders`, headers: auth(org.token), payload: { clinic: party.clinic, items: [body(test).data._id] } });
  expect(done.statusCode, done.body).toBe(201);
  ids.reportItem = body(done).data.items[0]._id;
  const collected = await ctx.app.inject({ method: 'POST', url: `/api/orders/${body(done).data._id}/collect`, headers: auth(org.token), payload: { version: body(done).data.version } });
  expect(collected.statusCode, collected.body).toBe(200);
  const result = await ctx.app.inject({ method: 'POST', url: '/api/orders/results', headers: auth(org.token), payload: { number: body(done).data.number, values: [{ item: ids.reportItem, analyte: 'GLU', value: 7.2 }] } });
  expect(result.statusCode, result.body).toBeLessThan(300);
  ids.rxItem = (await ctx.database.query<{ id: string }>(`select id from prescription_items where company_id = $1 limit 1`, [org.companyId]))[0]!.id;
  const resourceIds: Record<string, string> = {
    appointments: ids.appointment!, clinics: party.clinic, companies: org.companyId, employees: party.doctor, files: file.id, patients: party.patient, services: party.service,
    'appointment-series': body(series).data.series._id, waitlist: body(waiting).data._id, invoices: ids.issuedInvoice!, 'credit-notes': ids.creditNote!,
  };
  // A share rule not yet in effect (the doctor's share routes' id).
  await ctx.database.query(
    `insert into doctor_share_rules (company_id, doctor_id, kind, percent_basis_points, effective_from) values ($1, $2, 'percent', 3000, '2099-01-01')`,
    [org.companyId, party.doctor],
  );
  // A passkey (of the doctor: the administrator keeps signing in with a password alone) for the passkey routes' id.
  await ctx.database.query(
    `insert into passkeys (company_id, employee_id, credential_id, public_key, name) values ($1, $2, 'extreme-credential', 'key', 'Laptop')`,
    [org.companyId, party.doctor],
  );
  // A document sent to the e-invoicing authority that failed (so it may be retried).
  await ctx.database.query(
    `insert into e_invoice_submissions (company_id, e_invoice_id, mode, status, attempts) select company_id, id, 'reporting', 'failed', 6 from e_invoices where company_id = $1 limit 1`,
    [org.companyId],
  );
  // A checked import batch (its file stands for the uploaded one).
  await ctx.database.query(
    `insert into import_batches (company_id, kind, file_id, file_name) values ($1, 'patients', gen_random_uuid(), 'extreme.csv')`, [org.companyId],
  );
  for (const [resource, table] of Object.entries(RESOURCE_TABLE)) {
    if (resourceIds[resource]) continue;
    const [row] = await ctx.database.query<{ id: string }>(`select id from "${table}" where company_id = $1 order by id limit 1`, [org.companyId]);
    if (row) resourceIds[resource] = row.id;
  }
  if (!resourceIds.specializations) {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/specializations', headers: auth(org.token), payload: specialization() });
    expect(res.statusCode, res.body).toBe(201);
    resourceIds.specializations = body(res).data._id;
  }
  Object.assign(ids, Object.fromEntries(Object.entries(resourceIds).map(([k, v]) => [`resource:${k}`, v])));
  const [fhirExport] = await ctx.database.query<{ id: string }>(
    `insert into fhir_exports (company_id, requested_by, request, status, output) values ($1, $2, '/api/fhir/R4/$export', 'done', '[{"type":"Patient","count":0}]') returning id`,
    [org.companyId, org.adminId],
  );
  ids.export = fhirExport!.id;
  const exportFolder = path.join(ctx.config.dataDir, 'fhir-exports', org.companyId, fhirExport!.id);
  mkdirSync(exportFolder, { recursive: true });
  writeFileSync(path.join(exportFolder, 'Patient.ndjson'), '');
  // A diagnosis on the patient's visit and the problem it made.
  await ctx.app.inject({ method: 'POST', url: '/api/diagnosis-codes/starter', headers: auth(org.token) });
  const [code] = body(await ctx.app.inject({ method: 'GET', url: '/api/diagnosis-codes?search=J06', headers: auth(org.token) })).data;
  ids.visitEncounter = body(await ctx.app.inject({ method: 'POST', url: '/api/encounters', headers: auth(org.token), payload: { patient: party.patient } })).data._id;
  const diagnosis = await ctx.app.inject({ method: 'POST', url: `/api/patients/${party.patient}/diagnoses`, headers: auth(org.token), payload: { encounterId: ids.visitEncounter, codeId: code._id } });
  expect(diagnosis.statusCode, diagnosis.body).toBe(201);
  ids.diagnosis = body(diagnosis).data._id;
  ids.problem = body(await ctx.app.inject({ method: 'GET', url: `/api/patients/${party.patient}/problems`, headers: auth(org.token) })).data[0]._id;
  // A webhook endpoint (a public address: saving checks it, nothing is sent).
  const webhook = await ctx.app.inject({ method: 'POST', url: '/api/webhooks', headers: auth(org.token), payload: { url: 'https://93.184.215.14/hook', events: ['invoice.paid'] } });
  expect(webhook.statusCode, webhook.body).toBe(201);
  ids['resource:webhooks'] = body(webhook).data._id;
  // A display of the booking party's clinic, paired: the screen's board reads with its token.
  const display = await ctx.app.inject({ method: 'POST', url: '/api/waiting-room/displays', headers: auth(org.token), payload: { clinic: party.clinic, name: 'Hall TV' } });
  expect(display.statusCode, display.body).toBe(201);
  ids.display = body(display).data.display._id;
  const paired = await ctx.app.inject({ method: 'POST', url: '/api/public/display/pair', payload: { code: body(display).data.code } });
  expect(paired.statusCode, paired.body).toBe(200);
  ids.displayToken = body(paired).data.token;
  openapi = (await ctx.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
}, 120_000);
afterAll(async () => {
  await ctx?.close();
  await sms?.close();
  await zatca?.close();
});

const noteTemplateBody = () => ({
  name: { en: 'Eye check', ar: 'فحص العين' },
  sections: [{ key: 'eye', label: { en: 'Eye', ar: 'العين' }, fields: [{ key: 'pressure', type: 'number', min: 5, max: 60, unit: 'mmHg', label: { en: 'Pressure', ar: 'الضغط' } }] }],
});

const specialization = () => ({
  name: `Cardiology ${Math.random().toString(36).slice(2, 8)}`, description: 'Heart and vessels care', certificationRequirements: 'Board certified',
  medicalProcedures: 'ECG, echo', requiredEquipment: 'ECG machine', requiredStaff: [ids.doctor],
});

/** The answer, or a failure when there is none within the hang guard. */
async function send(opts: InjectOptions): Promise<LightMyRequestResponse> {
  let timer: NodeJS.Timeout | undefined;
  const guard = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${HANG_GUARD_MS} ms`)), HANG_GUARD_MS);
  });
  try {
    return await Promise.race([ctx.app.inject(opts), guard]);
  } finally {
    clearTimeout(timer);
  }
}

/** What is wrong with an answer to bad input, or null: only 2xx, or 4xx in the error envelope with a message. */
/** A redirect with its address (the single sign-on round trip answers with one, also when it refuses). */
const redirects = (res: LightMyRequestResponse) => res.statusCode >= 300 && res.statusCode < 400 && typeof res.headers.location === 'string';

function problemWith(res: LightMyRequestResponse): string | null {
  const ok = (res.statusCode >= 200 && res.statusCode < 300) || redirects(res);
  if (!ok && !(res.statusCode >= 400 && res.statusCode < 500)) return `status ${res.statusCode}`;
  if (ok) return null;
  const error = errorOf(res.body);
  return error && error.message ? null : 'no error envelope';
}

async function check(failures: string[], label: string, opts: Parameters<typeof send>[0], mustSucceed = false) {
  try {
    const res = await send(opts);
    const problem = mustSucceed && res.statusCode >= 300 && !redirects(res) ? `status ${res.statusCode} for a valid request` : problemWith(res);
    if (problem) failures.push(`${label}: ${problem}: ${res.body.slice(0, 200)}`);
  } catch (error) {
    failures.push(`${label}: ${(error as Error).message}`);
  }
}

const apiRoutes = () => ctx.app.routeTable.filter((r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs'));
const keyOf = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
const openapiOp = (r: { method: string; url: string }) => openapi.paths[r.url.replace(/:([A-Za-z_]+)/g, '{$1}')]?.[r.method.toLowerCase()];
const short = (v: string) => (v.length > 40 ? `${v.slice(0, 12)}...(${v.length} chars)` : JSON.stringify(v));

/** The caller's real record for a route's path parameters, or null when the test does not know the resource. */
function realPath(url: string): string | null {
  const fhir = /^\/api\/fhir\/R4\/([A-Za-z$-]+)\/:id/.exec(url)?.[1];
  if (fhir) {
    const fhirIds: Record<string, string | undefined> = {
      Patient: ids.patient, Practitioner: ids.doctor, PractitionerRole: ids.doctor, Schedule: ids.doctor, Location: ids.clinic,
      HealthcareService: ids.service, Appointment: ids.appointment, Organization: org.companyId, '$export-status': ids.export, '$export-file': ids.export,
      Encounter: ids.encounter, Observation: ids.vitals && `${ids.vitals}-heartrate`, Condition: ids.diagnosis, AllergyIntolerance: ids.allergy,
      MedicationRequest: ids.rxItem, ServiceRequest: ids.orderItem, DiagnosticReport: ids.reportItem,
    };
    const id = fhirIds[fhir];
    return id ? url.replace(':id', id).replace(':type', 'Patient') : null;
  }
  if (url === '/api/calendars/:file') return `/api/calendars/${ids.feedFile}`;
  if (url.startsWith('/api/waiting-room/displays/:id')) return url.replace(':id', ids.display!);
  if (url.startsWith('/api/public/book/:slug')) return url.replace(':slug', BOOKING_SLUG);
  if (url === '/api/patients/:id/problems/:problemId') return `/api/patients/${ids.patient}/problems/${ids.problem}`;
  if (url === '/api/patients/:id/diagnoses/:diagnosisId') return `/api/patients/${ids.patient}/diagnoses/${ids.diagnosis}`;
  if (url === '/api/cash-boxes/:id/closes/:closeId') return `/api/cash-boxes/${ids.closeBox}/closes/${ids.cashClose}`;
  if (url.includes(':vitalsId')) return url.replace(':id', ids['resource:patients']!).replace(':vitalsId', ids.vitals!);
  if (url.includes(':allergyId')) return url.replace(':id', ids['resource:patients']!).replace(':allergyId', ids.allergy!);
  const resource = /^\/api\/([a-z-]+)\//.exec(url)?.[1];
  const id = resource ? ids[`resource:${resource}`] : undefined;
  if (!url.includes(':')) return url;
  return id ? url.replace(/:([A-Za-z_]+)/g, id) : null;
}

/** Valid values for a GET route's query parameters: the ones it requires, and the partners of the one under test. */
function validQuery(key: string): Record<string, string> {
  // An export takes its list's query.
  switch (key.replace(/\/export\.csv$/, '')) {
    case 'GET /api/appointments/availability': return { clinic: ids.clinic!, from: day, to: addDays(day, 6), doctor: ids.doctor! };
    case 'GET /api/appointments/next-free': return { clinic: ids.clinic!, service: ids.service!, doctor: ids.doctor!, from: slot, limit: '20' };
    case 'GET /api/appointments/board': return { clinic: ids.clinic!, date: day };
    case 'GET /api/patients/:id/diagnoses': return { encounterId: ids.visitEncounter! };
    case 'GET /api/appointments': return {
      from: `${day}T00:00:00+03:00`, to: `${addDays(day, 7)}T00:00:00+03:00`, date: day, datetime: slot, status: 'scheduled,arrived', view: 'calendar',
      clinic: ids.clinic!, doctor: ids.doctor!, patient: ids.patient!, service: ids.service!, filter: `clinic=${ids.clinic}`,
    };
    case 'GET /api/audit': return { from: addDays(day, -30), to: day, actor: org.adminId };
    case 'GET /api/waitlist/matches': return { doctor: ids.doctor!, service: ids.service!, datetime: slot };
    case 'GET /api/waitlist': return { status: 'open', service: ids.service!, clinic: ids.clinic! };
    case 'GET /api/invoices': return { from: addDays(day, -30), to: day, clinic: ids.billingClinic!, patient: ids.billingPatient! };
    case 'GET /api/files/:id': return fileQuery;
    case 'GET /api/fhir/R4/Slot': return { schedule: `Schedule/${ids.doctor}` };
    case 'GET /api/employees/:id/stats': return { period: '30d' };
    case 'GET /api/public/visit': return { token: visitToken };
    case 'GET /api/auth/sso/info': return { org: org.companyId };
    case 'GET /api/whatsapp/webhook': return { 'hub.mode': 'subscribe', 'hub.verify_token': WHATSAPP_VERIFY_TOKEN, 'hub.challenge': '1158201444' };
    case 'GET /api/auth/sso/start': return { org: org.companyId };
    case 'GET /api/public/visit/times': return { token: visitToken, date: day };
    case 'GET /api/public/visit/days': return { token: visitToken, from: day, to: addDays(day, 6) };
    case 'GET /api/public/visit/ics': return { token: visitToken };
    case 'GET /api/public/book/:slug/days': return { clinic: ids.clinic!, service: ids.service!, doctor: ids.doctor!, from: day, to: addDays(day, 6) };
    case 'GET /api/public/book/:slug/times': return { clinic: ids.clinic!, service: ids.service!, doctor: ids.doctor!, date: day };
    case 'GET /api/orders/by-number': return { number: ids.orderNumber! };
    case 'GET /api/waiting-room': return { clinic: ids.clinic! };
    case 'GET /api/waiting-room/accuracy': return { clinic: ids.clinic!, from: day, to: addDays(day, 6) };
    case 'GET /api/doctor-shares/rules': return { doctor: ids.doctor! };
    case 'GET /api/doctor-shares/statement':
    case 'GET /api/doctor-shares/statement.csv': return { doctor: ids.doctor!, from: addDays(day, -30), to: day };
    case 'GET /api/public/queue': return { token: queueToken };
    default: return {};
  }
}
const PARTNERS: Record<string, string[]> = { from: ['to'], to: ['from'], c: ['e', 's'], e: ['c', 's'], s: ['c', 'e'] };

/** A body that passes validation, where the test knows one, so a changed field reaches the service. */
function validBody(key: string): Record<string, unknown> {
  const pic = ids.doctor!;
  switch (key) {
    case 'POST /api/appointments': return { patient: ids.patient, doctor: ids.doctor, clinic: ids.clinic, service: ids.service, datetime: slot, reason: 'Check-up' };
    case 'POST /api/doctor-shares/rules': return { doctor: ids.doctor, service: ids.service, kind: 'tiers', tiers: [{ fromVisit: 1, percent: 20 }, { fromVisit: 10, percent: 30 }], effectiveFrom: '2099-02-01' };
    case 'POST /api/doctor-shares/payouts': return { doctor: ids.doctor, from: addDays(day, -30), to: day, amount: 1, method: 'cash' };
    case 'POST /api/fhir/R4/Patient': return fhirPatient('ID-EXTREME-FHIR');
    case 'PUT /api/fhir/R4/Patient/:id': return fhirPatient('ID-EXTREME-FHIR-2', { id: ids.patient });
    case 'POST /api/fhir/R4/Appointment': return fhirAppointment({ patient: ids.patient!, doctor: ids.doctor!, clinic: ids.clinic!, service: ids.service! }, slot);
    case 'PUT /api/fhir/R4/Appointment/:id': return { ...fhirAppointment({ patient: ids.patient!, doctor: ids.doctor!, clinic: ids.clinic!, service: ids.service! }, slot), id: ids.appointment };
    case 'PATCH /api/appointments/:id': return { datetime: slot };
    case 'POST /api/appointment-series': return {
      patient: ids.patient, doctor: ids.doctor, clinic: ids.clinic, service: ids.service, datetime: `${addDays(day, 2)}T10:00:00+03:00`, reason: 'Physiotherapy',
      recurrence: { frequency: 'weekly', interval: 1, weekdays: [2], count: 2 },
    };
    case 'PATCH /api/appointment-series/:id': return { scope: 'all', datetime: `${addDays(day, 1)}T12:00:00+03:00` };
    case 'POST /api/waitlist': return {
      patient: ids.patient, service: ids.service, fromDate: day, toDate: addDays(day, 30), weekdays: [0, 2], timeFrom: '09:00', timeTo: '12:00', priority: 1,
    };
    case 'POST /api/waitlist/:id/book': return { doctor: ids.doctor, datetime: `${addDays(day, 3)}T10:00:00+03:00`, version: 1 };
    case 'PUT /api/clinics/:id/reminder-settings': return { enabled: true, channels: ['email'], leadHours: [24] };
    case 'PUT /api/clinics/:id/waiting-room-settings': return { prefixBy: 'none', prefixes: {}, rooms: {}, showNames: false, sendLink: true, announce: 'both' };
    case 'POST /api/waiting-room/call-next': return { clinic: ids.clinic };
    case 'POST /api/waiting-room/tickets/:id/call': case 'POST /api/waiting-room/tickets/:id/skip': return { version: 1 };
    case 'PATCH /api/waiting-room/tickets/:id': return { version: 1, priority: 'urgent' };
    case 'PUT /api/clinics/:id/online-booking': return {
      enabled: true, mode: 'instant', services: [ids.service], doctors: [ids.doctor], minNoticeMinutes: 120, horizonDays: 30, maxPerPhoneDay: 2, maxPerPhoneWeek: 4,
      cancellationPolicy: { en: 'Cancel a day ahead', ar: 'ألغِ قبل يوم' },
    };
    case 'PUT /api/companies/:id/booking-page': return { slug: 'extreme-clinic' };
    case 'POST /api/patients/:id/vitals': return { temperature: 37, height: 170, weight: 70, pulse: 72, respiratoryRate: 16, systolic: 120, diastolic: 80, spo2: 98, painScore: 1, glucose: 5.5 };
    case 'PATCH /api/patients/:id/allergies/:allergyId': return { status: 'inactive', version: 1 };
    // Each extreme version is refused (422) or stale (409): the two records are never merged here.
    case 'POST /api/patients/:id/merge': return { into: ids.billingPatient, version: 1, intoVersion: 1 };
    case 'PUT /api/billing/settings': return { currency: 'SAR', vatRatePercent: 15, version: 1 };
    case 'PUT /api/e-invoicing/settings': return { enabled: false, sellerName: 'Clinic', vatNumber: '300234567800003', version: 1 };
    case 'PUT /api/e-invoicing/stamp': return { privateKey: 'not a key' };
    case 'POST /api/e-invoicing/onboard': return { otp: zatca.otp, environment: 'simulation' };
    case 'POST /api/invoices': return {
      patient: ids.billingPatient, clinic: ids.billingClinic, visitDate: day, lines: [{ kind: 'service', service: ids.billingService, quantity: 2, discount: 100 }],
    };
    case 'PUT /api/invoices/:id': return { visitDate: day, lines: [{ kind: 'item', description: 'Dressing', quantity: 1, unitPrice: 500, discount: 0 }], version: 1 };
    case 'POST /api/invoices/:id/issue': return { version: 1 };
    case 'POST /api/invoices/:id/credit-notes': return { amount: 1, reason: 'Rounding' };
    case 'POST /api/invoices/:id/payments': return { method: 'cash', amount: 1, cashBox: ids.cashBox };
    case 'POST /api/invoices/:id/refunds': return { creditNote: ids.creditNote, method: 'cash', amount: 1, cashBox: ids.cashBox };
    case 'POST /api/cash-boxes/:id/close': return { counted: 0 };
    case 'PATCH /api/claims/:id': return { status: 'submitted', version: 1 };
    case 'POST /api/patients/:id/medications': return { name: 'Paracetamol', dose: 500, unit: 'mg', route: 'oral', frequency: 'PRN', startDate: day, endDate: addDays(day, 5) };
    case 'POST /api/patient-medications/:id/stop': return { reason: 'Rash', version: 1 };
    case 'POST /api/patient-medications/:id/complete': return { version: 1 };
    case 'PATCH /api/medications/:id': return { isActive: true, version: 1 };
    case 'PUT /api/encounters/:id/note': return { version: 1, content: { complaint: 'Headache', followUp: day } };
    case 'POST /api/encounters/:id/sign': return { version: 1, password: 'not-the-password' };
    case 'POST /api/encounters/:id/addenda': return { reason: 'Lab result', text: 'CRP normal' };
    case 'POST /api/encounters/:id/break-glass': return { reason: 'Covering' };
    case 'POST /api/encounters': return { patient: ids.patient, clinic: ids.clinic };
    case 'POST /api/patients/:id/prescriptions/check': return { items: [{ medication: ids.medication }] };
    case 'POST /api/patients/:id/prescriptions': return { clinic: ids.clinic, encounter: ids.visitEncounter, language: 'ar', validDays: 30, items: [rxItem()] };
    case 'PUT /api/prescriptions/:id': return { clinic: ids.clinic, language: 'en', validDays: 30, items: [rxItem()], version: 1 };
    case 'POST /api/prescriptions/:id/issue': return { acknowledgements: [], version: 1 };
    case 'POST /api/prescriptions/:id/cancel': return { reason: 'Wrong dose', version: 1 };
    case 'POST /api/public/prescriptions/verify': return { token: 'a-printed-code' };
    case 'POST /api/order-catalogue': return {
      clinic: ids.clinic, code: 'TSH', nameEn: 'TSH', nameAr: 'هرمون الغدة', kind: 'lab', analytes: [{ code: 'TSH', nameEn: 'TSH', nameAr: 'هرمون', unit: 'mIU/L', low: 0.4, high: 4, criticalLow: 0.01, criticalHigh: 50 }],
    };
    case 'PATCH /api/order-catalogue/:id': return { nameEn: 'Fasting glucose', version: 1 };
    case 'POST /api/patients/:id/orders': return { clinic: ids.clinic, items: [ids.orderTest] };
    case 'POST /api/orders/:id/cancel': return { reason: 'Duplicate', version: 1 };
    case 'POST /api/orders/:id/collect': case 'POST /api/orders/:id/acknowledge': return { version: 1 };
    case 'POST /api/orders/results': return { number: ids.orderNumber, values: [{ item: ids.orderItem, analyte: 'GLU', value: 5 }] };
    case 'POST /api/orders/results/document': return { number: ids.orderNumber };
    case 'POST /api/note-templates': return noteTemplateBody();
    case 'PUT /api/note-templates/:id': return { ...noteTemplateBody(), version: 1 };
    case 'POST /api/waiting-room/displays': return { clinic: ids.clinic, name: 'Room 2 door', room: 'Room 2' };
    case 'POST /api/public/visit/confirm': return { token: visitToken };
    case 'POST /api/public/visit/cancel': return { token: visitToken, reason: 'Travelling' };
    case 'POST /api/public/visit/reschedule': return { token: visitToken, datetime: slot };
    case 'POST /api/public/book/:slug/code': return { phone: '+966501234567', language: 'ar' };
    case 'POST /api/public/book/:slug/appointments': return {
      verification: ids.appointment, code: '123456', clinic: ids.clinic, service: ids.service, doctor: ids.doctor, datetime: slot,
      name: 'Huda Salem', dateOfBirth: '1988-04-12', gender: 'female',
    };
    case 'PUT /api/companies/:id': return companyBody() as Record<string, unknown>;
    case 'POST /api/clinics': case 'PUT /api/clinics/:id': return clinicBody(pic) as Record<string, unknown>;
    case 'POST /api/cliniccollections': case 'PUT /api/cliniccollections/:id': return complexBody(pic) as Record<string, unknown>;
    case 'POST /api/departments': case 'PUT /api/departments/:id': return departmentBody(pic) as Record<string, unknown>;
    case 'POST /api/services': case 'PATCH /api/services/:id': return {
      name: 'ECG', description: 'Heart trace', price: 150, durationMinutes: 20, bufferBeforeMinutes: 5, bufferAfterMinutes: 10, clinic: ids.clinic, doctors: [ids.doctor],
    };
    case 'POST /api/patients': case 'PUT /api/patients/:id': return {
      name: 'Noah Carter', identity: 'ID-EXTREME-1', phone: '0551234567', dateOfBirth: '1985-07-20', gender: 'male', nationality: 'British',
      marital_status: 'Single', blood_type: 'O-', address: 'Olaya Street, Riyadh', Smoking: true, professiona_experi: 'Engineer',
    };
    case 'POST /api/employees': case 'PUT /api/employees/:id': return {
      name: 'Huda Al-Amri', employeeType: 'Nurse', contactInfos: [{ type: 'phone', value: '0501234567' }], dateOfBirth: '1990-01-05', gender: 'female',
      identity: 'ID-EXTREME-2', address: 'King Fahd Road, Riyadh', hireDate: '2020-03-01', jobType: 'FULL_TIME', jobTitle: 'Head Nurse',
      professional_experience: '8 years', workingHours: [{ day: 'Sunday', startTime: '09:00', endTime: '17:00' }],
      vacationRecords: [{ leaveStartDate: '2025-08-01', leaveEndDate: '2025-08-10', leaveType: 'Vacation', status: 'Approved' }],
    };
    default: return {};
  }
}

function resolve(schema: JsonSchema | undefined): JsonSchema | undefined {
  const ref = schema?.$ref;
  if (typeof ref !== 'string') return schema;
  return openapi.components?.schemas?.[ref.split('/').pop() ?? ''];
}

/** Paths of the date- and number-looking fields of a body schema (array items as index 0). */
function dateOrNumberFields(schema: JsonSchema | undefined, path: Path = [], out = new Map<string, Path>(), depth = 0): Path[] {
  const s = resolve(schema);
  if (!s || depth > 8) return [...out.values()];
  for (const branch of [...(s.anyOf ?? []), ...(s.oneOf ?? []), ...(s.allOf ?? [])]) dateOrNumberFields(branch, path, out, depth + 1);
  const types = [s.type ?? []].flat();
  if (s.properties) {
    for (const [name, child] of Object.entries(s.properties)) dateOrNumberFields(child, [...path, name], out, depth + 1);
  } else if (types.includes('array') && s.items) {
    dateOrNumberFields(s.items, [...path, 0], out, depth + 1);
  } else if (path.length) {
    const name = String([...path].reverse().find((p) => typeof p === 'string') ?? '');
    const looks = types.includes('number') || types.includes('integer') || s.format === 'date' || s.format === 'date-time'
      || (typeof s.pattern === 'string' && s.pattern.includes('\\d{4}')) || DATE_OR_NUMBER_NAME.test(name);
    if (looks) out.set(path.join('.'), path);
  }
  return [...out.values()];
}

function withValue(base: Record<string, unknown>, path: Path, value: unknown): Record<string, unknown> {
  const root = structuredClone(base);
  let node: Record<string | number, unknown> = root;
  path.forEach((segment, i) => {
    if (i === path.length - 1) {
      node[segment] = value;
      return;
    }
    const next = node[segment];
    const fresh = typeof path[i + 1] === 'number' ? [] : {};
    if (Array.isArray(next) && typeof path[i + 1] === 'number') node[segment] = next.length ? next : [{}];
    else if (!next || typeof next !== 'object') node[segment] = typeof path[i + 1] === 'number' ? [{}] : fresh;
    node = node[segment] as Record<string | number, unknown>;
  });
  return root;
}

describe('extreme values never stop the server', () => {
  it('refuses the availability of 9999-12-30 to 9999-12-31 at once, and the server keeps answering', async () => {
    const res = await send({ method: 'GET', url: `/api/appointments/availability?clinic=${ids.clinic}&from=9999-12-30&to=9999-12-31`, headers: auth(org.token) });
    expect(res.statusCode).toBe(422);
    const range = translate('validation.dateOutOfRange', 'en');
    expect(body(res).message).toEqual({ code: 'VALIDATION_FAILED', message: expect.any(String), fields: { from: range, to: range } });
    expect((await send({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    // The longest window the calendar may ask for still answers, day by day.
    const longest = await send({ method: 'GET', url: `/api/appointments/availability?clinic=${ids.clinic}&from=2999-11-01&to=2999-12-31`, headers: auth(org.token) });
    expect(longest.statusCode, longest.body).toBe(200);
    expect(body(longest).data.days).toHaveLength(61);
  });

  it('answers bad query input with a 4xx in the envelope, never a 500', async () => {
    const cases: Array<[string, string, string]> = [
      ['/api/appointments?filter=clinic%3D%25', 'filter', translate('validation.invalidFilter', 'en')],
      ['/api/appointments?datetime=2026-13-01', 'datetime', translate('validation.scheduling.invalidDay', 'en')],
      ['/api/appointments?datetime=9999-12-31T23:59:59Z', 'datetime', translate('validation.dateOutOfRange', 'en')],
      ['/api/appointments?date=9999-12-31', 'date', translate('validation.dateOutOfRange', 'en')],
      ['/api/appointments?from=-271821-04-20T00:00:00Z&to=2026-01-01T00:00:00Z', 'from', translate('validation.scheduling.invalidInstant', 'en')],
      ['/api/audit?to=2026-13-01', 'to', translate('validation.invalidDate', 'en')],
      ['/api/audit?from=9999-12-31', 'from', translate('validation.dateOutOfRange', 'en')],
      ['/api/employees?dateOfBirth=0001-01-01', 'dateOfBirth', translate('validation.dateOutOfRange', 'en')],
    ];
    for (const [url, field, message] of cases) {
      const res = await send({ method: 'GET', url, headers: auth(org.token) });
      expect(res.statusCode, url).toBe(422);
      expect(body(res).message.fields?.[field], url).toBe(message);
    }
    const stillDecodes = await send({ method: 'GET', url: `/api/appointments?datetime=${encodeURIComponent(slot)}`, headers: auth(org.token) });
    expect(stillDecodes.statusCode, stillDecodes.body).toBe(200);
    expect(body(stillDecodes).data.map((a: { _id: string }) => a._id)).toEqual([ids.appointment]);
  });

  it('every GET route answers each query parameter set to each extreme value', async () => {
    const failures: string[] = [];
    // An event stream never ends by design (modules/notifications/notifications.int.test.ts covers it).
    const gets = apiRoutes().filter((r) => r.method === 'GET' && !r.config?.stream);
    expect(gets.length).toBeGreaterThan(15);
    for (const r of gets) {
      const key = keyOf(r);
      const path = realPath(r.url);
      if (!path) {
        failures.push(`${key}: no real id for its path parameter (add its resource to RESOURCE_TABLE)`);
        continue;
      }
      const params = (openapiOp(r)?.parameters ?? []).filter((p) => p.in === 'query');
      const valid = validQuery(key);
      const missing = params.filter((p) => p.required && !(p.name in valid)).map((p) => p.name);
      if (missing.length) failures.push(`${key}: no valid value for required query parameters ${missing.join(', ')} (add them to validQuery)`);
      // The valid request succeeds: the values below replace one valid value at a time.
      const headers = { ...auth(org.token), ...(key === 'GET /api/public/display' ? { 'x-display-token': ids.displayToken! } : {}) };
      await check(failures, `${key} with valid parameters`, { method: 'GET', url: `${path}?${new URLSearchParams(valid)}`, headers }, true);
      for (const p of params) {
        const keep = new Set([...params.filter((q) => q.required).map((q) => q.name), ...(PARTNERS[p.name] ?? [])]);
        const base = new URLSearchParams(Object.entries(valid).filter(([name]) => name !== p.name && keep.has(name)));
        const prefix = base.toString() ? `${base}&` : '';
        for (const value of [...EXTREMES.map(encodeURIComponent), ...RAW_QUERY]) {
          await check(failures, `${key}?${p.name}=${short(value)}`, { method: 'GET', url: `${path}?${prefix}${encodeURIComponent(p.name)}=${value}`, headers });
        }
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('every route answers each extreme value as its path parameter', async () => {
    const failures: string[] = [];
    for (const r of apiRoutes().filter((x) => x.url.includes(':'))) {
      for (const value of PATH_VALUES) {
        const url = r.url.replace(/:([A-Za-z_]+)/g, value);
        const payload = r.method === 'GET' || r.method === 'DELETE' ? undefined : {};
        await check(failures, `${keyOf(r)} with ${short(value)}`, { method: r.method as 'GET', url, headers: auth(org.token), ...(payload ? { payload } : {}) });
      }
    }
    expect(failures).toEqual([]);
  }, 120_000);

  it('every write route answers each date or number field of its body set to each extreme value', async () => {
    const failures: string[] = [];
    const writes = apiRoutes().filter((r) => ['POST', 'PUT', 'PATCH'].includes(r.method));
    let fields = 0;
    for (const r of writes) {
      const key = keyOf(r);
      const path = realPath(r.url);
      const declared = openapiOp(r)?.requestBody?.content?.['application/json']?.schema;
      const handled = HANDLER_BODIES[key];
      const schema = declared ?? (handled ? (z.toJSONSchema(handled, { io: 'input', unrepresentable: 'any' }) as JsonSchema) : undefined);
      if (!path || !schema) {
        failures.push(`${key}: ${path ? 'no body schema (declare one, or add the route to HANDLER_BODIES)' : 'no real id for its path parameter'}`);
        continue;
      }
      const base = validBody(key);
      for (const field of dateOrNumberFields(schema)) {
        fields += 1;
        const name = String([...field].reverse().find((p) => typeof p === 'string'));
        for (const value of DATE_NAME.test(name) ? BODY_DATES : BODY_NUMBERS) {
          const label = `${key} ${field.join('.')}=${typeof value === 'string' ? short(value.replace('\u0000raw:', '')) : value}`;
          // An update carries the version a screen loaded now would send, so the changed field reaches the service.
          const loaded = (await asLoadedNow(ctx, r.method, path, base)) as Record<string, unknown>;
          const payload = JSON.stringify(withValue(loaded, field, value)).replace(RAW_JSON, '$1');
          await check(failures, label, { method: r.method as 'POST', url: path, headers: { ...auth(org.token), 'content-type': 'application/json' }, payload });
        }
      }
    }
    expect(fields, 'date and number fields found in the body schemas').toBeGreaterThan(40);
    expect(failures).toEqual([]);
  }, 300_000);

  it('the server still answers afterwards', async () => {
    const res = await send({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(body(res).data.status).toBe('ok');
  });
});

describe('request ids', () => {
  async function auditedRequestId(headers: Record<string, string>) {
    const res = await send({ method: 'POST', url: '/api/specializations', headers: { ...auth(org.token), ...headers }, payload: specialization() });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await ctx.database.query<{ request_id: string | null }>(`select request_id from audit_log where company_id = $1 and entity_id = $2`, [org.companyId, body(res).data._id]);
    return { header: res.headers['x-request-id'], stored: row?.request_id };
  }

  it('keeps a short safe X-Request-Id, and replaces anything else before it is echoed or audited', async () => {
    expect(await auditedRequestId({ 'x-request-id': 'trace-01.a:b_c' })).toEqual({ header: 'trace-01.a:b_c', stored: 'trace-01.a:b_c' });
    for (const given of ['<script>alert(1)</script>', 'a b', 'x'.repeat(65), "'; drop table audit_log; --", 'a\tb', '']) {
      const { header, stored } = await auditedRequestId({ 'x-request-id': given });
      expect(header, given).toMatch(/^[0-9a-f-]{36}$/);
      expect(stored, given).toBe(header);
    }
  });
});
