import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments } from '../db/schema/index.js';
import { auth, body, createOrg, createTestContext, multipart, type TestContext, type TestOrg } from '../test/harness.js';
import { insertClinic, insertDoctor, insertPatient, insertService } from '../modules/appointments/fixtures.js';
import { READ_TYPES } from '../modules/fhir/fhir.service.js';

/**
 * Absolute links come from PUBLIC_URL only. A request whose Host and X-Forwarded-Host name another site (behind a
 * trusted proxy, so the forwarded header is believed) must not put that site into any answer: FHIR bundles, the bulk
 * export's Content-Location and manifest (followed with the client's token), calendar feed addresses and the .ics
 * body, file links, and every list. Run on PGlite and on PostgreSQL (DATABASE_URL).
 */

const PUBLIC = 'https://clinic.example';
const EVIL = 'evil.example';
const forged = { host: EVIL, 'x-forwarded-host': EVIL, 'x-forwarded-proto': 'https' };
const FHIR = '/api/fhir/R4';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

let ctx: TestContext;
let org: TestOrg;
const ids: Record<string, string> = {};

const send = (method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: { ...auth(org.token), ...forged }, ...(payload ? { payload } : {}) });

/** Neither the body nor any header (Location, Content-Location, ...) names the forged host. */
function clean(res: LightMyRequestResponse, what: string) {
  expect(res.statusCode, `${what}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
  expect(res.body, what).not.toContain(EVIL);
  expect(JSON.stringify(res.headers), what).not.toContain(EVIL);
}
const pathOf = (url: string) => {
  expect(url.startsWith(`${PUBLIC}/`), url).toBe(true);
  return url.slice(PUBLIC.length);
};

beforeAll(async () => {
  ctx = await createTestContext({ publicUrl: PUBLIC, trustProxy: ['127.0.0.1'] });
  org = await createOrg(ctx);
  const db = ctx.database.db;
  const clinic = await insertClinic(db, org.companyId, { name: 'Olaya Clinic', timeZone: 'Asia/Riyadh' });
  const doctor = await insertDoctor(db, org.companyId, { name: 'Dr. Sara Ali', clinics: [clinic.id] });
  const patient = await insertPatient(db, org.companyId, { name: 'Lina Haddad' });
  const service = await insertService(db, org.companyId, { clinicId: clinic.id, doctors: [doctor.id], name: 'Consultation', durationMinutes: 30 });
  const startsAt = new Date(Date.now() + 2 * 86_400_000);
  await db.insert(appointments).values({
    companyId: org.companyId, publicId: 'APT-HOST01', patientId: patient.id, doctorId: doctor.id, clinicId: clinic.id, serviceId: service.id,
    reason: 'Follow-up', startsAt, endsAt: new Date(startsAt.getTime() + 30 * 60_000), status: 'scheduled',
  });
  const m = await multipart([['title', 'Blood test']], [{ field: 'file', filename: 'blood-test.pdf', type: 'application/pdf', data: PDF }]);
  const doc = await ctx.app.inject({
    method: 'POST', url: `/api/patients/${patient.id}/documents`, payload: m.payload, headers: { ...auth(org.token), ...forged, 'content-type': m.contentType },
  });
  clean(doc, 'document upload');
  Object.assign(ids, { clinic: clinic.id, doctor: doctor.id, patient: patient.id, service: service.id });
}, 60_000);
afterAll(() => ctx?.close());

describe('links never come from the Host header', () => {
  it('FHIR: the CapabilityStatement, every search Bundle (links, next pages, fullUrls) and every read', async () => {
    clean(await send('GET', `${FHIR}/metadata`), 'metadata');
    for (const type of READ_TYPES) {
      const res = await send('GET', `${FHIR}/${type}?_count=1`);
      clean(res, `${type} search`);
      const bundle = res.json() as { link: Array<{ relation: string; url: string }>; entry?: Array<{ fullUrl: string; resource: { id: string } }> };
      for (const l of bundle.link) pathOf(l.url);
      const next = bundle.link.find((l) => l.relation === 'next');
      if (next) clean(await send('GET', pathOf(next.url)), `${type} next page`);
      for (const e of bundle.entry ?? []) clean(await send('GET', pathOf(e.fullUrl)), `${type} read`);
    }
  });

  it('FHIR bulk export: the kick-off\'s Content-Location, the status manifest and its files', async () => {
    const kick = await send('GET', `${FHIR}/$export?_type=Patient,Appointment`);
    expect(kick.statusCode, kick.body).toBe(202);
    clean(kick, '$export kick-off');
    const status = pathOf(kick.headers['content-location'] as string);
    let done: LightMyRequestResponse | null = null;
    for (let i = 0; i < 200 && !done; i++) {
      const poll = await send('GET', status);
      clean(poll, '$export-status');
      if (poll.statusCode === 200) done = poll;
      else await new Promise((r) => setTimeout(r, 50));
    }
    const manifest = done!.json() as { request: string; requiresAccessToken: boolean; output: Array<{ url: string }> };
    expect(manifest.requiresAccessToken).toBe(true);
    pathOf(manifest.request);
    expect(manifest.output.length).toBeGreaterThan(0);
    for (const o of manifest.output) clean(await send('GET', pathOf(o.url)), '$export-file');
  });

  it('calendar feeds: the address when made and rotated, the list, and the links inside the .ics', async () => {
    const made = await send('POST', '/api/calendar-feeds', { doctor: ids.doctor });
    expect(made.statusCode, made.body).toBe(201);
    clean(made, 'feed create');
    const feed = body(made).data as { _id: string; url: string };
    const ics = await ctx.app.inject({ method: 'GET', url: pathOf(feed.url), headers: forged });
    expect(ics.statusCode).toBe(200);
    clean(ics, '.ics');
    expect(ics.body.replace(/\r\n /g, '')).toContain(`URL;VALUE=URI:${PUBLIC}/patients/details/${ids.patient}`);

    const rotated = await send('POST', `/api/calendar-feeds/${feed._id}/rotate`);
    expect(rotated.statusCode, rotated.body).toBeLessThan(300);
    clean(rotated, 'feed rotate');
    clean(await ctx.app.inject({ method: 'GET', url: pathOf(body(rotated).data.url), headers: forged }), 'rotated .ics');
    clean(await send('GET', '/api/calendar-feeds'), 'feed list');
  });

  it('file links and every list of the API', async () => {
    const patient = await send('GET', `/api/patients/${ids.patient}`);
    clean(patient, 'patient details');
    expect(patient.body).toContain('/api/files/');
    // Every GET without parameters, but the live event stream (it never ends; it carries no links).
    const lists = ctx.app.routeTable.filter((r) => r.method === 'GET' && !r.url.includes(':') && !r.url.includes('*') && r.url.startsWith('/api/')
      && !(r.config as { stream?: boolean } | undefined)?.stream);
    expect(lists.length).toBeGreaterThan(20);
    for (const r of lists) clean(await send('GET', r.url), `GET ${r.url}`);
  }, 120_000);
});
