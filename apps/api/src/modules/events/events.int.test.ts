import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { appointments, jobs, notifications, reminders } from '../../db/schema/index.js';
import { zonedInstant, zonedIso } from '@clinic/shared';
import type { LiveEvent } from '../../lib/live.js';
import { inTransaction } from '../../lib/transaction.js';
import { auth, body, createOrg, createTestContext, settleEvents, type TestContext, type TestOrg } from '../../test/harness.js';
import { insertStaff } from '../../test/messaging-sinks.js';
import { insertClinic, insertDoctor, insertPatient, insertService, nextWeekday } from '../appointments/fixtures.js';
import { backoffMs } from '../jobs/jobs.domain.js';
import { requeueJob } from '../jobs/jobs.repository.js';
import { emit, EVENT_JOB, type AppointmentEvent, type DomainEvent } from './events.js';

/**
 * What follows an appointment's change is told as a domain event: recorded with the change, handled after it
 * commits, each follower once, retried without undoing the change, and not lost when the server stops in between.
 */
let ctx: TestContext;
let org: TestOrg;
const TZ = 'Asia/Riyadh';
let s: { clinic: string; doctor: string; service: string };

beforeAll(async () => {
  ctx = await createTestContext({ reminderLeadHours: 24 });
  org = await createOrg(ctx);
  const db = ctx.database.db;
  const clinic = await insertClinic(db, org.companyId, { timeZone: TZ, name: 'Events Clinic' });
  const doctor = await insertDoctor(db, org.companyId, { clinics: [clinic.id], name: 'Dr. Huda Karim' });
  const service = await insertService(db, org.companyId, { clinicId: clinic.id, doctors: [doctor.id] });
  // The desk of the clinic: whose bell rings when someone else books.
  await insertStaff(db, org.companyId, { roleId: org.roleIds.get('Receptionist')!, clinics: [clinic.id], name: 'Events desk' });
  s = { clinic: clinic.id, doctor: doctor.id, service: service.id };
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
let week = 0;

async function book(app = ctx.app) {
  const patient = await insertPatient(db(), org.companyId, { name: 'Salem Nasser' });
  week += 1;
  const res = await app.inject({
    method: 'POST', url: '/api/appointments', headers: auth(org.token),
    payload: {
      patient: patient.id, doctor: s.doctor, clinic: s.clinic, service: s.service, reason: 'Check-up',
      datetime: zonedIso(zonedInstant(nextWeekday('Wednesday', TZ, 2 + week * 7), '10:00', TZ), TZ),
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return body(res).data as { _id: string; version: number };
}

const eventsOf = async (appointmentId: string) =>
  (await db().select().from(jobs).where(and(eq(jobs.companyId, org.companyId), eq(jobs.kind, EVENT_JOB))))
    .filter((j) => (j.payload as { event: Partial<AppointmentEvent> }).event.appointmentId === appointmentId);
const remindersOf = async (appointmentId: string) =>
  db().select().from(reminders).where(and(eq(reminders.companyId, org.companyId), eq(reminders.appointmentId, appointmentId)));
const bellsOf = async (appointmentId: string) =>
  db().select().from(notifications).where(and(eq(notifications.companyId, org.companyId), eq(notifications.entityId, appointmentId)));

describe('an appointment change and its event', () => {
  it('commits the event with the booking; what follows happens only once it is handled, after the commit', async () => {
    const a = await book();
    const [event] = await eventsOf(a._id);
    expect(event).toMatchObject({ state: 'queued', attempts: 0 });
    expect((event!.payload as { event: DomainEvent }).event).toMatchObject({ type: 'appointment.booked', actorId: org.adminId, clinicId: s.clinic });
    // Nothing followed inside the booking's transaction (the clinic reminds by e-mail and text message, 24 h before).
    expect(await remindersOf(a._id)).toHaveLength(0);
    expect(await bellsOf(a._id)).toHaveLength(0);

    const heard: LiveEvent[] = [];
    const stop = ctx.app.live.subscribe((e) => heard.push(e));
    try {
      expect((await settleEvents(ctx)).done).toBe(1);
      await new Promise((r) => setTimeout(r, 50));
    } finally {
      stop();
    }
    expect((await remindersOf(a._id)).map((r) => r.status)).toEqual(['planned', 'planned']);
    expect((await bellsOf(a._id)).map((n) => n.kind)).toEqual(['appointment_booked']);
    expect(heard).toContainEqual({ c: org.companyId, t: 'appointment', a: a._id, k: s.clinic });
    const [handled] = await eventsOf(a._id);
    expect(handled!.state).toBe('done');
    expect((handled!.payload as { handled: string[] }).handled).toEqual(['reminders', 'notifications', 'live', 'webhooks']);
  });

  it('leaves no event when the change rolls back, and the runner finds nothing to do', async () => {
    const a = await book();
    await settleEvents(ctx);
    const cancelled: DomainEvent = {
      type: 'appointment.cancelled', companyId: org.companyId, actorId: org.adminId, appointmentId: a._id, clinicId: s.clinic, at: new Date().toISOString(),
    };
    await expect(inTransaction(db(), async (tx) => {
      await emit(tx, cancelled);
      throw new Error('the change failed after its event was recorded');
    })).rejects.toThrow('the change failed');
    expect((await eventsOf(a._id)).map((j) => (j.payload as { event: DomainEvent }).event.type)).toEqual(['appointment.booked']);
    expect((await settleEvents(ctx)).done).toBe(0);
    expect((await remindersOf(a._id)).map((r) => r.status)).toEqual(['planned', 'planned']);
  });

  it('tells each change by its own event: a move re-plans, a cancellation withdraws and rings the bell', async () => {
    const a = await book();
    await settleEvents(ctx);
    const moved = await ctx.app.inject({
      method: 'PATCH', url: `/api/appointments/${a._id}`, headers: auth(org.token),
      payload: { datetime: zonedIso(zonedInstant(nextWeekday('Thursday', TZ, 2 + week * 7), '11:00', TZ), TZ), version: a.version },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const cancelled = await ctx.app.inject({
      method: 'PATCH', url: `/api/appointments/${a._id}`, headers: auth(org.token),
      payload: { status: 'cancelled', cancellationReason: 'Travelling', version: body(moved).data.version },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await settleEvents(ctx)).done).toBe(2);
    expect((await eventsOf(a._id)).map((j) => (j.payload as { event: DomainEvent }).event.type).sort())
      .toEqual(['appointment.booked', 'appointment.cancelled', 'appointment.rescheduled']);
    expect((await remindersOf(a._id)).map((r) => r.status)).toEqual(['withdrawn', 'withdrawn']);
    expect((await bellsOf(a._id)).map((n) => n.kind).sort()).toEqual(['appointment_booked', 'appointment_cancelled', 'appointment_moved']);
  });
});

describe('handling an event', () => {
  it('retries a failing follower with the backoff, without undoing the booking or repeating the others', async () => {
    let fail = true;
    const failing = new Set<string>();
    ctx.app.events.on('test.flaky', ['appointment.booked'], async (_tx, e) => {
      if (fail && failing.has(e.appointmentId)) throw new Error('the follower is unavailable');
    });
    const a = await book();
    failing.add(a._id);
    const now = new Date();
    expect(await settleEvents(ctx, now)).toEqual({ done: 0, retried: 1, failed: 0 });
    const [event] = await eventsOf(a._id);
    expect(event).toMatchObject({ state: 'queued', attempts: 1, lastError: 'test.flaky: the follower is unavailable' });
    expect(event!.runAt.getTime()).toBe(now.getTime() + backoffMs(1));
    // The booking stands, and the followers that could did their part.
    const [row] = await db().select().from(appointments).where(and(eq(appointments.companyId, org.companyId), eq(appointments.id, a._id)));
    expect(row!.status).toBe('scheduled');
    expect(await remindersOf(a._id)).toHaveLength(2);
    expect(await bellsOf(a._id)).toHaveLength(1);

    fail = false;
    expect((await settleEvents(ctx, event!.runAt)).done).toBe(1);
    expect(await remindersOf(a._id)).toHaveLength(2);
    expect(await bellsOf(a._id)).toHaveLength(1);
    const [done] = await eventsOf(a._id);
    expect(done!.state).toBe('done');
    expect((done!.payload as { handled: string[] }).handled).toEqual(['reminders', 'notifications', 'live', 'webhooks', 'test.flaky']);
  });

  it('changes nothing more when an event is handled twice', async () => {
    const a = await book();
    await settleEvents(ctx);
    const [event] = await eventsOf(a._id);
    const e = (event!.payload as { event: DomainEvent }).event;
    expect(await ctx.app.events.handle(org.companyId, event!.id, e, 'reminders')).toBe(false);
    expect(await ctx.app.events.handle(org.companyId, event!.id, e, 'notifications')).toBe(false);
    // Run again as a whole (an operator re-queues it).
    expect(await requeueJob(db(), org.companyId, event!.id, new Date())).toBe(true);
    expect((await settleEvents(ctx)).done).toBe(1);
    expect(await remindersOf(a._id)).toHaveLength(2);
    expect(await bellsOf(a._id)).toHaveLength(1);
  });

  it('handles at the restart an event its server committed but never handled', async () => {
    // A server that stops right after the commit (it never ran its jobs).
    const gone = await buildApp(ctx.config, ctx.database);
    await gone.ready();
    const a = await book(gone);
    await gone.close();
    expect(await remindersOf(a._id)).toHaveLength(0);
    // The server started again over the same database finds the event and handles it.
    expect((await settleEvents(ctx)).done).toBe(1);
    expect((await remindersOf(a._id)).map((r) => r.status)).toEqual(['planned', 'planned']);
    expect((await bellsOf(a._id)).map((n) => n.kind)).toEqual(['appointment_booked']);
  });

  it('is handled within a moment of the commit by a running server, not at its next poll', async () => {
    const stop = ctx.app.jobs.start(3600);
    await stop.listening;
    try {
      const a = await book();
      const guard = Date.now() + 10_000;
      // Each follower commits on its own: wait for both (the reminders' may commit before the bell's).
      const followed = async () => (await remindersOf(a._id)).length > 0 && (await bellsOf(a._id)).length > 0;
      while (!(await followed()) && Date.now() < guard) await new Promise((r) => setTimeout(r, 20));
      expect((await remindersOf(a._id)).map((r) => r.status)).toEqual(['planned', 'planned']);
      expect((await bellsOf(a._id)).map((n) => n.kind)).toEqual(['appointment_booked']);
    } finally {
      await stop();
    }
  });
});
