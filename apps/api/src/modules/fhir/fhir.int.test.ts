import { existsSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, clinics, companyProfiles, services } from '../../db/schema/index.js';
import { eq } from 'drizzle-orm';
import { zonedInstant } from '@clinic/shared';
import { auth, createOrg, createTestContext, type TestContext, type TestOrg } from '../../test/harness.js';
import { insertClinic, insertDoctor, insertPatient, insertService, nextWeekday } from '../appointments/fixtures.js';
import { sweepExports } from './fhir.export.js';
import { fhirValid, loadR4Definitions } from './fixtures.js';
import { APPOINTMENT_STATUS_TO_FHIR, FHIR_GENDERS } from './fhir.resources.js';
import { SEARCH_PARAMS } from './fhir.service.js';

/**
 * The FHIR R4 API against the official R4 definitions: every resource it produces passes the validator, and the
 * value-set codes the validator does not check (statuses, genders) are checked here.
 */

const BASE = '/api/fhir/R4';
let ctx: TestContext;
let a: TestOrg;
let b: TestOrg;
const ids: Record<string, string> = {};

async function get(path: string, token = a.token) {
  return ctx.app.inject({ method: 'GET', url: `${BASE}${path}`, headers: auth(token) });
}

beforeAll(async () => {
  loadR4Definitions();
  ctx = await createTestContext();
  a = await createOrg(ctx, { name: 'Clinic A' });
  b = await createOrg(ctx, { name: 'Clinic B' });
  const db = ctx.database.db;
  await db.insert(companyProfiles).values({ companyId: a.companyId, address: 'King Fahd Road, Riyadh' }).onConflictDoNothing();
  const clinic = await insertClinic(db, a.companyId, { name: 'عيادة الأسنان Dental', timeZone: 'Asia/Riyadh' });
  await db.update(clinics).set({ location: { x: 24.7136, y: 46.6753 }, address: 'Olaya' }).where(eq(clinics.id, clinic.id));
  const doctor = await insertDoctor(db, a.companyId, { name: 'د. سارة Sarah Khan', clinics: [clinic.id] });
  const patient = await insertPatient(db, a.companyId, { name: 'محمد عبدالله Mohammed Abdullah' });
  const other = await insertPatient(db, a.companyId, { name: 'Lina Haddad' });
  const service = await insertService(db, a.companyId, { clinicId: clinic.id, doctors: [doctor.id], durationMinutes: 30, price: 250 });
  Object.assign(ids, { clinic: clinic.id, doctor: doctor.id, patient: patient.id, other: other.id, service: service.id });
  // One appointment in every status of the visit flow, on one clinic day.
  const day = nextWeekday('Tuesday', 'Asia/Riyadh', 3);
  ids.day = day;
  const statuses = Object.keys(APPOINTMENT_STATUS_TO_FHIR) as Array<keyof typeof APPOINTMENT_STATUS_TO_FHIR>;
  for (const [i, status] of statuses.entries()) {
    const startsAt = zonedInstant(day, `${String(9 + i).padStart(2, '0')}:00`, 'Asia/Riyadh');
    const [row] = await db.insert(appointments).values({
      companyId: a.companyId, publicId: `APT-${900 + i}`, patientId: i % 2 ? other.id : patient.id, doctorId: doctor.id, clinicId: clinic.id,
      serviceId: service.id, reason: 'Check-up', startsAt, endsAt: new Date(startsAt.getTime() + 30 * 60_000), status,
      cancellationReason: status === 'cancelled' ? 'Travelling' : null,
    }).returning();
    ids[`appointment_${status}`] = row!.id;
  }
}, 120_000);
afterAll(() => ctx?.close());

