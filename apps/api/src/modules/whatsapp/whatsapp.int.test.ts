import { createHmac } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { zonedInstant, zonedIso } from '@clinic/shared';
import { appointments, clinicOnlineBooking, companies, patients, reminders, whatsappEarlyStatuses, whatsappMessages } from '../../db/schema/index.js';
import { auth, body, createOrg, createTestContext, settleEvents, type TestContext, type TestOrg } from '../../test/harness.js';
import { startSmsGateway, startWhatsAppCloud, whatsAppConfigFor, type SmsGateway, type WhatsAppCloud } from '../../test/messaging-sinks.js';
import { insertClinic, insertDoctor, insertPatient, insertService, nextWeekday } from '../appointments/fixtures.js';
import { cleanUpWhatsAppMessages } from './whatsapp.repository.js';
import { sendTrackedText, WHATSAPP_FALLBACK_JOB } from './whatsapp.service.js';

/**
 * WhatsApp's statuses of the texts it accepted, posted by Meta to the webhook: a reminder that reached the patient says
 * so in the outbox; one that failed goes by SMS while the visit is ahead; a text that reached nobody rings the bell.
 * The fake Cloud API accepts every message (as Meta does for a number without WhatsApp); the statuses are posted as
 * Meta signs them.
 */

const TZ = 'Asia/Riyadh';
const APP_SECRET = 'meta-app-secret-for-tests';
const VERIFY_TOKEN = 'clinic-verify-token';
let ctx: TestContext;
let org: TestOrg;
let sms: SmsGateway;
let cloud: WhatsAppCloud;

beforeAll(async () => {
  sms = await startSmsGateway();
  cloud = await startWhatsAppCloud();
  ctx = await createTestContext({
    publicUrl: 'https://clinic.example',
    reminderLeadHours: 24,
    sms: { preset: 'generic', url: sms.url, auth: 'Bearer gateway-key', body: undefined, from: 'CLINIC' },
    whatsapp: { ...whatsAppConfigFor(cloud), appSecret: APP_SECRET, verifyToken: VERIFY_TOKEN },
  });
  org = await createOrg(ctx);
});
afterAll(async () => {
  await ctx.close();
  await sms.close();
  await cloud.close();
});
beforeEach(() => {
  sms.requests.length = 0;
  sms.status = 200;
  sms.drop = false;
  cloud.requests.length = 0;
  cloud.beforeAnswer = null;
});

const db = () => ctx.database.db;
let week = 2;

/** A clinic reminding by WhatsApp, a patient who prefers it and agreed, a booking; its reminder sent. */
async function remindedByWhatsApp(o: TestOrg = org) {
  const clinic = await insertClinic(db(), o.companyId, { timeZone: TZ, name: 'Olaya Clinic' });
  const doctor = await insertDoctor(db(), o.companyId, { clinics: [clinic.id], name: 'Dr. Salma Haddad' });
  const service = await insertService(db(), o.companyId, { clinicId: clinic.id, doctors: [doctor.id], name: 'Dental check-up' });
  const patient = await insertPatient(db(), o.companyId, { name: 'Huda Saleh' });
  await db().update(patients).set({
    phone: '+966500000001', details: { preferredLanguage: 'English' }, preferredChannel: 'whatsapp', whatsappConsentAt: new Date(), whatsappConsentSource: 'desk',
  }).where(and(eq(patients.companyId, o.companyId), eq(patients.id, patient.id)));
  await ctx.app.inject({ method: 'PUT', url: `/api/clinics/${clinic.id}/reminder-settings`, headers: auth(o.token), payload: { enabled: true, channels: ['whatsapp'], leadHours: [] } });
  const res = await ctx.app.inject({
    method: 'POST', url: '/api/appointments', headers: auth(o.token),
    payload: { patient: patient.id, doctor: doctor.id, clinic: clinic.id, service: service.id, datetime: zonedIso(zonedInstant(nextWeekday('Sunday', TZ, week++), '14:00', TZ), TZ), reason: 'Check-up' },
  });
  expect(res.statusCode).toBe(201);
  await settleEvents(ctx);
  const appointmentId = (body(res).data as { _id: string })._id;
  const [reminder] = await db().select().from(reminders).where(and(eq(reminders.companyId, o.companyId), eq(reminders.appointmentId, appointmentId)));
  await ctx.app.jobs.runDue(reminder!.dueAt);
  expect(cloud.requests).toHaveLength(1);
  const [kept] = await db().select().from(whatsappMessages).where(and(eq(whatsappMessages.companyId, o.companyId), eq(whatsappMessages.reminderId, reminder!.id)));
  expect(kept).toMatchObject({ status: 'accepted', purpose: 'reminder', phone: '+966500000001' });
  return { appointmentId, patientId: patient.id, messageId: kept!.messageId, dueAt: reminder!.dueAt };
}

