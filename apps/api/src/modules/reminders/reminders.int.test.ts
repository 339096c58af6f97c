import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { addDays, formatHijri, localTime, zonedInstant, zonedIso } from '@clinic/shared';
import { appointments, clinics, companies, jobs, patients, reminders } from '../../db/schema/index.js';
import { CallerCache } from '../../lib/caller-cache.js';
import { TokenService } from '../../lib/tokens.js';
import { auth, body, createOrg, createTestContext, login, settleEvents, TEST_PASSWORD, type TestContext, type TestOrg } from '../../test/harness.js';
import { createAccount } from '../organisation/provision.js';
import { insertClinic, insertDoctor, insertPatient, insertService, nextClockChange, nextWeekday } from '../appointments/fixtures.js';
import { JobRunner } from '../jobs/jobs.runner.js';
import { REMINDER_JOB, reminderJobHandler } from './reminders.service.js';
import { startSmsGateway, startSmtpSink, type SmsGateway, type SmtpSink } from '../../test/messaging-sinks.js';

let ctx: TestContext;
let org: TestOrg;
let smtp: SmtpSink;
let sms: SmsGateway;

beforeAll(async () => {
  smtp = await startSmtpSink();
  sms = await startSmsGateway();
  ctx = await createTestContext({
    smtpUrl: smtp.url,
    smtpFrom: 'Clinic <reminders@clinic.example>',
    publicUrl: 'https://clinic.example',
    reminderLeadHours: 24,
    sms: { preset: 'generic', url: sms.url, auth: 'Bearer gateway-key', body: undefined, from: 'CLINIC' },
  });
  org = await createOrg(ctx);
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
  await sms.close();
});
beforeEach(() => {
  smtp.messages.length = 0;
  smtp.refuse = null;
  sms.requests.length = 0;
  sms.status = 200;
});

const db = () => ctx.database.db;

async function setup(opts: { timeZone: string; language?: 'Arabic' | 'English'; email?: string | null; phone?: string | null; channels?: string[]; leadHours?: number[] }) {
  const clinic = await insertClinic(db(), org.companyId, { timeZone: opts.timeZone, name: opts.timeZone === 'Europe/Berlin' ? 'Praxis Mitte' : 'Olaya Clinic' });
  await db().update(clinics).set({ address: 'Olaya Street 12, Riyadh', location: { x: 24.7136, y: 46.6753 } })
    .where(and(eq(clinics.companyId, org.companyId), eq(clinics.id, clinic.id)));
  const doctor = await insertDoctor(db(), org.companyId, { clinics: [clinic.id], name: 'Dr. Salma Haddad' });
  const service = await insertService(db(), org.companyId, { clinicId: clinic.id, doctors: [doctor.id], name: 'Dental check-up' });
  const patient = await insertPatient(db(), org.companyId, { name: 'Huda Saleh' });
  await db().update(patients).set({
    email: opts.email === undefined ? 'huda@example.test' : opts.email,
    phone: opts.phone === undefined ? '+966500000001' : opts.phone,
    details: opts.language ? { preferredLanguage: opts.language } : {},
  }).where(and(eq(patients.companyId, org.companyId), eq(patients.id, patient.id)));
  const res = await ctx.app.inject({
    method: 'PUT', url: `/api/clinics/${clinic.id}/reminder-settings`, headers: auth(org.token),
    payload: { enabled: true, channels: opts.channels ?? ['email'], leadHours: opts.leadHours ?? [] },
  });
  expect(res.statusCode).toBe(200);
  return { clinic, doctor, service, patient };
}

async function book(s: Awaited<ReturnType<typeof setup>>, startsAt: Date, timeZone: string) {
  const res = await ctx.app.inject({
    method: 'POST', url: '/api/appointments', headers: auth(org.token),
    payload: { patient: s.patient.id, doctor: s.doctor.id, clinic: s.clinic.id, service: s.service.id, datetime: zonedIso(startsAt, timeZone), reason: 'Check-up' },
  });
  expect(res.statusCode).toBe(201);
  await settleEvents(ctx);
  return body(res).data as { _id: string; version: number };
}

