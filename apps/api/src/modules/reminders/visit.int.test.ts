import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { zonedInstant, zonedIso } from '@clinic/shared';
import { appointments, auditLog, jobs, patientLinkUses, patients, reminders } from '../../db/schema/index.js';
import { signPatientLink } from '../../lib/patient-links.js';
import { auth, body, createOrg, createTestContext, settleEvents, type TestContext, type TestOrg } from '../../test/harness.js';
import { startSmtpSink, type SmtpSink } from '../../test/messaging-sinks.js';
import { insertClinic, insertDoctor, insertPatient, insertService, nextWeekday } from '../appointments/fixtures.js';

/**
 * The patient's confirm/cancel page: a signed link from the reminder, no sign-in, one appointment, one use.
 */
let ctx: TestContext;
let org: TestOrg;
let other: TestOrg;
let smtp: SmtpSink;
const TZ = 'Asia/Riyadh';

beforeAll(async () => {
  smtp = await startSmtpSink();
  ctx = await createTestContext({ smtpUrl: smtp.url, publicUrl: 'https://clinic.example' });
  org = await createOrg(ctx);
  other = await createOrg(ctx);
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
});

const db = () => ctx.database.db;
let day = 0;

/** Books an appointment and delivers its reminder; returns the token from the e-mail's link. */
async function bookedWithLink(language?: 'Arabic') {
  const clinic = await insertClinic(db(), org.companyId, { timeZone: TZ, name: 'Olaya Clinic' });
  const doctor = await insertDoctor(db(), org.companyId, { clinics: [clinic.id], name: 'Dr. Omar Nasser' });
  const service = await insertService(db(), org.companyId, { clinicId: clinic.id, doctors: [doctor.id], name: 'Private consultation' });
  const patient = await insertPatient(db(), org.companyId, { name: 'Layla Karim' });
  await db().update(patients).set({ email: 'layla@example.test', phone: '+966500000002', details: language ? { preferredLanguage: language } : {} })
    .where(and(eq(patients.companyId, org.companyId), eq(patients.id, patient.id)));
  day += 1;
  const startsAt = zonedInstant(nextWeekday('Monday', TZ, 3 + day * 7), '10:00', TZ);
  const res = await ctx.app.inject({
    method: 'POST', url: '/api/appointments', headers: auth(org.token),
    payload: { patient: patient.id, doctor: doctor.id, clinic: clinic.id, service: service.id, datetime: zonedIso(startsAt, TZ), reason: 'Knee pain since March' },
  });
  expect(res.statusCode).toBe(201);
  const id = body(res).data._id as string;
  const sent = smtp.messages.length;
  await ctx.app.jobs.runDue(new Date(startsAt.getTime() - 24 * 3_600_000));
  expect(smtp.messages.length).toBe(sent + 1);
  const token = /\/visit#([\w.-]+)/.exec(String(smtp.messages.at(-1)!.text))![1]!;
  return { id, token, startsAt, clinic, doctor, patient };
}

const view = (token: string, lang = 'en') => ctx.app.inject({ method: 'GET', url: `/api/public/visit?token=${encodeURIComponent(token)}`, headers: { 'accept-language': lang } });
const confirm = (token: string, lang = 'en') => ctx.app.inject({ method: 'POST', url: '/api/public/visit/confirm', headers: { 'accept-language': lang }, payload: { token } });
const cancel = (token: string, reason: string, lang = 'en') =>
  ctx.app.inject({ method: 'POST', url: '/api/public/visit/cancel', headers: { 'accept-language': lang }, payload: { token, reason } });
const appointment = async (id: string) => (await db().select().from(appointments).where(and(eq(appointments.companyId, org.companyId), eq(appointments.id, id))))[0]!;
const linkUses = async (id: string) =>
  (await db().select().from(patientLinkUses).where(and(eq(patientLinkUses.companyId, org.companyId), eq(patientLinkUses.appointmentId, id)))).length;