describe('FHIR R4 API', () => {
  it('publishes a CapabilityStatement without sign-in, listing each resource it serves', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: `${BASE}/metadata` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/fhir+json');
    const cs = res.json();
    fhirValid(cs);
    const types = cs.rest[0].resource.map((r: any) => r.type);
    expect(types).toEqual(['Patient', 'Practitioner', 'PractitionerRole', 'Organization', 'Location', 'HealthcareService', 'Appointment', 'Schedule', 'Slot', 'Encounter', 'Observation', 'Condition', 'AllergyIntolerance',
      'MedicationRequest', 'ServiceRequest', 'DiagnosticReport']);
    expect(cs.rest[0].operation[0].name).toBe('export');
  });

  it('answers every search as a valid searchset Bundle of valid resources', async () => {
    const searches = ['Patient', 'Practitioner', 'PractitionerRole', 'Organization', 'Location', 'HealthcareService', 'Appointment', 'Schedule', `Slot?schedule=Schedule/${ids.doctor}&start=ge${ids.day}&start=lt${ids.day}T23:59:00%2B03:00`];
    for (const path of searches) {
      const res = await get(`/${path}`);
      expect(res.statusCode, path).toBe(200);
      const bundle = res.json();
      fhirValid(bundle);
      expect(bundle.type).toBe('searchset');
      expect(bundle.total, path).toBeGreaterThan(0);
      for (const e of bundle.entry) {
        fhirValid(e.resource);
        expect(e.fullUrl).toMatch(new RegExp(`^http://[^/]+${BASE}/${e.resource.resourceType}/`));
      }
    }
  });

  it('keeps names in both scripts and maps genders to the FHIR value set', async () => {
    const res = await get(`/Patient/${ids.patient}`);
    expect(res.statusCode).toBe(200);
    const patient = res.json();
    expect(patient.name[0].text).toBe('محمد عبدالله Mohammed Abdullah');
    expect(FHIR_GENDERS).toContain(patient.gender);
    const byName = (await get(`/Patient?name=${encodeURIComponent('محمد')}`)).json();
    expect(byName.entry.map((e: any) => e.resource.id)).toEqual([ids.patient]);
    const doctor = (await get(`/Practitioner/${ids.doctor}`)).json();
    expect(doctor.name[0].text).toBe('د. سارة Sarah Khan');
  });

  it('maps every status of the visit flow to an Appointment.status code and searches by it', async () => {
    const res = await get(`/Appointment?date=ge${ids.day}&date=le${ids.day}&_count=100`);
    const bundle = res.json();
    expect(bundle.total).toBe(7);
    const byId = new Map(bundle.entry.map((e: any) => [e.resource.id, e.resource]));
    for (const [ours, code] of Object.entries(APPOINTMENT_STATUS_TO_FHIR)) {
      const appointment: any = byId.get(ids[`appointment_${ours}`]!);
      expect(appointment.status, ours).toBe(code);
      expect(['proposed', 'pending', 'booked', 'arrived', 'fulfilled', 'cancelled', 'noshow', 'entered-in-error', 'checked-in', 'waitlist']).toContain(appointment.status);
    }
    const noShows = (await get(`/Appointment?status=noshow`)).json();
    expect(noShows.entry.map((e: any) => e.resource.id)).toEqual([ids.appointment_no_show]);
    const cancelled: any = byId.get(ids.appointment_cancelled);
    expect(cancelled.cancelationReason.text).toBe('Travelling');
    const forPatient = (await get(`/Appointment?patient=Patient/${ids.other}`)).json();
    expect(forPatient.total).toBe(3);
  });

  it('pages with _count and follows the next link to the end', async () => {
    const first = (await get('/Appointment?_count=4')).json();
    expect(first.total).toBe(7);
    expect(first.entry).toHaveLength(4);
    const next = first.link.find((l: any) => l.relation === 'next').url as string;
    const second = (await ctx.app.inject({ method: 'GET', url: next.replace(/^http:\/\/[^/]+/, ''), headers: auth(a.token) })).json();
    expect(second.entry).toHaveLength(3);
    expect(second.link.some((l: any) => l.relation === 'next')).toBe(false);
    const seen = [...first.entry, ...second.entry].map((e: any) => e.resource.id);
    expect(new Set(seen).size).toBe(7);
  });

  it('puts the clinic on the map and the price where FHIR has no field', async () => {
    const location = (await get(`/Location/${ids.clinic}`)).json();
    expect(location.position).toEqual({ latitude: 24.7136, longitude: 46.6753 });
    const service = (await get(`/HealthcareService/${ids.service}`)).json();
    expect(service.extension.find((x: any) => x.url === 'urn:clinic:fhir:price').valueMoney.value).toBe(250);
  });

  it('offers free and busy slots of a doctor\'s schedule, bounded in time', async () => {
    const res = await get(`/Slot?schedule=Schedule/${ids.doctor}&start=ge${ids.day}&start=lt${ids.day}T23:59:00%2B03:00&_count=100`);
    const bundle = res.json();
    const busy = bundle.entry.filter((e: any) => e.resource.status === 'busy');
    const free = bundle.entry.filter((e: any) => e.resource.status === 'free');
    // requested, scheduled, arrived, in consultation and completed hold the doctor's time; cancelled and no-show free it.
    expect(busy).toHaveLength(5);
    expect(free.length).toBeGreaterThan(5);
    const taken = busy.map((e: any) => e.resource.start);
    expect(free.some((e: any) => taken.includes(e.resource.start))).toBe(false);
    const tooLong = await get(`/Slot?schedule=Schedule/${ids.doctor}&start=ge2026-01-01&start=le2026-03-01`);
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().resourceType).toBe('OperationOutcome');
  });

  it('refuses what it does not support with an OperationOutcome, never a 5xx', async () => {
    for (const path of ['/Patient?colour=blue', '/Patient?birthdate=2026-02-30', '/Appointment?date=9999-12-31', '/Appointment?status=maybe', '/Patient?_count=abc', '/Slot']) {
      const res = await get(path);
      expect(res.statusCode, path).toBe(400);
      const outcome = res.json();
      expect(outcome.resourceType).toBe('OperationOutcome');
      fhirValid(outcome);
    }
    const arabic = await ctx.app.inject({ method: 'GET', url: `${BASE}/Patient?colour=blue`, headers: auth(a.token, 'ar') });
    expect(arabic.json().issue[0].diagnostics).toContain('غير مدعوم');
    const unauthenticated = await ctx.app.inject({ method: 'GET', url: `${BASE}/Patient` });
    expect(unauthenticated.statusCode).toBe(401);
    expect(unauthenticated.json().resourceType).toBe('OperationOutcome');
  });

  it('answers every search parameter set to extreme values with a result or an OperationOutcome, never a 5xx', async () => {
    const extremes = ['0001-01-01', 'ge9999-12-31', 'lt0000-00-00', 'eq2026-13-01', 'gt-271821-04-20T00:00:00Z', '1e308', '-1', 'NaN', '%25', '', 'x'.repeat(300),
      'Patient/../../etc', 'Schedule/' + 'f'.repeat(64), '|', 'a|', ',,,,'];
    const problems: string[] = [];
    for (const [type, params] of Object.entries(SEARCH_PARAMS)) {
      for (const name of ['_id', '_count', '_offset', ...params]) {
        for (const value of extremes) {
          const extra = type === 'Slot' && name !== 'schedule' ? `&schedule=Schedule/${ids.doctor}` : '';
          const res = await get(`/${type}?${name}=${encodeURIComponent(value)}${extra}`);
          if (res.statusCode >= 500 || (res.statusCode >= 400 && res.json().resourceType !== 'OperationOutcome')) problems.push(`${type}?${name}=${value.slice(0, 20)}: ${res.statusCode}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('answers another company\'s ids exactly like unknown ones and never lists them', async () => {
    const theirs = await get(`/Patient/${ids.patient}`, b.token);
    const unknown = await get('/Patient/0f0f0f0f-0f0f-4f0f-8f0f-0f0f0f0f0f0f', b.token);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.body).toBe(unknown.body);
    const list = (await get('/Appointment?_count=100', b.token)).json();
    expect(list.total).toBe(0);
    const slots = (await get(`/Slot?schedule=Schedule/${ids.doctor}`, b.token)).json();
    expect(slots.total).toBe(0);
  });

  it('audits patients read through FHIR like every other patient read', async () => {
    await get(`/Patient/${ids.other}`);
    const rows = await ctx.database.query<{ n: number }>(
      `select count(*)::int as n from audit_log where company_id = $1 and entity = 'patient' and entity_id = $2 and action = 'read'`,
      [a.companyId, ids.other],
    );
    expect(rows[0]!.n).toBeGreaterThan(0);
  });

  it('exports everything as NDJSON through the bulk data kick-off, status and file protocol', async () => {
    const kick = await get('/$export?_type=Patient,Appointment,Practitioner,Organization');
    expect(kick.statusCode).toBe(202);
    const location = kick.headers['content-location'] as string;
    expect(location).toMatch(/\$export-status\//);
    const statusPath = location.replace(/^http:\/\/[^/]+/, '');
    let manifest: any = null;
    for (let i = 0; i < 100 && !manifest; i++) {
      const poll = await ctx.app.inject({ method: 'GET', url: statusPath, headers: auth(a.token) });
      if (poll.statusCode === 200) manifest = poll.json();
      else {
        expect(poll.statusCode).toBe(202);
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    expect(manifest.requiresAccessToken).toBe(true);
    const counts = Object.fromEntries(manifest.output.map((o: any) => [o.type, o.count]));
    expect(counts).toEqual({ Patient: 2, Appointment: 7, Practitioner: 1, Organization: 1 });
    const patients = manifest.output.find((o: any) => o.type === 'Patient');
    const file = await ctx.app.inject({ method: 'GET', url: patients.url.replace(/^http:\/\/[^/]+/, ''), headers: auth(a.token) });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('application/fhir+ndjson');
    const lines = file.body.trim().split('\n').map((l) => JSON.parse(l));
    expect(lines).toHaveLength(2);
    for (const r of lines) fhirValid(r);
    expect(lines.map((r) => r.name[0].text)).toContain('محمد عبدالله Mohammed Abdullah');
    // The files live in the database, not in a server's data folder: any server answers the download.
    const exportId = statusPath.split('/').pop()!;
    const stored = async () => (await ctx.database.query<{ n: number }>(`select count(*)::int as n from fhir_export_chunks where company_id = $1 and export_id = $2`, [a.companyId, exportId]))[0]!.n;
    expect(await stored()).toBe(4);
    expect(existsSync(path.join(ctx.config.dataDir, 'fhir-exports'))).toBe(false);
    // Another company cannot see it; deleting it removes it, its files with it.
    const stranger = await ctx.app.inject({ method: 'GET', url: statusPath, headers: auth(b.token) });
    expect(stranger.statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'DELETE', url: statusPath, headers: auth(a.token) })).statusCode).toBe(202);
    expect((await ctx.app.inject({ method: 'GET', url: statusPath, headers: auth(a.token) })).statusCode).toBe(404);
    expect(await stored()).toBe(0);
  });

  it('refuses a second export while one runs, and unknown export parameters', async () => {
    await ctx.database.query(`insert into fhir_exports (company_id, request, status) values ($1, '/x', 'running')`, [a.companyId]);
    const busy = await get('/$export');
    expect(busy.statusCode).toBe(429);
    expect(busy.json().resourceType).toBe('OperationOutcome');
    await ctx.database.query(`delete from fhir_exports where company_id = $1`, [a.companyId]);
    expect((await get('/$export?_type=Invoice')).statusCode).toBe(400);
    expect((await get('/$export?_outputFormat=text/csv')).statusCode).toBe(400);
  });

  it('fails an export whose server died at the next kick-off, without anyone polling it; of two kick-offs at once one starts', async () => {
    await ctx.database.query(`insert into fhir_exports (company_id, request, status, heartbeat_at) values ($1, '/dead', 'running', now() - interval '1 hour')`, [a.companyId]);
    const answers = await Promise.all([get('/$export?_type=Patient'), get('/$export?_type=Patient')]);
    const codes = answers.map((r) => r.statusCode).sort();
    const rows = await ctx.database.query<{ request: string; status: string; error: string | null; created_at: Date; finished_at: Date | null }>(
      `select request, status, error, created_at, finished_at from fhir_exports where company_id = $1 order by created_at`, [a.companyId]);
    if (codes[1] === 202) {
      // The first export of this small organisation may finish before the second kick-off is claimed: then the second
      // starts after it, never beside it.
      const [first, second] = rows.filter((r) => r.request !== '/dead');
      expect(first!.finished_at!.getTime()).toBeLessThanOrEqual(second!.created_at.getTime());
    } else {
      expect(codes).toEqual([202, 429]);
      expect(rows).toHaveLength(2);
    }
    expect(rows.find((r) => r.request === '/dead')).toMatchObject({ status: 'failed', error: expect.stringContaining('stopped') });
    const started = answers.find((r) => r.statusCode === 202)!;
    const statusPath = (started.headers['content-location'] as string).replace(/^http:\/\/[^/]+/, '');
    for (let i = 0; i < 100 && (await ctx.app.inject({ method: 'GET', url: statusPath, headers: auth(a.token) })).statusCode === 202; i++) {
      await new Promise((r) => setTimeout(r, 50));
    }
    await ctx.database.query(`delete from fhir_exports where company_id = $1`, [a.companyId]);
  });

  it('the sweep fails the exports whose server died and removes expired ones, in every company', async () => {
    await ctx.database.query(`insert into fhir_exports (company_id, request, status, heartbeat_at) values ($1, '/dead', 'running', now() - interval '1 hour')`, [b.companyId]);
    await ctx.database.query(`insert into fhir_exports (company_id, request, status) values ($1, '/alive', 'running')`, [a.companyId]);
    await ctx.database.query(`insert into fhir_exports (company_id, request, status, created_at) values ($1, '/old', 'done', now() - interval '2 days')`, [a.companyId]);
    expect(await sweepExports({ db: ctx.database.db, config: ctx.config })).toEqual({ exportsFailed: 1, exportsRemoved: 1 });
    const rows = await ctx.database.query<{ request: string; status: string }>(`select request, status from fhir_exports order by request`);
    expect(rows).toEqual([{ request: '/alive', status: 'running' }, { request: '/dead', status: 'failed' }]);
    await ctx.database.query(`delete from fhir_exports`);
  });

  // Last: it adds a doctor, services and a patient the counts above do not expect.
  it('offers as free only times a booking accepts: clear of a visit\'s buffer, and each one booked as offered', async () => {
    const db = ctx.database.db;
    const doctor = await insertDoctor(db, a.companyId, { name: 'Dr. Free', clinics: [ids.clinic!] });
    const buffered = await insertService(db, a.companyId, { clinicId: ids.clinic!, doctors: [doctor.id], durationMinutes: 30 });
    await db.update(services).set({ bufferAfterMinutes: 15 }).where(eq(services.id, buffered.id));
    const plain = await insertService(db, a.companyId, { clinicId: ids.clinic!, doctors: [doctor.id], durationMinutes: 30 });
    const patient = await insertPatient(db, a.companyId, { name: 'Sami Free' });
    const book = (service: string, datetime: string) => ctx.app.inject({
      method: 'POST', url: '/api/appointments', headers: auth(a.token),
      payload: { patient: patient.id, doctor: doctor.id, clinic: ids.clinic, service, datetime, reason: 'Check-up' },
    });
    // 09:00-09:30 plus 15 minutes after it: the doctor's time is held until 09:45.
    expect((await book(buffered.id, zonedInstant(ids.day!, '09:00', 'Asia/Riyadh').toISOString())).statusCode).toBe(201);
    const res = await get(`/Slot?schedule=Schedule/${doctor.id}&status=free&start=ge${ids.day}&start=lt${ids.day}T11:00:00%2B03:00`);
    const starts = res.json().entry.map((e: any) => e.resource.start as string);
    expect(starts.map((x: string) => x.slice(11, 16))).toEqual(['06:45', '07:15']);
    for (const start of starts) {
      const booked = await book(plain.id, start);
      expect(booked.statusCode, booked.body).toBe(201);
    }
  });
});
