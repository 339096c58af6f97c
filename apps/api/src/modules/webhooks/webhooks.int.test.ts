import { createHmac } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { zonedInstant, zonedIso } from '@clinic/shared';
import { appointments, auditLog, notifications } from '../../db/schema/index.js';
import { auth, body, createOrg, createTestContext, multipart, settleEvents, signInStaff, TEST_PASSWORD, type TestContext, type TestOrg } from '../../test/harness.js';
import { versionOf } from '../../test/versions.js';
import { insertBookingParty, nextWeekday } from '../appointments/fixtures.js';
import { billingClinic } from '../billing/fixtures.js';
import { WEBHOOK_JOB } from './webhooks.delivery.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5e0f5e20000000049454e44ae426082', 'hex');

interface Received { headers: Record<string, string | string[] | undefined>; body: string }

/** A local receiver: answers `status` and keeps what it received. */
async function startReceiver() {
  const received: Received[] = [];
  const state = { status: 200, received };
  const server: Server = createServer((req, res) => {
    let text = '';
    req.on('data', (c: Buffer) => { text += c.toString('utf8'); });
    req.on('end', () => {
      received.push({ headers: req.headers, body: text });
      res.writeHead(state.status, { 'content-type': 'text/plain' }).end(state.status < 300 ? 'ok' : `refused with ${state.status}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  return { state, url, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** An independent Standard Webhooks verification: the receiver's side. */
function verified(secret: string, r: Received): boolean {
  const id = String(r.headers['webhook-id']);
  const ts = String(r.headers['webhook-timestamp']);
  const expected = createHmac('sha256', Buffer.from(secret.replace(/^whsec_/, ''), 'base64')).update(`${id}.${ts}.${r.body}`).digest('base64');
  return String(r.headers['webhook-signature']).split(' ').includes(`v1,${expected}`);
}

let ctx: TestContext;
let org: TestOrg;
let other: TestOrg;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
const timeZone = 'Asia/Riyadh';

beforeAll(async () => {
  receiver = await startReceiver();
  ctx = await createTestContext({ webhooksAllowPrivateTargets: true });
  org = await createOrg(ctx);
  other = await createOrg(ctx);
});
afterAll(async () => {
  await ctx.close();
  await receiver.close();
});
beforeEach(() => {
  receiver.state.received.length = 0;
  receiver.state.status = 200;
});

const runDeliveries = (now = new Date()) => ctx.app.jobs.runDue(now, 100, [WEBHOOK_JOB]);

async function createEndpoint(o: TestOrg, events: string[], url = receiver.url) {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/webhooks', headers: auth(o.token), payload: { url, events, description: 'Front office system' } });
  expect(res.statusCode).toBe(201);
  return body(res).data as { _id: string; secret: string; version: number };
}

async function book(o: TestOrg) {
  const p = await insertBookingParty(ctx.database.db, o.companyId, timeZone);
  const res = await ctx.app.inject({
    method: 'POST', url: '/api/appointments', headers: auth(o.token),
    payload: { patient: p.patient, doctor: p.doctor, clinic: p.clinic, service: p.service, datetime: zonedIso(zonedInstant(nextWeekday('Monday', timeZone), '10:00', timeZone), timeZone), reason: 'Check-up' },
  });
  expect(res.statusCode).toBe(201);
  return body(res).data as { _id: string };
}

async function deliveriesOf(o: TestOrg, endpointId: string) {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/webhooks/${endpointId}/deliveries?limit=30`, headers: auth(o.token) });
  expect(res.statusCode).toBe(200);
  return body(res) as { data: Array<{ _id: string; messageId: string; status: string; attempts: number; responseStatus: number | null; responseBody: string | null; replayOf: string | null; payload: Record<string, unknown> }> };
}

describe('webhooks', () => {
  it('delivers a signed appointment.booked message carrying the appointment record', async () => {
    const endpoint = await createEndpoint(org, ['appointment.booked']);
    expect(endpoint.secret).toMatch(/^whsec_/);
    const appointment = await book(org);
    // The doctor's note (clinical) is the API's to show to its readers, never a receiver's.
    await ctx.database.db.update(appointments).set({ visitNote: 'Suspected angina' }).where(eq(appointments.id, appointment._id));
    await settleEvents(ctx);
    await runDeliveries();
    expect(receiver.state.received).toHaveLength(1);
    const got = receiver.state.received[0]!;
    expect(verified(endpoint.secret, got)).toBe(true);
    const message = JSON.parse(got.body) as { type: string; timestamp: string; data: { _id: string; status: string; patient: { name: string } } };
    expect(message.type).toBe('appointment.booked');
    expect(message.data._id).toBe(appointment._id);
    expect(message.data.patient.name).toBeTruthy();
    expect(message.data).not.toHaveProperty('visitNote');
    expect(got.body).not.toContain('angina');
    // Stamped when it was sent.
    expect(Math.abs(Number(got.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(60);
    const log = await deliveriesOf(org, endpoint._id);
    expect(log.data[0]).toMatchObject({ status: 'delivered', responseStatus: 200, responseBody: 'ok', attempts: 1 });
    // The list shows the last delivery; the secret is never shown again.
    const list = body(await ctx.app.inject({ method: 'GET', url: '/api/webhooks', headers: auth(org.token) })).data as Array<Record<string, unknown>>;
    const shown = list.find((e) => e._id === endpoint._id)!;
    expect(shown.lastDelivery).toMatchObject({ status: 'delivered', responseStatus: 200 });
    expect(JSON.stringify(list)).not.toContain(endpoint.secret);
    await ctx.app.inject({ method: 'DELETE', url: `/api/webhooks/${endpoint._id}`, headers: auth(org.token) });
  });

  it('sends a visit\'s reason until the visit\'s note is marked sensitive, and not after', async () => {
    const endpoint = await createEndpoint(org, ['appointment.booked', 'appointment.cancelled']);
    const appointment = await book(org);
    await settleEvents(ctx);
    await runDeliveries();
    expect(JSON.parse(receiver.state.received[0]!.body).data.reason).toBe('Check-up');

    const [row] = await ctx.database.db.select().from(appointments).where(eq(appointments.id, appointment._id));
    const [encounter] = await ctx.database.query<{ id: string }>(
      `insert into encounters (company_id, kind, patient_id, doctor_id, clinic_id, appointment_id, reason, status, opened_at)
       values ($1, 'visit', $2, $3, $4, $5, 'Check-up', 'open', now()) returning id`,
      [org.companyId, row!.patientId, row!.doctorId, row!.clinicId, row!.id],
    );
    await ctx.database.query(
      `insert into encounter_notes (company_id, encounter_id, template, content, sensitive, sensitive_changed_at) values ($1, $2, '{}', '{}', true, now())`,
      [org.companyId, encounter!.id],
    );
    const cancel = await ctx.app.inject({
      method: 'PATCH', url: `/api/appointments/${appointment._id}`, headers: auth(org.token),
      payload: { version: await versionOf(ctx, 'appointments', appointment._id), status: 'cancelled', cancellationReason: 'Patient travelling' },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await settleEvents(ctx);
    await runDeliveries();
    const cancelled = receiver.state.received.map((r) => JSON.parse(r.body)).find((m) => m.type === 'appointment.cancelled')!;
    expect(cancelled.data).toMatchObject({ _id: appointment._id, status: 'cancelled', reason: '' });
    await ctx.app.inject({ method: 'DELETE', url: `/api/webhooks/${endpoint._id}`, headers: auth(org.token) });
  });

  it('retries a failing receiver, logging each answer, and replays a delivery as a new message', async () => {
    const endpoint = await createEndpoint(org, ['appointment.booked']);
    receiver.state.status = 500;
    await book(org);
    await settleEvents(ctx);
    await runDeliveries();
    let log = await deliveriesOf(org, endpoint._id);
    expect(log.data[0]).toMatchObject({ status: 'pending', attempts: 1, responseStatus: 500, responseBody: 'refused with 500' });
    receiver.state.status = 503;
    await runDeliveries(new Date(Date.now() + 5 * 60_000));
    log = await deliveriesOf(org, endpoint._id);
    expect(log.data[0]).toMatchObject({ status: 'pending', attempts: 2, responseStatus: 503 });
    receiver.state.status = 200;
    await runDeliveries(new Date(Date.now() + 60 * 60_000));
    log = await deliveriesOf(org, endpoint._id);
    expect(log.data[0]).toMatchObject({ status: 'delivered', attempts: 3, responseStatus: 200 });
    expect(receiver.state.received).toHaveLength(3);
    // The retries are the same message; a replay is a new one with the same payload.
    expect(new Set(receiver.state.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    const replay = await ctx.app.inject({ method: 'POST', url: `/api/webhooks/deliveries/${log.data[0]!._id}/replay`, headers: auth(org.token) });
    expect(replay.statusCode).toBe(201);
    await runDeliveries(new Date(Date.now() + 60 * 60_000));
    expect(receiver.state.received).toHaveLength(4);
    expect(receiver.state.received[3]!.headers['webhook-id']).not.toBe(receiver.state.received[0]!.headers['webhook-id']);
    expect(receiver.state.received[3]!.body).toBe(receiver.state.received[0]!.body);
    log = await deliveriesOf(org, endpoint._id);
    expect(log.data[0]).toMatchObject({ status: 'delivered', replayOf: log.data[1]!._id });
    await ctx.app.inject({ method: 'DELETE', url: `/api/webhooks/${endpoint._id}`, headers: auth(org.token) });
  });

  it('turns off an endpoint that keeps failing and rings its owner\'s bell', async () => {
    const endpoint = await createEndpoint(org, ['appointment.cancelled']);
    receiver.state.status = 500;
    const start = Date.now();
    for (let i = 0; i < 3; i++) {
      const test = await ctx.app.inject({ method: 'POST', url: `/api/webhooks/${endpoint._id}/test`, headers: auth(org.token) });
      expect(test.statusCode).toBe(201);
    }
    for (let hour = 0; hour < 40; hour++) await runDeliveries(new Date(start + hour * 7 * 3_600_000));
    const shown = body(await ctx.app.inject({ method: 'GET', url: `/api/webhooks/${endpoint._id}`, headers: auth(org.token) })).data;
    expect(shown).toMatchObject({ enabled: false, consecutiveFailures: 20 });
    expect(shown.disabledReason).toBe('Turned off after 20 failed deliveries in a row');
    // The reason and each delivery's error are shown in the reader's language.
    const arabic = body(await ctx.app.inject({ method: 'GET', url: `/api/webhooks/${endpoint._id}`, headers: auth(org.token, 'ar') })).data;
    expect(arabic.disabledReason).toBe('أُوقف بعد فشل 20 تسليمًا متتاليًا');
    const deliveries = body(await ctx.app.inject({ method: 'GET', url: `/api/webhooks/${endpoint._id}/deliveries?limit=30`, headers: auth(org.token, 'ar') })).data as Array<{ lastError: string | null }>;
    expect(new Set(deliveries.map((d) => d.lastError))).toEqual(new Set(['أجاب المستقبِل برمز HTTP 500', 'لم يُرسل: نقطة الاستقبال موقوفة']));
    expect(receiver.state.received).toHaveLength(20);
    const bell = await ctx.database.db.select().from(notifications).where(and(eq(notifications.companyId, org.companyId), eq(notifications.kind, 'webhook_disabled')));
    expect(bell.map((n) => n.recipientId)).toContain(org.adminId);
    const texts = body(await ctx.app.inject({ method: 'GET', url: '/api/notifications', headers: auth(org.token) })).data as Array<{ text: string }>;
    expect(texts.some((n) => n.text.includes(receiver.url) && n.text.includes('20'))).toBe(true);
  });

  it('sends an issued invoice with its record', async () => {
    const endpoint = await createEndpoint(org, ['invoice.issued', 'invoice.paid']);
    const b = await billingClinic(ctx.database.db, org.companyId);
    const draft = await ctx.app.inject({ method: 'POST', url: '/api/invoices', headers: auth(org.token), payload: { patient: b.patient.id, clinic: b.clinic.id, lines: [{ kind: 'service', service: b.service.id }] } });
    expect(draft.statusCode, draft.body).toBe(201);
    const issued = await ctx.app.inject({ method: 'POST', url: `/api/invoices/${body(draft).data._id}/issue`, headers: auth(org.token), payload: { version: 1 } });
    expect(issued.statusCode, issued.body).toBe(200);
    await settleEvents(ctx);
    await runDeliveries();
    const got = receiver.state.received.map((r) => JSON.parse(r.body) as { type: string; data: { _id: string; displayNumber: string } });
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({ type: 'invoice.issued', data: { _id: body(draft).data._id, displayNumber: body(issued).data.displayNumber } });
    expect(verified(endpoint.secret, receiver.state.received[0]!)).toBe(true);
    await ctx.app.inject({ method: 'DELETE', url: `/api/webhooks/${endpoint._id}`, headers: auth(org.token) });
  });

  it('sends patient.created and patient.updated with who the patient is (nothing clinical, no file link), and nothing for an update that changes nothing', async () => {
    const endpoint = await createEndpoint(org, ['patient.created', 'patient.updated']);
    const fields: Array<[string, string]> = [
      ['name', 'Amal Hassan'], ['identity', `WH-${Date.now()}`], ['phone', '+966 50 123 4567'], ['dateOfBirth', '1990-01-05'], ['gender', 'female'],
      ['nationality', 'Saudi'], ['marital_status', 'Married'], ['blood_type', 'A+'], ['address', 'Olaya Street, Riyadh'], ['Smoking', 'false'],
      ['professiona_experi', 'Engineer'], ['allergies[0]', 'Penicillin'],
    ];
    const photo = { field: 'image', filename: 'p.png', type: 'image/png', data: PNG };
    const send = async (method: 'POST' | 'PUT', url: string, f: Array<[string, string]>) => {
      const m = await multipart(f, method === 'POST' ? [photo] : []);
      const res = await ctx.app.inject({ method, url, payload: m.payload, headers: { ...auth(org.token), 'content-type': m.contentType } });
      expect(res.statusCode, res.body).toBe(method === 'POST' ? 201 : 200);
      return body(res).data as { _id: string; name: string; phone: string; allergies: string[] };
    };
    const messages = () => receiver.state.received.map((r) => JSON.parse(r.body) as { type: string; data: { _id: string; name: string; phone: string; blood_type: string; allergies: string[] } });
    const created = await send('POST', '/api/patients', fields);
    await settleEvents(ctx);
    await runDeliveries();
    expect(messages()).toHaveLength(1);
    expect(messages()[0]).toMatchObject({ type: 'patient.created', data: { _id: created._id, name: 'Amal Hassan', phone: created.phone, nationality: 'Saudi' } });
    // Nothing of the patient's health, notes, reports or visits, and no link to their photo (a link signs for a person).
    for (const field of ['blood_type', 'allergies', 'Smoking', 'Current_Medications', 'ChronicDiseases', 'notes', 'healthReports', 'treatment', 'image']) {
      expect(messages()[0]!.data, field).not.toHaveProperty(field);
    }
    expect(receiver.state.received[0]!.body).not.toContain('/api/files/');
    expect(verified(endpoint.secret, receiver.state.received[0]!)).toBe(true);

    const put = async (f: Array<[string, string]>) => send('PUT', `/api/patients/${created._id}`, [...f, ['version', String(await versionOf(ctx, 'patients', created._id))]]);
    await put(fields.map(([k, v]): [string, string] => [k, k === 'name' ? 'Amal Al-Hassan' : v]));
    await settleEvents(ctx);
    await runDeliveries();
    expect(messages()).toHaveLength(2);
    expect(messages()[1]).toMatchObject({ type: 'patient.updated', data: { _id: created._id, name: 'Amal Al-Hassan' } });

    // The same form saved again changes nothing: no delivery.
    await put(fields.map(([k, v]): [string, string] => [k, k === 'name' ? 'Amal Al-Hassan' : v]));
    await settleEvents(ctx);
    await runDeliveries();
    expect(messages()).toHaveLength(2);
    expect((await deliveriesOf(org, endpoint._id)).data).toHaveLength(2);
    await ctx.app.inject({ method: 'DELETE', url: `/api/webhooks/${endpoint._id}`, headers: auth(org.token) });
  });

  it('forgets finished deliveries after 30 days, and keeps those still being tried', async () => {
    const endpoint = await createEndpoint(org, ['appointment.booked']);
    await book(org);
    await settleEvents(ctx);
    await runDeliveries();
    receiver.state.status = 503;
    await book(org);
    await settleEvents(ctx);
    await runDeliveries();
    expect((await deliveriesOf(org, endpoint._id)).data.map((d) => d.status).sort()).toEqual(['delivered', 'pending']);
    await ctx.app.jobs.cleanUp(new Date(Date.now() + 29 * 86_400_000));
    expect((await deliveriesOf(org, endpoint._id)).data).toHaveLength(2);
    await ctx.app.jobs.cleanUp(new Date(Date.now() + 31 * 86_400_000));
    expect((await deliveriesOf(org, endpoint._id)).data.map((d) => d.status)).toEqual(['pending']);
    await ctx.app.inject({ method: 'DELETE', url: `/api/webhooks/${endpoint._id}`, headers: auth(org.token) });
  });

  it('audits changes and never writes the secret into the audit log', async () => {
    const endpoint = await createEndpoint(org, ['patient.created']);
    const rotated = await ctx.app.inject({ method: 'POST', url: `/api/webhooks/${endpoint._id}/rotate-secret`, headers: auth(org.token) });
    expect(rotated.statusCode).toBe(200);
    const secret = body(rotated).data.secret as string;
    expect(secret).not.toBe(endpoint.secret);
    const rows = await ctx.database.db.select().from(auditLog).where(and(eq(auditLog.companyId, org.companyId), eq(auditLog.entityId, endpoint._id)));
    expect(rows.map((r) => r.action).sort()).toEqual(['create', 'rotate_secret']);
    expect(JSON.stringify(rows)).not.toContain(secret);
    expect(JSON.stringify(rows)).not.toContain(endpoint.secret);
  });

  it('keeps each organisation\'s endpoints to itself', async () => {
    const mine = await createEndpoint(other, ['invoice.paid']);
    for (const [method, url] of [['GET', `/api/webhooks/${mine._id}`], ['DELETE', `/api/webhooks/${mine._id}`], ['POST', `/api/webhooks/${mine._id}/test`], ['GET', `/api/webhooks/${mine._id}/deliveries`]] as const) {
      expect((await ctx.app.inject({ method, url, headers: auth(org.token) })).statusCode).toBe(404);
    }
    const list = body(await ctx.app.inject({ method: 'GET', url: '/api/webhooks', headers: auth(org.token) })).data as Array<{ _id: string }>;
    expect(list.map((e) => e._id)).not.toContain(mine._id);
  });

  it('refuses staff without webhooks_manage', async () => {
    const token = await signInStaff(ctx, org, { name: 'Nurse Joy', username: 'wh_nurse', email: 'wh_nurse@a.test', employeeType: 'Nurse', roleNames: ['Nurse'] });
    expect((await ctx.app.inject({ method: 'GET', url: '/api/webhooks', headers: auth(token) })).statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/webhooks', headers: auth(token), payload: { url: receiver.url, events: ['invoice.paid'] } })).statusCode).toBe(403);
    expect(TEST_PASSWORD).toBeTruthy();
  });
});

describe('webhook targets without the operator setting', () => {
  let strict: TestContext;
  let strictOrg: TestOrg;
  beforeAll(async () => {
    strict = await createTestContext();
    strictOrg = await createOrg(strict);
  });
  afterAll(async () => strict.close());

  it.each(['https://127.0.0.1/hook', 'https://10.1.2.3/hook', 'https://[::1]/hook', 'https://localhost/hook'])('refuses %s and saves nothing', async (url) => {
    const res = await strict.app.inject({ method: 'POST', url: '/api/webhooks', headers: auth(strictOrg.token), payload: { url, events: ['appointment.booked'] } });
    expect(res.statusCode).toBe(422);
    expect(res.json().message.code).toBe('WEBHOOK_TARGET_REFUSED');
    const list = body(await strict.app.inject({ method: 'GET', url: '/api/webhooks', headers: auth(strictOrg.token) })).data as unknown[];
    expect(list).toHaveLength(0);
  });

  it('refuses plain http', async () => {
    const res = await strict.app.inject({ method: 'POST', url: '/api/webhooks', headers: auth(strictOrg.token), payload: { url: 'http://example.com/hook', events: ['appointment.booked'] } });
    expect(res.statusCode).toBe(422);
    expect(res.json().message.fields.url).toBeTruthy();
  });
});
