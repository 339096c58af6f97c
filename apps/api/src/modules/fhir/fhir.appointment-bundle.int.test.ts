import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, zonedInstant } from '@clinic/shared';
import { auth, createOrg, createTestContext, type TestContext, type TestOrg } from '../../test/harness.js';
import { insertClinic, insertDoctor, insertPatient, insertService, nextWeekday } from '../appointments/fixtures.js';
import { bulkExport } from './fixtures.js';

/**
 * An Appointment search's whole answer, byte for byte: the searchset Bundle an integration receives for a clinic's
 * week (the order of every member, how times, durations, empty values and unusual characters are written), its pages,
 * and the audit entry each patient read leaves.
 */

const BASE = '/api/fhir/R4';
let ctx: TestContext;
let a: TestOrg;
let base: string;
const ids: Record<string, string> = {};
let day = '';
/** What the clinic's week holds, in the order the search answers (start time, then id). */
const rows: Row[] = [];

interface Row {
  id: string; publicId: string; status: string; startsAt: Date; endsAt: Date; reason: string; cancellationReason: string | null;
  createdAt: string; updatedAt: string; version: number; patient: 'p1' | 'p2'; doctor: 'd1' | 'd2'; service: 's1' | 's2';
}

/**
 * The visits with an encounter: APT-7's note is marked sensitive, APT-6's was marked and then unmarked; each flip was
 * after the appointment's own last change.
 */
const NOTE_MARKS: Record<string, { sensitive: boolean; changedAt: string }> = {
  'APT-7': { sensitive: true, changedAt: '2026-02-01T08:00:00.250Z' },
  'APT-6': { sensitive: false, changedAt: '2026-02-02T09:30:00.000Z' },
};

const names = {
  p1: 'محمد "Mo" \\ Abdullah',
  p2: 'Lina\tHaddad',
  d1: 'د. سارة\u0001 Sarah 😀',
  d2: 'Dr. Omar </script>',
  s1: 'Teeth "cleaning" تنظيف',
  s2: 'Check-up',
  clinic: 'عيادة الأسنان "Dental" \\ Olaya',
};

async function get(path: string) {
  return ctx.app.inject({ method: 'GET', url: `${BASE}${path}`, headers: auth(a.token) });
}

async function insertAppointment(r: Omit<Row, 'id'>, clinicId: string): Promise<string> {
  const [row] = await ctx.database.query<{ id: string }>(
    `insert into appointments (company_id, public_id, patient_id, doctor_id, clinic_id, service_id, reason, starts_at, ends_at, status,
       cancellation_reason, overbooked, version, created_at, updated_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, true, $12, $13, $14) returning id`,
    [a.companyId, r.publicId, ids[r.patient], ids[r.doctor], clinicId, ids[r.service], r.reason, r.startsAt, r.endsAt, r.status,
      r.cancellationReason, r.version, r.createdAt, r.updatedAt],
  );
  return row!.id;
}

const at = (time: string, extraMs = 0) => new Date(zonedInstant(day, time, 'Asia/Riyadh').getTime() + extraMs);