/** Meta's notification of statuses, as its webhook posts it. */
function notification(statuses: Array<{ id: string; status: string; timestamp?: number; errors?: unknown[] }>) {
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [{ id: 'WABA', changes: [{ field: 'messages', value: {
      messaging_product: 'whatsapp', metadata: { display_phone_number: '15550000000', phone_number_id: cloud.phoneNumberId },
      statuses: statuses.map((s, i) => ({ recipient_id: '966500000001', ...s, timestamp: String(s.timestamp ?? 1_790_000_000 + i) })),
    } }] }],
  });
}

const sign = (raw: string, secret = APP_SECRET) => `sha256=${createHmac('sha256', secret).update(raw).digest('hex')}`;

function post(raw: string, signature = sign(raw)) {
  return ctx.app.inject({ method: 'POST', url: '/api/whatsapp/webhook', headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature }, payload: raw });
}

const outbox = async (appointmentId: string) =>
  body(await ctx.app.inject({ method: 'GET', url: `/api/appointments/${appointmentId}/reminders`, headers: auth(org.token) })).data as Array<{ channel: string; status: string; delivery: string | null }>;

const bellOf = async (appointmentId: string, o: TestOrg = org) =>
  (body(await ctx.app.inject({ method: 'GET', url: '/api/notifications', headers: auth(o.token) })).data as Array<{ kind: string; entityId: string }>)
    .filter((n) => n.kind === 'reminder_failed' && n.entityId === appointmentId);

const undeliverable = [{ code: 131026, title: 'Message undeliverable', message: 'Message undeliverable', error_data: { details: 'Message Undeliverable.' } }];

describe('the webhook', () => {
  it('answers Meta\'s subscription check with the challenge only for the operator\'s token', async () => {
    const ok = await ctx.app.inject({ method: 'GET', url: `/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=${VERIFY_TOKEN}&hub.challenge=1158201444` });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    const wrong = await ctx.app.inject({ method: 'GET', url: '/api/whatsapp/webhook?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1' });
    expect(wrong.statusCode).toBe(403);
  });

  it('refuses statuses not signed with the app\'s secret, and a body that is not Meta\'s, changing nothing', async () => {
    const { appointmentId, messageId } = await remindedByWhatsApp();
    const raw = notification([{ id: messageId, status: 'read' }]);
    const unsigned = await ctx.app.inject({ method: 'POST', url: '/api/whatsapp/webhook', headers: { 'content-type': 'application/json' }, payload: raw });
    expect(unsigned.statusCode).toBe(401);
    expect(body(unsigned).message.code).toBe('WHATSAPP_SIGNATURE_INVALID');
    expect((await post(raw, sign(raw, 'another-secret'))).statusCode).toBe(401);
    expect((await post('{"entry": "not a list"}')).statusCode).toBe(400);
    expect((await post('not json')).statusCode).toBe(400);
    expect(await outbox(appointmentId)).toMatchObject([{ channel: 'whatsapp', status: 'sent', delivery: 'accepted' }]);
  });
});