const remindersOf = async (appointmentId: string) =>
  db().select().from(reminders).where(and(eq(reminders.companyId, org.companyId), eq(reminders.appointmentId, appointmentId)));

/** The VEVENT's start as an instant and as the clinic's wall clock, read the way a calendar reads the file. */
function icsStart(ics: string) {
  const comp = new ICAL.Component(ICAL.parse(ics));
  const vtz = comp.getFirstSubcomponent('vtimezone');
  if (vtz) ICAL.TimezoneService.register(new ICAL.Timezone(vtz));
  const event = new ICAL.Event(comp.getFirstSubcomponent('vevent')!);
  return { tzid: event.component.getFirstProperty('dtstart')!.getParameter('tzid'), wall: event.startDate.toString(), instant: event.startDate.toJSDate(), end: event.endDate.toJSDate() };
}

describe('e-mail reminders', () => {
  it('sends exactly one e-mail, 24 h before, with the clinic\'s local time across a clock change, and a valid .ics', async () => {
    const TZ = 'Europe/Berlin';
    const s = await setup({ timeZone: TZ, language: 'English' });
    // The Sunday Berlin's clocks go back: 10:00 that day is 25 hours of wall clock after 10:00 the day before.
    const day = nextClockChange(10);
    const startsAt = zonedInstant(day, '10:00', TZ);
    const appt = await book(s, startsAt, TZ);
    const due = new Date(startsAt.getTime() - 24 * 3_600_000);

    expect((await ctx.app.jobs.runDue(new Date(due.getTime() - 60_000))).done).toBe(0);
    expect(smtp.messages).toHaveLength(0);
    expect((await ctx.app.jobs.runDue(due)).done).toBe(1);
    await ctx.app.jobs.runDue(new Date(due.getTime() + 3_600_000));
    expect(smtp.messages).toHaveLength(1);

    const mail = smtp.messages[0]!;
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe('huda@example.test');
    expect(mail.subject).toContain('Praxis Mitte');
    expect(mail.text).toContain('10:00');
    expect(mail.text).toContain('Europe/Berlin');
    expect(mail.text).toContain('Dr. Salma Haddad');
    expect(mail.text).toContain('Dental check-up');
    expect(mail.text).toContain('Olaya Street 12, Riyadh');
    expect(mail.text).toContain('https://www.openstreetmap.org/?mlat=24.7136&mlon=46.6753');
    expect(mail.text).toMatch(/https:\/\/clinic\.example\/visit#[\w-]+\.[\w-]+\.[\w-]+/);
    expect(mail.html).toContain('dir="ltr"');
    // The reminder went out the day before at the wall time of the summer offset: 11:00 on Saturday in Berlin.
    expect(zonedIso(due, TZ).slice(11, 16)).toBe('11:00');

    const ics = mail.attachments.find((a) => a.filename === 'appointment.ics');
    expect(ics?.contentType).toBe('text/calendar');
    const start = icsStart(ics!.content.toString('utf8'));
    expect(start.tzid).toBe(TZ);
    expect(start.wall).toBe(`${day}T10:00:00`);
    expect(start.instant.getTime()).toBe(startsAt.getTime());
    expect(start.end.getTime()).toBe(startsAt.getTime() + 30 * 60_000);

    const record = body(await ctx.app.inject({ method: 'GET', url: `/api/appointments/${appt._id}`, headers: auth(org.token) })).data;
    expect(record.reminderSent).toBe(true);
    const sent = body(await ctx.app.inject({ method: 'GET', url: `/api/appointments/${appt._id}/reminders`, headers: auth(org.token) })).data;
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ channel: 'email', status: 'sent', attempts: 1 });
    expect(sent[0].sentAt.slice(0, 16)).toBe(zonedIso(due, TZ).slice(0, 16));
    expect(sent[0].detail).toMatch(/250/);
  });

  it('writes to an Arabic-preferring patient in Arabic, right to left, with a plain-text part, and reminds at once when booked inside the lead time', async () => {
    const TZ = 'Asia/Riyadh';
    const s = await setup({ timeZone: TZ, language: 'Arabic', leadHours: [72, 24] });
    // Two days ahead: inside the 72 h lead time, outside the 24 h one.
    const startsAt = zonedInstant(addDays(localTime(new Date(), TZ).date, 2), '16:30', TZ);
    const appt = await book(s, startsAt, TZ);
    const planned = await remindersOf(appt._id);
    // 72 h before has passed: one reminder now instead; the 24 h one stays.
    expect(planned).toHaveLength(2);
    await ctx.app.jobs.runDue(new Date());
    expect(smtp.messages).toHaveLength(1);
    const mail = smtp.messages[0]!;
    expect(mail.subject).toContain('تذكير');
    expect(mail.html).toContain('dir="rtl"');
    expect(mail.html).toContain('lang="ar"');
    expect(mail.text).toContain('عزيزنا Huda Saleh');
    expect(mail.text).toContain('16:30');
    expect(mail.text).toContain('Asia/Riyadh');
    const start = icsStart(mail.attachments[0]!.content.toString('utf8'));
    expect(start.instant.getTime()).toBe(startsAt.getTime());
    expect(start.wall.slice(11, 16)).toBe('16:30');
  });

  it('retries when the SMTP server refuses, then fails visibly with its answer and tells the staff', async () => {
    const TZ = 'Asia/Riyadh';
    const s = await setup({ timeZone: TZ });
    const appt = await book(s, zonedInstant(nextWeekday('Thursday', TZ, 3), '09:00', TZ), TZ);
    const [r] = await remindersOf(appt._id);
    smtp.refuse = '451 Mailbox busy, try later';
    let now = r!.dueAt;
    const outcomes: string[] = [];
    for (let i = 0; i < 5; i++) {
      const report = await ctx.app.jobs.runDue(now);
      outcomes.push(report.failed ? 'failed' : report.retried ? 'retried' : 'none');
      const [job] = await db().select().from(jobs).where(and(eq(jobs.companyId, org.companyId), eq(jobs.kind, REMINDER_JOB), eq(jobs.state, 'queued')));
      if (job) now = job.runAt;
    }
    expect(outcomes).toEqual(['retried', 'retried', 'retried', 'retried', 'failed']);
    expect(smtp.messages).toHaveLength(0);
    const outbox = body(await ctx.app.inject({ method: 'GET', url: '/api/reminders?status=failed', headers: auth(org.token) }));
    const row = outbox.data.find((x: { appointment: { _id: string } }) => x.appointment._id === appt._id);
    expect(row).toMatchObject({ status: 'failed', attempts: 5, channel: 'email' });
    expect(row.detail).toContain('Mailbox busy');
    const record = body(await ctx.app.inject({ method: 'GET', url: `/api/appointments/${appt._id}`, headers: auth(org.token) })).data;
    expect(record.reminderSent).toBe(false);
    const bell = body(await ctx.app.inject({ method: 'GET', url: '/api/notifications', headers: auth(org.token) })).data;
    const failedNote = bell.find((n: { kind: string; entityId: string }) => n.kind === 'reminder_failed' && n.entityId === appt._id);
    expect(failedNote.text).toBe('A reminder to Huda Saleh (email) could not be sent');

    // The administrator retries once the server accepts mail again.
    smtp.refuse = null;
    const retry = await ctx.app.inject({ method: 'POST', url: `/api/reminders/${row._id}/retry`, headers: auth(org.token) });
    expect(retry.statusCode).toBe(200);
    const again = await ctx.app.inject({ method: 'POST', url: `/api/reminders/${row._id}/retry`, headers: auth(org.token) });
    expect(again.statusCode).toBe(409);
    expect(body(again).message.code).toBe('NOT_RETRYABLE');
    await ctx.app.jobs.runDue(new Date());
    expect(smtp.messages).toHaveLength(1);
  });

  it('re-plans a moved appointment and withdraws a cancelled one\'s reminder', async () => {
    const TZ = 'Asia/Riyadh';
    const s = await setup({ timeZone: TZ });
    const first = zonedInstant(nextWeekday('Monday', TZ, 4), '10:00', TZ);
    const appt = await book(s, first, TZ);
    const moved = new Date(first.getTime() + 2 * 3_600_000);
    const res = await ctx.app.inject({
      method: 'PATCH', url: `/api/appointments/${appt._id}`, headers: auth(org.token), payload: { datetime: zonedIso(moved, TZ), version: appt.version },
    });
    expect(res.statusCode).toBe(200);
    await settleEvents(ctx);
    const after = await remindersOf(appt._id);
    expect(after.map((r) => r.status).sort()).toEqual(['planned', 'withdrawn']);
    expect(after.find((r) => r.status === 'planned')!.dueAt.getTime()).toBe(moved.getTime() - 24 * 3_600_000);
    // The old time passes without a message; the new one sends one.
    await ctx.app.jobs.runDue(new Date(first.getTime() - 24 * 3_600_000));
    expect(smtp.messages).toHaveLength(0);

    const cancel = await ctx.app.inject({
      method: 'PATCH', url: `/api/appointments/${appt._id}`, headers: auth(org.token),
      payload: { status: 'cancelled', cancellationReason: 'Travelling', version: body(res).data.version },
    });
    expect(cancel.statusCode).toBe(200);
    await settleEvents(ctx);
    expect((await remindersOf(appt._id)).every((r) => r.status === 'withdrawn')).toBe(true);
    await ctx.app.jobs.runDue(new Date(moved.getTime() - 24 * 3_600_000));
    expect(smtp.messages).toHaveLength(0);
  });

  it('records a reminder as skipped, not lost, when its channel is not configured or the patient has no address', async () => {
    const TZ = 'Asia/Riyadh';
    const s = await setup({ timeZone: TZ, email: null, channels: ['email', 'sms'] });
    const saved = ctx.config.sms.url;
    ctx.config.sms.url = undefined;
    try {
      const appt = await book(s, zonedInstant(nextWeekday('Tuesday', TZ, 5), '11:00', TZ), TZ);
      const [r] = await remindersOf(appt._id);
      await ctx.app.jobs.runDue(r!.dueAt);
      const rows = body(await ctx.app.inject({ method: 'GET', url: `/api/appointments/${appt._id}/reminders`, headers: auth(org.token, 'ar') })).data;
      expect(rows.map((x: { channel: string; status: string }) => `${x.channel}:${x.status}`).sort()).toEqual(['email:skipped', 'sms:skipped']);
      expect(rows.find((x: { channel: string }) => x.channel === 'email').detail).toBe('لا يوجد بريد إلكتروني للمريض.');
      expect(rows.find((x: { channel: string }) => x.channel === 'sms').detail).toContain('SMS_GATEWAY_URL');
      // The front desk reads it in its own terms: what it means for the patient and whom to ask, no server settings.
      const desk = await createAccount(ctx.database.db, org.companyId, org.roleIds, {
        name: 'Desk', username: 'reminder_desk', email: 'reminder_desk@a.test', password: TEST_PASSWORD, employeeType: 'Administrative', roleNames: ['Receptionist'],
      });
      const deskToken = (await login(ctx, desk.username!, TEST_PASSWORD)).accessToken;
      const seen = body(await ctx.app.inject({ method: 'GET', url: `/api/appointments/${appt._id}/reminders`, headers: auth(deskToken) })).data;
      expect(seen.find((x: { channel: string }) => x.channel === 'sms').detail)
        .toBe('No reminder will be sent: text messages are not set up for this clinic. Ask an administrator.');
      expect(seen.find((x: { channel: string }) => x.channel === 'email').detail).toBe('No e-mail reminder: the patient has no e-mail address on file.');
      expect(JSON.stringify(seen)).not.toMatch(/SMS_GATEWAY_URL|SMTP_URL|server/);
    } finally {
      ctx.config.sms.url = saved;
    }
  });
});

