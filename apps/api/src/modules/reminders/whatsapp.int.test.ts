import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { zonedInstant, zonedIso } from '@clinic/shared';
import { patients, reminders } from '../../db/schema/index.js';
import { auth, body, createOrg, createTestContext, settleEvents, type TestContext, type TestOrg } from '../../test/harness.js';
import { insertClinic, insertDoctor, insertPatient, insertService, nextWeekday } from '../appointments/fixtures.js';
import { startSmsGateway, startWhatsAppCloud, whatsAppConfigFor, type SmsGateway, type WhatsAppCloud } from '../../test/messaging-sinks.js';

const TZ = 'Asia/Riyadh';
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
    whatsapp: whatsAppConfigFor(cloud),
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
  cloud.requests.length = 0;
  cloud.problems.length = 0;
  cloud.refuse = null;
});

const db = () => ctx.database.db;
let week = 2;

/** A clinic reminding on `channels`, a patient (Arabic) who prefers `channel`, with or without WhatsApp consent, and a booking. */
async function booked(opts: { channels: string[]; channel: 'sms' | 'whatsapp'; consent: boolean }) {
  const clinic = await insertClinic(db(), org.companyId, { timeZone: TZ, name: 'Olaya Clinic' });
  const doctor = await insertDoctor(db(), org.companyId, { clinics: [clinic.id], name: 'Dr. Salma Haddad' });
  const service = await insertService(db(), org.companyId, { clinicId: clinic.id, doctors: [doctor.id], name: 'Dental check-up' });
  const patient = await insertPatient(db(), org.companyId, { name: 'Huda Saleh' });
  await db().update(patients).set({
    phone: '+966500000001', details: { preferredLanguage: 'Arabic' }, preferredChannel: opts.channel,
    whatsappConsentAt: opts.consent ? new Date() : null, whatsappConsentSource: opts.consent ? 'desk' : null,
  }).where(and(eq(patients.companyId, org.companyId), eq(patients.id, patient.id)));
  const settings = await ctx.app.inject({
    method: 'PUT', url: `/api/clinics/${clinic.id}/reminder-settings`, headers: auth(org.token), payload: { enabled: true, channels: opts.channels, leadHours: [] },
  });
  expect(settings.statusCode).toBe(200);
  const res = await ctx.app.inject({
    method: 'POST', url: '/api/appointments', headers: auth(org.token),
    payload: { patient: patient.id, doctor: doctor.id, clinic: clinic.id, service: service.id, datetime: zonedIso(zonedInstant(nextWeekday('Sunday', TZ, week++), '14:00', TZ), TZ), reason: 'Check-up' },
  });
  expect(res.statusCode).toBe(201);
  await settleEvents(ctx);
  return (body(res).data as { _id: string })._id;
}

const outbox = async (appointmentId: string) =>
  body(await ctx.app.inject({ method: 'GET', url: `/api/appointments/${appointmentId}/reminders`, headers: auth(org.token) })).data as Array<{ channel: string; status: string; detail: string }>;

async function sendDue(appointmentId: string) {
  const rows = await db().select().from(reminders).where(and(eq(reminders.companyId, org.companyId), eq(reminders.appointmentId, appointmentId)));
  expect(rows).toHaveLength(1);
  await ctx.app.jobs.runDue(rows[0]!.dueAt);
}

describe('reminders over WhatsApp', () => {
  it('go to a patient who prefers WhatsApp and agreed, as the reminder template in Arabic, with one text per time', async () => {
    const id = await booked({ channels: ['sms', 'whatsapp'], channel: 'whatsapp', consent: true });
    await sendDue(id);
    expect(cloud.problems).toEqual([]);
    expect(cloud.requests).toHaveLength(1);
    expect(sms.requests).toHaveLength(0);
    const sent = cloud.requests[0]!.body as { to: string; template: { name: string; language: { code: string }; components: Array<{ parameters: Array<{ text: string }> }> } };
    expect(sent.to).toBe('966500000001');
    expect(sent.template.name).toBe('clinic_reminder');
    expect(sent.template.language.code).toBe('ar');
    const params = sent.template.components[0]!.parameters.map((p) => p.text);
    expect(params.slice(0, 3)).toEqual(['Huda Saleh', 'Olaya Clinic', 'Dr. Salma Haddad']);
    expect(params[4]).toContain('14:00');
    expect(params[5]).toMatch(/^https:\/\/clinic\.example\/visit#/);
    expect(await outbox(id)).toMatchObject([{ channel: 'whatsapp', status: 'sent' }]);
    expect((await outbox(id))[0]!.detail).toContain('wamid.');
  });

  it('fall back to SMS when WhatsApp refuses; the outbox shows SMS delivered it and both answers', async () => {
    const id = await booked({ channels: ['whatsapp'], channel: 'whatsapp', consent: true });
    cloud.refuse = { code: 131026, message: 'Message undeliverable', details: 'not a WhatsApp number' };
    await sendDue(id);
    expect(cloud.requests).toHaveLength(1);
    expect(sms.requests).toHaveLength(1);
    expect(JSON.parse(sms.requests[0]!.body).text).toContain('تذكير');
    const [row] = await outbox(id);
    expect(row).toMatchObject({ channel: 'sms', status: 'sent' });
    expect(row!.detail).toContain('Message undeliverable');
    expect(row!.detail).toContain('sms 200');
  });

  it('never go by WhatsApp without the patient\'s consent, nor when the clinic does not remind by WhatsApp', async () => {
    await sendDue(await booked({ channels: ['whatsapp'], channel: 'sms', consent: false }));
    await sendDue(await booked({ channels: ['sms'], channel: 'whatsapp', consent: true }));
    expect(cloud.requests).toHaveLength(0);
    expect(sms.requests).toHaveLength(2);
  });
});