describe('a reminder WhatsApp accepted', () => {
  it('shows delivered, then read, in the outbox; statuses out of order never take it back, and nothing goes by SMS', async () => {
    const { appointmentId, messageId } = await remindedByWhatsApp();
    const res = await post(notification([{ id: messageId, status: 'delivered', timestamp: 2 }, { id: messageId, status: 'sent', timestamp: 1 }, { id: 'wamid.UNKNOWN', status: 'read' }]));
    expect(res.statusCode).toBe(200);
    expect(body(res).data.applied).toBe(2);
    expect(await outbox(appointmentId)).toMatchObject([{ delivery: 'delivered' }]);
    await post(notification([{ id: messageId, status: 'read', timestamp: 3 }]));
    await post(notification([{ id: messageId, status: 'sent', timestamp: 4 }, { id: messageId, status: 'failed', timestamp: 5, errors: undeliverable }]));
    expect(await outbox(appointmentId)).toMatchObject([{ delivery: 'read' }]);
    await ctx.app.jobs.runDue(new Date());
    expect(sms.requests).toHaveLength(0);
    const [row] = await db().select().from(whatsappMessages).where(eq(whatsappMessages.messageId, messageId));
    expect(row!.fallbackSealed).toBeNull();
  });

  it('goes by SMS when WhatsApp reports it failed, once, with the reminder\'s text; the outbox says so', async () => {
    const { appointmentId, messageId } = await remindedByWhatsApp();
    await post(notification([{ id: messageId, status: 'failed', errors: undeliverable }]));
    // Meta sends a status again when unsure it arrived: the fallback is planned once.
    await post(notification([{ id: messageId, status: 'failed', errors: undeliverable }]));
    expect(await outbox(appointmentId)).toMatchObject([{ delivery: 'failed' }]);
    const report = await ctx.app.jobs.runDue(new Date(), 100, [WHATSAPP_FALLBACK_JOB]);
    expect(report.done).toBe(1);
    expect(sms.requests).toHaveLength(1);
    const text = JSON.parse(sms.requests[0]!.body) as { to: string; text: string };
    expect(text.to).toBe('+966500000001');
    expect(text.text).toContain('Olaya Clinic');
    expect(text.text).toContain('Dr. Salma Haddad');
    expect(await outbox(appointmentId)).toMatchObject([{ channel: 'whatsapp', status: 'sent', delivery: 'fell_back' }]);
    const [row] = await db().select().from(whatsappMessages).where(eq(whatsappMessages.messageId, messageId));
    expect(row).toMatchObject({ status: 'fell_back', fallbackSealed: null });
    expect(row!.detail).toContain('Message Undeliverable.');
    expect(row!.detail).toContain('sms 200');
  });

  it('sends no SMS for a visit cancelled meanwhile', async () => {
    const { appointmentId, messageId } = await remindedByWhatsApp();
    const { version } = body(await ctx.app.inject({ method: 'GET', url: `/api/appointments/${appointmentId}`, headers: auth(org.token) })).data as { version: number };
    const cancel = await ctx.app.inject({
      method: 'PATCH', url: `/api/appointments/${appointmentId}`, headers: auth(org.token), payload: { status: 'cancelled', cancellationReason: 'Travelling', version },
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    await post(notification([{ id: messageId, status: 'failed', errors: undeliverable }]));
    await ctx.app.jobs.runDue(new Date());
    expect(sms.requests).toHaveLength(0);
    expect((await outbox(appointmentId))[0]!.delivery).toBe('failed');
    // Nor a bell: the visit no longer needs its reminder.
    const bell = body(await ctx.app.inject({ method: 'GET', url: '/api/notifications', headers: auth(org.token) })).data as Array<{ kind: string; entityId: string }>;
    expect(bell.filter((n) => n.kind === 'reminder_failed' && n.entityId === appointmentId)).toEqual([]);
  });

  it('rings the bell when the SMS in its place fails too', async () => {
    const { appointmentId, messageId } = await remindedByWhatsApp();
    await post(notification([{ id: messageId, status: 'failed', errors: undeliverable }]));
    sms.status = 500;
    let now = new Date();
    const outcomes: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      const report = await ctx.app.jobs.runDue(now, 100, [WHATSAPP_FALLBACK_JOB]);
      outcomes.push(report.failed ? 'failed' : report.retried ? 'retried' : 'ran');
      now = new Date(now.getTime() + 3_600_000);
    }
    expect(outcomes).toEqual(['retried', 'retried', 'failed']);
    expect(await outbox(appointmentId)).toMatchObject([{ delivery: 'fallback_failed' }]);
    const bell = body(await ctx.app.inject({ method: 'GET', url: '/api/notifications', headers: auth(org.token) })).data as Array<{ kind: string; entityId: string; text: string }>;
    expect(bell.find((n) => n.kind === 'reminder_failed' && n.entityId === appointmentId)?.text).toBe('A reminder to Huda Saleh (whatsapp) could not be sent');
  });
});

describe('what an SMS in its place would no longer fit', () => {
  it('sends none, and rings no bell, for a visit moved meanwhile (it has a reminder of its own for the new time)', async () => {
    const { appointmentId, messageId } = await remindedByWhatsApp();
    const a = body(await ctx.app.inject({ method: 'GET', url: `/api/appointments/${appointmentId}`, headers: auth(org.token) })).data as { version: number; datetime: string };
    const moved = await ctx.app.inject({
      method: 'PATCH', url: `/api/appointments/${appointmentId}`, headers: auth(org.token),
      payload: { datetime: zonedIso(new Date(new Date(a.datetime).getTime() + 3_600_000), TZ), version: a.version },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await post(notification([{ id: messageId, status: 'failed', errors: undeliverable }]));
    await ctx.app.jobs.runDue(new Date(), 100, [WHATSAPP_FALLBACK_JOB]);
    expect(sms.requests).toHaveLength(0);
    expect(await bellOf(appointmentId)).toEqual([]);
  });

  it('sends none to a number the desk has changed since, and rings the bell: the visit still wants its reminder', async () => {
    const { appointmentId, patientId, messageId } = await remindedByWhatsApp();
    await db().update(patients).set({ phone: '+966500000099' }).where(and(eq(patients.companyId, org.companyId), eq(patients.id, patientId)));
    await post(notification([{ id: messageId, status: 'failed', errors: undeliverable }]));
    await ctx.app.jobs.runDue(new Date(), 100, [WHATSAPP_FALLBACK_JOB]);
    expect(sms.requests).toHaveLength(0);
    expect(await bellOf(appointmentId)).toHaveLength(1);
  });

  it('sends none for a closed organisation', async () => {
    const closing = await createOrg(ctx);
    const { messageId } = await remindedByWhatsApp(closing);
    await db().update(companies).set({ closedAt: new Date() }).where(eq(companies.id, closing.companyId));
    await post(notification([{ id: messageId, status: 'failed', errors: undeliverable }]));
    await ctx.app.jobs.runDue(new Date(), 100, [WHATSAPP_FALLBACK_JOB]);
    expect(sms.requests).toHaveLength(0);
  });

  it('never sends twice: an attempt the server died in is not repeated, and a status Meta never sends changes nothing', async () => {
    const { appointmentId, messageId } = await remindedByWhatsApp();
    await post(notification([{ id: messageId, status: 'constructor' }, { id: messageId, status: 'failed', errors: undeliverable }]));
    // The server died after claiming the attempt: whether the SMS went is unknown.
    await db().update(whatsappMessages).set({ status: 'sending' }).where(eq(whatsappMessages.messageId, messageId));
    await ctx.app.jobs.runDue(new Date(), 100, [WHATSAPP_FALLBACK_JOB]);
    expect(sms.requests).toHaveLength(0);
    const [row] = await db().select().from(whatsappMessages).where(eq(whatsappMessages.messageId, messageId));
    expect(row).toMatchObject({ status: 'fallback_failed', fallbackSealed: null });
    expect(row!.detail).toContain('outcome unknown');
    // Whether it reached the patient is unknown: the desk is told, so it can call.
    expect(await bellOf(appointmentId)).toHaveLength(1);
  });

  it('never sends twice: an attempt the gateway took without answering (it died, or the answer was lost) is not repeated', async () => {
    const { appointmentId, messageId } = await remindedByWhatsApp();
    await post(notification([{ id: messageId, status: 'failed', errors: undeliverable }]));
    sms.drop = true;
    await ctx.app.jobs.runDue(new Date(), 100, [WHATSAPP_FALLBACK_JOB]);
    expect(sms.requests).toHaveLength(1);
    sms.drop = false;
    for (const hours of [1, 2, 3]) await ctx.app.jobs.runDue(new Date(Date.now() + hours * 3_600_000), 100, [WHATSAPP_FALLBACK_JOB]);
    expect(sms.requests).toHaveLength(1);
    const [row] = await db().select().from(whatsappMessages).where(eq(whatsappMessages.messageId, messageId));
    expect(row).toMatchObject({ status: 'fallback_failed', fallbackSealed: null });
    expect(row!.detail).toContain('outcome unknown');
    expect(await bellOf(appointmentId)).toHaveLength(1);
  });

  it('sends again after a refusal, once the gateway accepts', async () => {
    const { appointmentId, messageId } = await remindedByWhatsApp();
    await post(notification([{ id: messageId, status: 'failed', errors: undeliverable }]));
    sms.status = 503;
    expect((await ctx.app.jobs.runDue(new Date(), 100, [WHATSAPP_FALLBACK_JOB])).retried).toBe(1);
    expect((await outbox(appointmentId))[0]!.delivery).toBe('failed');
    sms.status = 200;
    expect((await ctx.app.jobs.runDue(new Date(Date.now() + 3_600_000), 100, [WHATSAPP_FALLBACK_JOB])).done).toBe(1);
    expect(sms.requests).toHaveLength(2);
    expect((await outbox(appointmentId))[0]!.delivery).toBe('fell_back');
  });
});

describe('a one-time code WhatsApp accepted', () => {
  it('goes by SMS with the same code while it is valid, and not once it has expired', async () => {
    const send = (until: Date) => sendTrackedText({ db: ctx.database.db, config: ctx.config }, { companyId: org.companyId, purpose: 'phone_code', until }, {
      to: '+966500000002', preferred: 'whatsapp', whatsappConsent: true, language: 'en', text: 'Your Olaya Health code is 482913',
      template: { name: 'clinic_code', params: ['482913'] },
    });
    const valid = await send(new Date(Date.now() + 10 * 60_000));
    const expired = await send(new Date(Date.now() - 1000));
    expect([valid.channel, expired.channel]).toEqual(['whatsapp', 'whatsapp']);
    await post(notification([{ id: valid.messageId!, status: 'failed', errors: undeliverable }, { id: expired.messageId!, status: 'failed', errors: undeliverable }]));
    await ctx.app.jobs.runDue(new Date(), 100, [WHATSAPP_FALLBACK_JOB]);
    expect(sms.requests.map((r) => JSON.parse(r.body) as { to: string; text: string })).toEqual([
      expect.objectContaining({ to: '+966500000002', text: 'Your Olaya Health code is 482913' }),
    ]);
  });
});

describe('a queue link WhatsApp accepted', () => {
  it('goes by SMS while the patient waits, and not once they were called in', async () => {
    const { appointmentId } = await remindedByWhatsApp();
    const setStatusTo = (status: 'arrived' | 'in_consultation') =>
      db().update(appointments).set({ status }).where(and(eq(appointments.companyId, org.companyId), eq(appointments.id, appointmentId)));
    const send = () => sendTrackedText({ db: ctx.database.db, config: ctx.config }, { companyId: org.companyId, purpose: 'queue_text', until: new Date(Date.now() + 3_600_000), appointmentId }, {
      to: '+966500000001', preferred: 'whatsapp', whatsappConsent: true, language: 'en', text: 'Olaya Clinic: you are A-7. Follow your place: https://clinic.example/queue',
      template: { name: 'clinic_queue', params: ['A-7', 'Olaya Clinic', 'https://clinic.example/queue'] },
    });
    await setStatusTo('arrived');
    const waiting = await send();
    await post(notification([{ id: waiting.messageId!, status: 'failed', errors: undeliverable }]));
    await ctx.app.jobs.runDue(new Date(), 100, [WHATSAPP_FALLBACK_JOB]);
    expect(sms.requests).toHaveLength(1);
    const called = await send();
    await setStatusTo('in_consultation');
    await post(notification([{ id: called.messageId!, status: 'failed', errors: undeliverable }]));
    await ctx.app.jobs.runDue(new Date(), 100, [WHATSAPP_FALLBACK_JOB]);
    expect(sms.requests).toHaveLength(1);
    const [row] = await db().select().from(whatsappMessages).where(eq(whatsappMessages.messageId, called.messageId!));
    expect(row).toMatchObject({ status: 'failed', fallbackSealed: null });
  });
});

describe('the booking page\'s code on WhatsApp', () => {
  it('tells the patient an SMS follows should WhatsApp fail, and sends the same code by SMS when it does', async () => {
    const o = await createOrg(ctx, { name: 'Malqa Health' });
    await db().update(companies).set({ bookingSlug: 'malqa-health', timeZone: TZ }).where(eq(companies.id, o.companyId));
    const clinic = await insertClinic(db(), o.companyId, { timeZone: TZ, name: 'Malqa Clinic' });
    await db().insert(clinicOnlineBooking).values({ companyId: o.companyId, clinicId: clinic.id, enabled: true, mode: 'instant', serviceIds: [], doctorIds: [] });
    const res = await ctx.app.inject({ method: 'POST', url: '/api/public/book/malqa-health/code', payload: { phone: '+966500000004', language: 'en', whatsapp: true } });
    expect(res.statusCode).toBe(202);
    expect(body(res).data).toMatchObject({ channel: 'whatsapp', smsIfUndelivered: true });
    const code = (cloud.requests.at(-1)!.body as { template: { components: Array<{ parameters: Array<{ text: string }> }> } }).template.components[0]!.parameters[0]!.text;
    const [kept] = await db().select().from(whatsappMessages).where(and(eq(whatsappMessages.companyId, o.companyId), eq(whatsappMessages.purpose, 'phone_code')));
    await post(notification([{ id: kept!.messageId, status: 'failed', errors: undeliverable }]));
    await ctx.app.jobs.runDue(new Date(), 100, [WHATSAPP_FALLBACK_JOB]);
    expect(sms.requests.map((r) => JSON.parse(r.body) as { to: string; text: string })).toEqual([expect.objectContaining({ to: '+966500000004', text: expect.stringContaining(code) })]);
    // Without SMS to fall back on, the page does not promise one.
    const noSms = await createTestContext({ publicUrl: 'https://clinic.example', whatsapp: { ...whatsAppConfigFor(cloud), appSecret: APP_SECRET, verifyToken: VERIFY_TOKEN } });
    try {
      const other = await createOrg(noSms, { name: 'Nakheel Health' });
      await noSms.database.db.update(companies).set({ bookingSlug: 'nakheel-health', timeZone: TZ }).where(eq(companies.id, other.companyId));
      const c2 = await insertClinic(noSms.database.db, other.companyId, { timeZone: TZ, name: 'Nakheel Clinic' });
      await noSms.database.db.insert(clinicOnlineBooking).values({ companyId: other.companyId, clinicId: c2.id, enabled: true, mode: 'instant', serviceIds: [], doctorIds: [] });
      const alone = await noSms.app.inject({ method: 'POST', url: '/api/public/book/nakheel-health/code', payload: { phone: '+966500000005', language: 'en', whatsapp: true } });
      expect(body(alone).data).toMatchObject({ channel: 'whatsapp', smsIfUndelivered: false });
    } finally {
      await noSms.close();
    }
  });
});

describe('a status that comes back before the send\'s answer was written', () => {
  const sendCode = () => sendTrackedText({ db: ctx.database.db, config: ctx.config }, { companyId: org.companyId, purpose: 'phone_code', until: new Date(Date.now() + 10 * 60_000) }, {
    to: '+966500000003', preferred: 'whatsapp', whatsappConsent: true, language: 'en', text: 'Your Olaya Health code is 771204',
    template: { name: 'clinic_code', params: ['771204'] },
  });

  it('a failure waits for its text, then the code goes by SMS', async () => {
    // Meta fails a number without WhatsApp at once: its webhook posts the failure before the send's answer arrives.
    cloud.beforeAnswer = async (id) => {
      const res = await post(notification([{ id, status: 'failed', errors: undeliverable }]));
      expect(body(res).data.applied).toBe(0);
    };
    const sent = await sendCode();
    expect(sent.channel).toBe('whatsapp');
    const [row] = await db().select().from(whatsappMessages).where(eq(whatsappMessages.messageId, sent.messageId!));
    expect(row).toMatchObject({ status: 'failed', detail: 'WhatsApp 131026: Message Undeliverable.' });
    await ctx.app.jobs.runDue(new Date(), 100, [WHATSAPP_FALLBACK_JOB]);
    expect(sms.requests.map((r) => JSON.parse(r.body) as { to: string; text: string })).toEqual([
      expect.objectContaining({ to: '+966500000003', text: 'Your Olaya Health code is 771204' }),
    ]);
    expect(await db().select().from(whatsappEarlyStatuses).where(eq(whatsappEarlyStatuses.messageId, sent.messageId!))).toEqual([]);
  });

  it('a delivery that came first is not undone, and nothing goes by SMS', async () => {
    cloud.beforeAnswer = async (id) => {
      await post(notification([{ id, status: 'delivered', timestamp: 2 }, { id, status: 'sent', timestamp: 1 }]));
    };
    const sent = await sendCode();
    const [row] = await db().select().from(whatsappMessages).where(eq(whatsappMessages.messageId, sent.messageId!));
    expect(row).toMatchObject({ status: 'delivered', fallbackSealed: null });
    await ctx.app.jobs.runDue(new Date(), 100, [WHATSAPP_FALLBACK_JOB]);
    expect(sms.requests).toHaveLength(0);
  });

  it('statuses of an id no text was kept under go after a day', async () => {
    await post(notification([{ id: 'wamid.ANOTHER_SERVER', status: 'sent' }]));
    const kept = () => db().select().from(whatsappEarlyStatuses).where(eq(whatsappEarlyStatuses.messageId, 'wamid.ANOTHER_SERVER'));
    expect(await kept()).toHaveLength(1);
    await cleanUpWhatsAppMessages(db(), new Date(Date.now() + 3_600_000));
    expect(await kept()).toHaveLength(1);
    await cleanUpWhatsAppMessages(db(), new Date(Date.now() + 25 * 3_600_000));
    expect(await kept()).toEqual([]);
  });
});