describe('reminder settings', () => {
  it('refuses a save based on settings someone else has changed since, and keeps theirs', async () => {
    const clinic = await insertClinic(db(), org.companyId, { name: 'Settings Clinic' });
    const url = `/api/clinics/${clinic.id}/reminder-settings`;
    const loaded = body(await ctx.app.inject({ method: 'GET', url, headers: auth(org.token) })).data as { version: number };
    expect(loaded.version).toBe(1);
    // Two managers opened the never-saved settings; the first saves.
    const first = await ctx.app.inject({ method: 'PUT', url, headers: auth(org.token), payload: { enabled: true, channels: ['sms'], leadHours: [48], version: 1 } });
    expect(first.statusCode).toBe(200);
    expect(body(first).data).toMatchObject({ channels: ['sms'], leadHours: [48], version: 2 });
    // The second still has version 1: refused, the first's settings stay.
    const second = await ctx.app.inject({ method: 'PUT', url, headers: auth(org.token), payload: { enabled: false, channels: [], leadHours: [], version: 1 } });
    expect(second.statusCode).toBe(409);
    expect(body(second).message.code).toBe('STALE_RECORD');
    const now = body(await ctx.app.inject({ method: 'GET', url, headers: auth(org.token) })).data;
    expect(now).toMatchObject({ enabled: true, channels: ['sms'], leadHours: [48], version: 2 });
    // Saved over what it now reads, it goes through.
    const again = await ctx.app.inject({ method: 'PUT', url, headers: auth(org.token), payload: { enabled: false, channels: [], leadHours: [], version: 2 } });
    expect(again.statusCode).toBe(200);
    expect(body(again).data).toMatchObject({ enabled: false, version: 3 });
  });
});