beforeAll(async () => {
  ctx = await createTestContext();
  a = await createOrg(ctx, { name: 'Olaya Dental' });
  const other = await createOrg(ctx, { name: 'Another Group' });
  const db = ctx.database.db;
  const clinic = await insertClinic(db, a.companyId, { name: names.clinic, timeZone: 'Asia/Riyadh' });
  const second = await insertClinic(db, a.companyId, { name: 'Second clinic' });
  const d1 = await insertDoctor(db, a.companyId, { name: names.d1, clinics: [clinic.id, second.id] });
  const d2 = await insertDoctor(db, a.companyId, { name: names.d2, clinics: [clinic.id] });
  const p1 = await insertPatient(db, a.companyId, { name: names.p1 });
  const p2 = await insertPatient(db, a.companyId, { name: names.p2 });
  const s1 = await insertService(db, a.companyId, { clinicId: clinic.id, doctors: [d1.id, d2.id], name: names.s1 });
  const s2 = await insertService(db, a.companyId, { clinicId: clinic.id, doctors: [d1.id, d2.id], name: names.s2 });
  Object.assign(ids, { clinic: clinic.id, second: second.id, d1: d1.id, d2: d2.id, p1: p1.id, p2: p2.id, s1: s1.id, s2: s2.id });
  day = nextWeekday('Tuesday', 'Asia/Riyadh', 3);

  const week: Array<Omit<Row, 'id'>> = [
    // Kept times with microseconds: FHIR instants carry milliseconds.
    { publicId: 'APT-1', status: 'scheduled', startsAt: at('09:00'), endsAt: at('09:30'), reason: '  Check-up\t', cancellationReason: null,
      createdAt: '2026-01-02T03:04:05.123456Z', updatedAt: '2026-01-03T04:05:06.789999Z', version: 3, patient: 'p1', doctor: 'd1', service: 's1' },
    { publicId: 'APT-2', status: 'cancelled', startsAt: at('09:00'), endsAt: at('09:45'), reason: 'Follow-up\u2028second line', cancellationReason: 'Travelling "abroad"\n',
      createdAt: '2026-01-04T00:00:00Z', updatedAt: '2026-01-05T10:11:12.5Z', version: 1, patient: 'p2', doctor: 'd2', service: 's2' },
    // A cancellation without a reason, and a reason of nothing but (Unicode) spaces.
    { publicId: 'APT-3', status: 'cancelled', startsAt: at('10:00'), endsAt: at('10:15'), reason: '\u00a0\u3000 ', cancellationReason: '',
      createdAt: '2026-01-06T00:00:00.000001Z', updatedAt: '2026-01-06T00:00:00.000999Z', version: 2, patient: 'p1', doctor: 'd1', service: 's2' },
    // Twenty seconds: no whole minute to state.
    { publicId: 'APT-4', status: 'completed', startsAt: at('11:00', 250), endsAt: at('11:00', 20_000), reason: '', cancellationReason: 'not cancelled',
      createdAt: '2026-01-07T00:00:00Z', updatedAt: '2026-01-07T00:00:00Z', version: 1, patient: 'p2', doctor: 'd1', service: 's1' },
    // Ninety and a half minutes round up.
    { publicId: 'APT-5', status: 'no_show', startsAt: at('12:00'), endsAt: at('13:30', 30_000), reason: 'Pain \u0007 <b>&</b>', cancellationReason: null,
      createdAt: '2026-01-08T00:00:00Z', updatedAt: '2026-01-08T00:00:00Z', version: 7, patient: 'p1', doctor: 'd2', service: 's1' },
    // A version of 0 has no versionId.
    { publicId: 'APT-6', status: 'arrived', startsAt: at('14:00'), endsAt: at('14:30'), reason: 'Review', cancellationReason: null,
      createdAt: '2026-01-09T00:00:00Z', updatedAt: '2026-01-09T00:00:00Z', version: 0, patient: 'p2', doctor: 'd2', service: 's2' },
    { publicId: 'APT-7', status: 'in_consultation', startsAt: at('15:00'), endsAt: at('15:30'), reason: 'X-ray', cancellationReason: null,
      createdAt: '2026-01-10T00:00:00Z', updatedAt: '2026-01-10T00:00:00Z', version: 1, patient: 'p1', doctor: 'd1', service: 's1' },
    { publicId: 'APT-8', status: 'requested', startsAt: at('16:00'), endsAt: at('16:30'), reason: 'New', cancellationReason: null,
      createdAt: '2026-01-11T00:00:00Z', updatedAt: '2026-01-11T00:00:00Z', version: 1, patient: 'p2', doctor: 'd1', service: 's2' },
  ];
  for (const r of week) rows.push({ ...r, id: await insertAppointment(r, clinic.id) });
  for (const [publicId, mark] of Object.entries(NOTE_MARKS)) {
    const r = rows.find((x) => x.publicId === publicId)!;
    const [encounter] = await ctx.database.query<{ id: string }>(
      `insert into encounters (company_id, kind, patient_id, doctor_id, clinic_id, appointment_id, reason, status, opened_at)
       values ($1, 'visit', $2, $3, $4, $5, $6, 'open', $7) returning id`,
      [a.companyId, ids[r.patient], ids[r.doctor], clinic.id, r.id, r.reason, r.startsAt],
    );
    await ctx.database.query(
      `insert into encounter_notes (company_id, encounter_id, template, content, sensitive, sensitive_changed_at) values ($1, $2, '{}', '{}', $3, $4)`,
      [a.companyId, encounter!.id, mark.sensitive, mark.changedAt],
    );
  }
  rows.sort((x, y) => x.startsAt.getTime() - y.startsAt.getTime() || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
  // Outside the search: another clinic, another week, another company.
  const later = 10 * 86_400_000;
  await insertAppointment({ ...week[0]!, publicId: 'APT-90', startsAt: at('09:00', later), endsAt: at('09:30', later) }, clinic.id);
  await insertAppointment({ ...week[1]!, publicId: 'APT-91' }, second.id);
  const theirs = { clinic: await insertClinic(db, other.companyId), doctor: await insertDoctor(db, other.companyId), patient: await insertPatient(db, other.companyId) };
  const theirService = await insertService(db, other.companyId, { clinicId: theirs.clinic.id, doctors: [theirs.doctor.id] });
  await ctx.database.query(
    `insert into appointments (company_id, public_id, patient_id, doctor_id, clinic_id, service_id, reason, starts_at, ends_at, status)
     values ($1, 'APT-99', $2, $3, $4, $5, 'Theirs', $6, $7, 'scheduled')`,
    [other.companyId, theirs.patient.id, theirs.doctor.id, theirs.clinic.id, theirService.id, at('09:00'), at('09:30')],
  );
  base = `${ctx.app.publicUrl}${BASE}`;
}, 120_000);
afterAll(() => ctx?.close());

const FHIR_STATUS: Record<string, string> = {
  requested: 'pending', scheduled: 'booked', arrived: 'arrived', in_consultation: 'checked-in', completed: 'fulfilled', no_show: 'noshow', cancelled: 'cancelled',
};

/** Each appointment of the week as the integration receives it, written out member by member. */
function expectedResource(r: Row): Record<string, unknown> {
  const participant = (type: string, id: string, display: string) => ({
    actor: { reference: `${type}/${id}`, display }, required: 'required', status: r.status === 'cancelled' ? 'declined' : 'accepted',
  });
  const extra: Record<string, Record<string, unknown>> = {
    'APT-1': { description: 'Check-up', minutesDuration: 30 },
    'APT-2': { cancelationReason: { text: 'Travelling "abroad"\n' }, description: 'Follow-up\u2028second line', minutesDuration: 45 },
    'APT-3': { minutesDuration: 15 },
    'APT-4': {},
    'APT-5': { description: 'Pain \u0007 <b>&</b>', minutesDuration: 91 },
    'APT-6': { description: 'Review', minutesDuration: 30 },
    'APT-7': { description: 'X-ray', minutesDuration: 30 },
    'APT-8': { description: 'New', minutesDuration: 30 },
  };
  const lastUpdated: Record<string, string> = {
    'APT-1': '2026-01-03T04:05:06.789Z', 'APT-2': '2026-01-05T10:11:12.500Z', 'APT-3': '2026-01-06T00:00:00.000Z',
    'APT-6': NOTE_MARKS['APT-6']!.changedAt, 'APT-7': NOTE_MARKS['APT-7']!.changedAt,
  };
  // A sensitive visit's reason is left out, and the resource carries the confidentiality label R.
  const sensitive = NOTE_MARKS[r.publicId]?.sensitive === true;
  if (sensitive) delete extra[r.publicId]!.description;
  const security = sensitive ? { security: [{ system: 'http://terminology.hl7.org/CodeSystem/v3-Confidentiality', code: 'R', display: 'restricted' }] } : {};
  const created: Record<string, string> = { 'APT-1': '2026-01-02T03:04:05.123Z', 'APT-3': '2026-01-06T00:00:00.000Z' };
  const e = extra[r.publicId]!;
  return {
    resourceType: 'Appointment',
    id: r.id,
    meta: r.version ? { versionId: String(r.version), lastUpdated: lastUpdated[r.publicId] ?? r.updatedAt.replace('Z', '.000Z'), ...security }
      : { lastUpdated: lastUpdated[r.publicId] ?? r.updatedAt.replace('Z', '.000Z'), ...security },
    identifier: [{ use: 'usual', system: 'urn:clinic:appointment-id', value: r.publicId }],
    status: FHIR_STATUS[r.status],
    ...(e.cancelationReason ? { cancelationReason: e.cancelationReason } : {}),
    serviceType: [{ coding: [{ system: 'urn:clinic:service-id', code: ids[r.service], display: names[r.service] }], text: names[r.service] }],
    ...(e.description ? { description: e.description } : {}),
    start: r.startsAt.toISOString(),
    end: r.endsAt.toISOString(),
    ...(e.minutesDuration ? { minutesDuration: e.minutesDuration } : {}),
    created: created[r.publicId] ?? r.createdAt.replace('Z', '.000Z'),
    participant: [
      participant('Patient', ids[r.patient]!, names[r.patient]),
      participant('Practitioner', ids[r.doctor]!, names[r.doctor]),
      participant('Location', ids.clinic!, names.clinic),
    ],
  };
}

function expectedBundle(query: string, total: number, links: Array<[string, number]>, count: number, page: Row[]): string {
  return JSON.stringify({
    resourceType: 'Bundle',
    type: 'searchset',
    total,
    link: links.map(([relation, offset]) => ({ relation, url: `${base}/Appointment?${query}&_count=${count}&_offset=${offset}` })),
    ...(page.length ? { entry: page.map((r) => ({ fullUrl: `${base}/Appointment/${r.id}`, resource: expectedResource(r), search: { mode: 'match' } })) } : {}),
  });
}

describe('FHIR Appointment search, byte for byte', () => {
  const week = () => `location=Location%2F${ids.clinic}&date=ge${addDays(day, -3)}&date=le${addDays(day, 3)}`;

  it('answers a clinic\'s week as exactly this Bundle, with every member in its place', async () => {
    const res = await get(`/Appointment?${week()}&_count=50`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/fhir+json; charset=utf-8');
    expect(res.body).toBe(expectedBundle(week(), 8, [['self', 0]], 50, rows));
  });

  it('pages the week with previous and next links, and answers a page past the end without entries', async () => {
    expect((await get(`/Appointment?${week()}&_count=3`)).body).toBe(expectedBundle(week(), 8, [['self', 0], ['next', 3]], 3, rows.slice(0, 3)));
    expect((await get(`/Appointment?${week()}&_count=3&_offset=3`)).body)
      .toBe(expectedBundle(week(), 8, [['self', 3], ['previous', 0], ['next', 6]], 3, rows.slice(3, 6)));
    expect((await get(`/Appointment?${week()}&_count=3&_offset=6`)).body).toBe(expectedBundle(week(), 8, [['self', 6], ['previous', 3]], 3, rows.slice(6)));
    expect((await get(`/Appointment?${week()}&_count=3&_offset=20`)).body).toBe(expectedBundle(week(), 8, [['self', 20], ['previous', 17]], 3, []));
    expect((await get(`/Appointment?${week()}&_count=0`)).body).toBe(expectedBundle(week(), 8, [['self', 0]], 0, []));
  });

  it('answers a search that matches nothing with its total of 0 and no entries', async () => {
    const q = `location=Location%2F${ids.clinic}&date=ge${addDays(day, 30)}`;
    expect((await get(`/Appointment?${q}&_count=50`)).body).toBe(expectedBundle(q, 0, [['self', 0]], 50, []));
  });

  it('reads one appointment as the same resource the search answers, and exports it the same', async () => {
    const cancelled = rows.find((r) => r.publicId === 'APT-2')!;
    const read = await get(`/Appointment/${cancelled.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.body).toBe(JSON.stringify(expectedResource(cancelled)));
    const exported = await bulkExport(ctx.app, a.token, 'Appointment');
    const lines = exported.Appointment!.body.trim().split('\n');
    for (const r of rows) expect(lines, r.publicId).toContain(JSON.stringify(expectedResource(r)));
  });

  it('leaves out a sensitive visit\'s reason, labels it restricted, and sends it again to an export since before its note was marked', async () => {
    const privateVisit = rows.find((r) => r.publicId === 'APT-7')!;
    const read = await get(`/Appointment/${privateVisit.id}`);
    expect(read.json()).not.toHaveProperty('description');
    expect(read.json().meta.security).toEqual([{ system: 'http://terminology.hl7.org/CodeSystem/v3-Confidentiality', code: 'R', display: 'restricted' }]);
    // Nothing of the week changed after 20 January but the two notes' marks.
    const since = await bulkExport(ctx.app, a.token, 'Appointment', '2026-01-20T00:00:00Z');
    const lines = since.Appointment!.body.trim().split('\n');
    expect(lines.map((l) => JSON.parse(l).identifier[0].value).sort()).toEqual(['APT-6', 'APT-7']);
    for (const publicId of ['APT-6', 'APT-7']) expect(lines).toContain(JSON.stringify(expectedResource(rows.find((r) => r.publicId === publicId)!)));
  });

  it('audits each patient of the page once, in the order the page first shows them', async () => {
    const before = await ctx.database.query<{ n: number }>(`select coalesce(max(id), 0)::int as n from audit_log`);
    await get(`/Appointment?${week()}&_count=50`);
    const entries = await ctx.database.query<{ entityId: string; changes: unknown; actorId: string; action: string }>(
      `select entity_id as "entityId", changes, actor_id as "actorId", action from audit_log where id > $1 and entity = 'patient' order by id`,
      [before[0]!.n],
    );
    expect(entries).toEqual([
      { entityId: ids[rows[0]!.patient], changes: { via: 'fhir_appointment' }, actorId: a.adminId, action: 'read' },
      { entityId: ids[rows[1]!.patient], changes: { via: 'fhir_appointment' }, actorId: a.adminId, action: 'read' },
    ]);
  });
});