describe('the patient\'s link', () => {
  it('shows only the date, time, clinic (with its address and map) and doctor, without signing in', async () => {
    const a = await bookedWithLink('Arabic');
    const res = await view(a.token);
    expect(res.statusCode).toBe(200);
    const data = body(res).data;
    // Never the service or the reason: a forwarded link says no more than where and when.
    expect(Object.keys(data).sort()).toEqual(['address', 'canAct', 'clinic', 'datetime', 'doctor', 'endsAt', 'firstWeekday', 'hijri', 'language', 'mapUrl', 'status', 'timeZone']);
    expect(data).toMatchObject({ clinic: 'Olaya Clinic', doctor: 'Dr. Omar Nasser', timeZone: TZ, status: 'scheduled', canAct: true, language: 'ar', firstWeekday: 0, hijri: 'off' });
    // What the patient needs to get there and to keep it in their own calendar.
    expect(Date.parse(data.endsAt)).toBeGreaterThan(Date.parse(data.datetime));
    expect(data.address === null || typeof data.address === 'string').toBe(true);
    expect(data.datetime).toBe(zonedIso(a.startsAt, TZ));
    expect(res.body).not.toContain('Layla');
    expect(res.body).not.toContain('Knee pain');
    expect(res.body).not.toContain('Private consultation');
  });

  it('confirms once, audited as the patient\'s action, and tells the staff; the link then refuses to act again', async () => {
    const a = await bookedWithLink();
    const res = await confirm(a.token, 'ar');
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe('شكرًا لك: تم تأكيد موعدك.');
    expect(body(res).data).toMatchObject({ status: 'confirmed', canAct: false });
    const [audit] = await db().select().from(auditLog).where(and(eq(auditLog.companyId, org.companyId), eq(auditLog.entityId, a.id), eq(auditLog.action, 'confirmed')));
    expect(audit).toMatchObject({ actorId: null, changes: { by: 'patient' } });
    // The staff are told as after any other change: by the confirmation's event, recorded with it and followed after it commits.
    const bellOf = async () => (body(await ctx.app.inject({ method: 'GET', url: '/api/notifications', headers: auth(org.token) })).data as Array<{ kind: string; entityId: string; text: string }>)
      .filter((n) => n.kind === 'appointment_confirmed' && n.entityId === a.id);
    expect(await bellOf()).toEqual([]);
    const events = await db().select().from(jobs).where(and(eq(jobs.companyId, org.companyId), eq(jobs.kind, 'domain.event'), sql`${jobs.payload}->'event'->>'appointmentId' = ${a.id}`));
    expect(events.map((e) => (e.payload as { event: { type: string; actorId: string | null } }).event))
      .toContainEqual(expect.objectContaining({ type: 'appointment.confirmed', actorId: null, clinicId: a.clinic.id }));
    await settleEvents(ctx);
    const bell = await bellOf();
    expect(bell).toHaveLength(1);
    expect(bell[0]!.text).toContain('Layla Karim confirmed');

    const again = await confirm(a.token);
    expect(again.statusCode).toBe(409);
    expect(body(again).message.code).toBe('LINK_USED');
    const cancelAfter = await cancel(a.token, 'Changed my mind');
    expect(cancelAfter.statusCode).toBe(409);
    expect((await appointment(a.id)).status).toBe('scheduled');
  });

  it('cancels with a reason through the visit flow\'s rules, withdraws the reminders left and tells the staff', async () => {
    const a = await bookedWithLink();
    const noReason = await cancel(a.token, '   ', 'ar');
    expect(noReason.statusCode).toBeGreaterThanOrEqual(400);
    expect(noReason.statusCode).toBeLessThan(500);
    expect(JSON.stringify(body(noReason))).toContain('يرجى ذكر سبب الإلغاء');
    expect((await appointment(a.id)).status).toBe('scheduled');

    const res = await cancel(a.token, 'I have an exam that day');
    expect(res.statusCode).toBe(200);
    await settleEvents(ctx);
    expect(body(res).data.status).toBe('cancelled');
    const row = await appointment(a.id);
    expect(row).toMatchObject({ status: 'cancelled', cancellationReason: 'I have an exam that day', cancelledBy: null, lateCancellation: false });
    const [audit] = await db().select().from(auditLog).where(and(eq(auditLog.companyId, org.companyId), eq(auditLog.entityId, a.id), eq(auditLog.action, 'cancelled')));
    expect(audit).toMatchObject({ actorId: null, changes: { by: 'patient' } });
    const left = await db().select().from(reminders).where(and(eq(reminders.companyId, org.companyId), eq(reminders.appointmentId, a.id)));
    expect(left.filter((r) => r.status === 'planned')).toEqual([]);
    const bell = body(await ctx.app.inject({ method: 'GET', url: '/api/notifications?unread=true', headers: auth(org.token) })).data;
    expect(bell.find((n: { kind: string; entityId: string }) => n.kind === 'appointment_cancelled' && n.entityId === a.id).text).toMatch(/^Layla Karim cancelled the appointment on .+ through the reminder link$/);
  });

  it('refuses a tampered link, a link to another appointment, an expired link and a sign-in token, changing nothing', async () => {
    const a = await bookedWithLink();
    const b = await bookedWithLink();
    const [header, payload, signature] = a.token.split('.') as [string, string, string];
    // The payload rewritten to name the other appointment, the signature kept.
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = `${header}.${Buffer.from(JSON.stringify({ ...claims, sub: b.id })).toString('base64url')}.${signature}`;
    const flipped = `${header}.${payload}.${signature.slice(0, -2)}${signature.endsWith('AA') ? 'AB' : 'AA'}`;
    for (const token of [forged, flipped, org.token, 'not-a-token']) {
      const res = await confirm(token, 'ar');
      expect(res.statusCode, token.slice(0, 20)).toBe(401);
      expect(body(res).message).toEqual({ code: 'LINK_INVALID', message: 'هذا الرابط غير صالح. يرجى استخدام الرابط من أحدث رسالة.' });
      expect((await view(token)).statusCode).toBe(401);
    }
    // Signed by the server, but lapsed.
    const lapsed = await signPatientLink(ctx.config.jwtSecret, { companyId: org.companyId, appointmentId: a.id }, new Date(Date.now() - 60_000), new Date(Date.now() - 3_600_000));
    const expired = await cancel(lapsed, 'Too late');
    expect(expired.statusCode).toBe(410);
    expect(body(expired).message.code).toBe('LINK_EXPIRED');
    // A link naming another company's id for this appointment finds nothing.
    const foreign = await signPatientLink(ctx.config.jwtSecret, { companyId: other.companyId, appointmentId: a.id }, a.startsAt);
    expect((await confirm(foreign)).statusCode).toBe(401);
    for (const id of [a.id, b.id]) expect((await appointment(id)).status).toBe('scheduled');
    const audits = await db().select().from(auditLog).where(and(eq(auditLog.companyId, org.companyId), eq(auditLog.entityId, a.id))).orderBy(desc(auditLog.id));
    expect(audits.map((x) => x.action)).toEqual(['create']);
  });

  it('lets only one of several simultaneous uses of a link act', async () => {
    const a = await bookedWithLink();
    const results = await Promise.all([confirm(a.token), cancel(a.token, 'Sick'), confirm(a.token), cancel(a.token, 'Travelling')]);
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(3);
  });

  it('refuses to act once the appointment is no longer open', async () => {
    const a = await bookedWithLink();
    const rec = body(await ctx.app.inject({ method: 'GET', url: `/api/appointments/${a.id}`, headers: auth(org.token) })).data;
    await ctx.app.inject({ method: 'PATCH', url: `/api/appointments/${a.id}`, headers: auth(org.token), payload: { status: 'cancelled', cancellationReason: 'Doctor away', version: rec.version } });
    const res = await confirm(a.token);
    expect(res.statusCode).toBe(409);
    expect(body(res).message.code).toBe('APPOINTMENT_CLOSED');
    expect(body(await view(a.token)).data).toMatchObject({ status: 'cancelled', canAct: false });
  });

  it('refuses every link sent before the desk moved the visit (410), while a link of the new time works', async () => {
    const a = await bookedWithLink();
    const rec = body(await ctx.app.inject({ method: 'GET', url: `/api/appointments/${a.id}`, headers: auth(org.token) })).data;
    const later = new Date(a.startsAt.getTime() + 2 * 3_600_000);
    const moved = await ctx.app.inject({
      method: 'PATCH', url: `/api/appointments/${a.id}`, headers: auth(org.token), payload: { datetime: zonedIso(later, TZ), version: rec.version },
    });
    expect(moved.statusCode).toBe(200);
    const date = zonedIso(later, TZ).slice(0, 10);
    const q = encodeURIComponent(a.token);
    for (const res of [
      await view(a.token, 'ar'), await confirm(a.token), await cancel(a.token, 'Travelling'),
      await ctx.app.inject({ method: 'GET', url: `/api/public/visit/times?token=${q}&date=${date}` }),
      await ctx.app.inject({ method: 'POST', url: '/api/public/visit/reschedule', payload: { token: a.token, datetime: zonedIso(a.startsAt, TZ) } }),
      await ctx.app.inject({ method: 'GET', url: `/api/public/visit/ics?token=${q}` }),
    ]) {
      expect([res.statusCode, body(res).message.code], res.body).toEqual([410, 'LINK_EXPIRED']);
    }
    expect(body(await view(a.token, 'ar')).message.message).toBe('تغيّر موعد هذه الزيارة بعد إرسال هذا الرابط. يرجى استخدام الرابط من أحدث رسالة.');
    expect(await appointment(a.id)).toMatchObject({ status: 'scheduled', startsAt: later });
    expect(await linkUses(a.id)).toBe(0);
    // The desk's link of the new time (as a reminder of it would carry) works.
    const shared = body(await ctx.app.inject({ method: 'POST', url: `/api/appointments/${a.id}/patient-link`, headers: auth(org.token) })).data as { url: string };
    const fresh = shared.url.split('#')[1]!;
    expect(body(await view(fresh)).data).toMatchObject({ datetime: zonedIso(later, TZ), canAct: true });
    expect((await confirm(fresh)).statusCode).toBe(200);
  });

  it('never cancels a visit the desk has marked arrived, even when that happens while the patient cancels', async () => {
    const a = await bookedWithLink();
    await db().update(appointments).set({ status: 'arrived', arrivedAt: new Date() }).where(and(eq(appointments.companyId, org.companyId), eq(appointments.id, a.id)));
    const after = await cancel(a.token, 'Running late');
    expect([after.statusCode, body(after).message.code]).toEqual([409, 'APPOINTMENT_CLOSED']);
    expect((await appointment(a.id)).status).toBe('arrived');

    // Marked arrived between the link's check and the cancellation: the link's use is recorded first, and a trigger on
    // that row stands for the desk's change landing at that moment (inside the refused transaction, so it is undone
    // with it: what counts is that the visit is not cancelled).
    const b = await bookedWithLink();
    await ctx.database.query(`create function visit_arrives() returns trigger language plpgsql as $$
      begin update appointments set status = 'arrived', arrived_at = now() where company_id = new.company_id and id = new.appointment_id; return new; end $$`);
    await ctx.database.query('create trigger visit_arrives after insert on patient_link_uses for each row execute function visit_arrives()');
    try {
      const raced = await cancel(b.token, 'Running late');
      expect([raced.statusCode, body(raced).message.code]).toEqual([409, 'APPOINTMENT_CLOSED']);
    } finally {
      await ctx.database.query('drop trigger visit_arrives on patient_link_uses');
      await ctx.database.query('drop function visit_arrives()');
    }
    expect(await appointment(b.id)).toMatchObject({ status: 'scheduled', cancellationReason: null, cancelledAt: null });
  });

  it('refuses the links of a patient record that was deactivated, and hands out none', async () => {
    const a = await bookedWithLink();
    await db().update(patients).set({ isActive: false }).where(and(eq(patients.companyId, org.companyId), eq(patients.id, a.patient.id)));
    const q = encodeURIComponent(a.token);
    const date = zonedIso(a.startsAt, TZ).slice(0, 10);
    for (const res of [
      await view(a.token), await confirm(a.token), await cancel(a.token, 'Moved away'),
      await ctx.app.inject({ method: 'GET', url: `/api/public/visit/times?token=${q}&date=${date}` }),
      await ctx.app.inject({ method: 'GET', url: `/api/public/visit/ics?token=${q}` }),
    ]) {
      expect([res.statusCode, body(res).message.code], res.body).toEqual([401, 'LINK_INVALID']);
    }
    expect((await appointment(a.id)).status).toBe('scheduled');
    const refused = await ctx.app.inject({ method: 'POST', url: `/api/appointments/${a.id}/patient-link`, headers: auth(org.token) });
    expect([refused.statusCode, body(refused).message.code]).toEqual([409, 'LINK_NOT_AVAILABLE']);
  });

  it('hands the front desk the patient\'s link of a visit still to come, audited; never for a cancelled one or another company\'s', async () => {
    const a = await bookedWithLink();
    const res = await ctx.app.inject({ method: 'POST', url: `/api/appointments/${a.id}/patient-link`, headers: auth(org.token) });
    expect(res.statusCode).toBe(200);
    const { url, expiresAt } = body(res).data as { url: string; expiresAt: string };
    expect(url).toMatch(/^https:\/\/clinic\.example\/visit#[\w.-]+$/);
    expect(expiresAt).toBe(a.startsAt.toISOString());
    // The link opens the patient's page like the reminder's does.
    expect(body(await view(url.split('#')[1]!)).data).toMatchObject({ clinic: 'Olaya Clinic', canAct: true });
    const [audit] = await db().select().from(auditLog).where(and(eq(auditLog.entityId, a.id), eq(auditLog.action, 'share_link')));
    expect(audit).toMatchObject({ actorId: org.adminId, entity: 'appointment' });

    expect((await ctx.app.inject({ method: 'POST', url: `/api/appointments/${a.id}/patient-link`, headers: auth(other.token) })).statusCode).toBe(404);
    const rec = body(await ctx.app.inject({ method: 'GET', url: `/api/appointments/${a.id}`, headers: auth(org.token) })).data;
    await ctx.app.inject({ method: 'PATCH', url: `/api/appointments/${a.id}`, headers: auth(org.token), payload: { status: 'cancelled', cancellationReason: 'Doctor away', version: rec.version } });
    const refused = await ctx.app.inject({ method: 'POST', url: `/api/appointments/${a.id}/patient-link`, headers: { ...auth(org.token), 'accept-language': 'ar' } });
    expect(refused.statusCode).toBe(409);
    expect(body(refused).message).toMatchObject({ code: 'LINK_NOT_AVAILABLE', message: 'رابط المريض متاح فقط لزيارة قادمة غير ملغاة.' });
  });
});