describe('SMS reminders', () => {
  it('posts the message to the gateway with its Authorization header, in the patient\'s language', async () => {
    const TZ = 'Asia/Riyadh';
    const s = await setup({ timeZone: TZ, language: 'Arabic', channels: ['sms'] });
    const appt = await book(s, zonedInstant(nextWeekday('Sunday', TZ, 3), '14:00', TZ), TZ);
    const [r] = await remindersOf(appt._id);
    await ctx.app.jobs.runDue(r!.dueAt);
    expect(sms.requests).toHaveLength(1);
    const req = sms.requests[0]!;
    expect(req.headers.authorization).toBe('Bearer gateway-key');
    const sent = JSON.parse(req.body) as { to: string; from: string; text: string };
    expect(sent.to).toBe('+966500000001');
    expect(sent.from).toBe('CLINIC');
    expect(sent.text).toContain('14:00');
    expect(sent.text).toContain('تذكير');
    expect(sent.text).toMatch(/https:\/\/clinic\.example\/visit#/);
    const rows = body(await ctx.app.inject({ method: 'GET', url: `/api/appointments/${appt._id}/reminders`, headers: auth(org.token) })).data;
    expect(rows[0]).toMatchObject({ channel: 'sms', status: 'sent' });
    expect(rows[0].detail).toContain('SM1');
  });

  it('writes the date in both calendars when the company shows Hijri dates beside Gregorian ones', async () => {
    const TZ = 'Asia/Riyadh';
    await db().update(companies).set({ hijriMode: 'beside' }).where(eq(companies.id, org.companyId));
    try {
      const s = await setup({ timeZone: TZ, language: 'Arabic', channels: ['sms'] });
      const day = nextWeekday('Sunday', TZ, 4);
      const appt = await book(s, zonedInstant(day, '09:30', TZ), TZ);
      const [r] = await remindersOf(appt._id);
      await ctx.app.jobs.runDue(r!.dueAt);
      const sent = JSON.parse(sms.requests[0]!.body) as { text: string };
      // The Hijri date of the clinic's local day, in Arabic with Western digits as the patient's messages write numbers.
      expect(sent.text).toContain(`(${formatHijri(day, 'ar')})`);
      expect(sent.text).toMatch(/\(\d{1,2} [^\d()]+ 14\d\d هـ\)/);
    } finally {
      await db().update(companies).set({ hijriMode: 'off' }).where(eq(companies.id, org.companyId));
    }
  });

  it('retries when the gateway refuses and keeps its answer', async () => {
    const TZ = 'Asia/Riyadh';
    const s = await setup({ timeZone: TZ, channels: ['sms'] });
    const appt = await book(s, zonedInstant(nextWeekday('Sunday', TZ, 10), '14:00', TZ), TZ);
    const [r] = await remindersOf(appt._id);
    sms.status = 400;
    expect((await ctx.app.jobs.runDue(r!.dueAt)).retried).toBe(1);
    const [after] = await remindersOf(appt._id);
    expect(after).toMatchObject({ status: 'planned', attempts: 1 });
    expect(after!.detail).toContain('gateway 400');
  });
});

describe('a server stopped while recording a sent reminder', () => {
  it('records the reminder sent and its appointment reminded together, so neither is left without the other', async () => {
    const TZ = 'Asia/Riyadh';
    const s = await setup({ timeZone: TZ, channels: ['sms'] });
    const appt = await book(s, zonedInstant(nextWeekday('Sunday', TZ, 11), '14:00', TZ), TZ);
    const [r] = await remindersOf(appt._id);
    const reminded = async () => (await db().select({ v: appointments.reminderSent }).from(appointments)
      .where(and(eq(appointments.companyId, org.companyId), eq(appointments.id, appt._id))))[0]!.v;
    // The process stops after the reminder is marked sent, before its appointment is marked reminded.
    await ctx.database.query(`create function rem_stop_at_reminded() returns trigger language plpgsql as $$ begin raise exception 'the server stopped'; end $$`);
    await ctx.database.query(`create trigger rem_stop_at_reminded before update on appointments for each row when (new.reminder_sent and not old.reminder_sent) execute function rem_stop_at_reminded()`);
    try {
      await ctx.app.jobs.runDue(r!.dueAt);
    } finally {
      await ctx.database.query('drop trigger rem_stop_at_reminded on appointments');
      await ctx.database.query('drop function rem_stop_at_reminded()');
    }
    const [between] = await remindersOf(appt._id);
    expect(between!.status === 'sent').toBe(await reminded());
    // Its job is taken up again (as after a restart): the reminder ends sent and the appointment reminded.
    await ctx.app.jobs.runDue(new Date(r!.dueAt.getTime() + 3_600_000));
    const [after] = await remindersOf(appt._id);
    expect(after!.status).toBe('sent');
    expect(await reminded()).toBe(true);
  });
});

describe('several servers', () => {
  it('sends each reminder once when two runners work the queue at the same time', async () => {
    const TZ = 'Asia/Riyadh';
    const s = await setup({ timeZone: TZ });
    const date = nextWeekday('Saturday', TZ, 3);
    const booked: string[] = [];
    for (let i = 0; i < 8; i++) booked.push((await book(s, zonedInstant(date, `${String(9 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`, TZ), TZ))._id);
    const deps = { config: ctx.config, database: ctx.database, db: db(), tokens: new TokenService(ctx.config.jwtSecret, 900), callers: new CallerCache(0), live: ctx.app.live };
    const other = new JobRunner(db());
    other.register(REMINDER_JOB, reminderJobHandler(deps));
    // After every reminder's time (the day before), before the first appointment.
    const late = zonedInstant(date, '08:00', TZ);
    await Promise.all([ctx.app.jobs.runDue(late), other.runDue(late), ctx.app.jobs.runDue(late), other.runDue(late)]);
    expect(smtp.messages).toHaveLength(8);
    const rows = await db().select().from(appointments).where(and(eq(appointments.companyId, org.companyId), eq(appointments.clinicId, s.clinic.id)));
    expect(rows.every((a) => a.reminderSent)).toBe(true);
  });
});
