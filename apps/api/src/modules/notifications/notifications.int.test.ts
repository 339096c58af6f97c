import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { zonedInstant, zonedIso } from '@clinic/shared';
import { buildApp } from '../../app.js';
import { openDatabase, type Database } from '../../db/client.js';
import type { App } from '../../lib/app-types.js';
import { auth, body, createOrg, createTestContext, login, settleEvents, TEST_PASSWORD, type TestContext, type TestOrg } from '../../test/harness.js';
import { insertStaff } from '../../test/messaging-sinks.js';
import { insertClinic, insertPatient, insertService, nextWeekday } from '../appointments/fixtures.js';

/**
 * Staff notifications: who hears about what, the bell's list and counts, and the live stream that rings it.
 */
let ctx: TestContext;
let org: TestOrg;
let other: TestOrg;
const TZ = 'Asia/Riyadh';
let s: {
  clinicA: string; clinicB: string; doctor: string; otherDoctor: string; service: string;
  deskA: { id: string; token: string }; deskB: { id: string; token: string }; doctorToken: string; otherDoctorToken: string;
};

beforeAll(async () => {
  ctx = await createTestContext();
  org = await createOrg(ctx);
  other = await createOrg(ctx);
  const db = ctx.database.db;
  const clinicA = await insertClinic(db, org.companyId, { timeZone: TZ, name: 'North Clinic' });
  const clinicB = await insertClinic(db, org.companyId, { timeZone: TZ, name: 'South Clinic' });
  const doctor = await insertStaff(db, org.companyId, { roleId: org.roleIds.get('Doctor')!, employeeType: 'Doctor', clinics: [clinicA.id], name: 'Dr. Rana Aziz' });
  const otherDoctor = await insertStaff(db, org.companyId, { roleId: org.roleIds.get('Doctor')!, employeeType: 'Doctor', clinics: [clinicA.id], name: 'Dr. Sami Fares' });
  await ctx.database.query(`update employees set working_hours = $3 where company_id = $1 and id = any($2)`, [
    org.companyId, [doctor.id, otherDoctor.id], JSON.stringify(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'].map((day) => ({ day, startTime: '09:00', endTime: '18:00' }))),
  ]);
  const service = await insertService(db, org.companyId, { clinicId: clinicA.id, doctors: [doctor.id] });
  const deskA = await insertStaff(db, org.companyId, { roleId: org.roleIds.get('Receptionist')!, clinics: [clinicA.id], name: 'Mona (north desk)' });
  const deskB = await insertStaff(db, org.companyId, { roleId: org.roleIds.get('Receptionist')!, clinics: [clinicB.id], name: 'Nour (south desk)' });
  const token = async (u: string) => (await login(ctx, u, TEST_PASSWORD)).accessToken;
  s = {
    clinicA: clinicA.id, clinicB: clinicB.id, doctor: doctor.id, otherDoctor: otherDoctor.id, service: service.id,
    deskA: { id: deskA.id, token: await token(deskA.username) }, deskB: { id: deskB.id, token: await token(deskB.username) },
    doctorToken: await token(doctor.username), otherDoctorToken: await token(otherDoctor.username),
  };
});
afterAll(() => ctx.close());

let week = 0;
async function book(app: App = ctx.app) {
  const patient = await insertPatient(ctx.database.db, org.companyId, { name: 'Yara Mansour' });
  week += 1;
  const res = await app.inject({
    method: 'POST', url: '/api/appointments', headers: auth(org.token),
    payload: {
      patient: patient.id, doctor: s.doctor, clinic: s.clinicA, service: s.service, reason: 'Follow-up',
      datetime: zonedIso(zonedInstant(nextWeekday('Tuesday', TZ, 2 + week * 7), '10:00', TZ), TZ),
    },
  });
  expect(res.statusCode).toBe(201);
  await settleEvents({ app });
  return body(res).data as { _id: string; version: number };
}

const bell = async (token: string, query = '') => body(await ctx.app.inject({ method: 'GET', url: `/api/notifications${query}`, headers: auth(token) })).data as Array<{ _id: string; kind: string; entityId: string; text: string; link: string; read: boolean }>;
const unread = async (token: string) => body(await ctx.app.inject({ method: 'GET', url: '/api/notifications/unread-count', headers: auth(token) })).data.unread as number;

describe('who hears about an appointment', () => {
  it('the clinic\'s desk and the appointment\'s doctor, not another clinic\'s desk, another doctor or the person who made the change', async () => {
    const a = await book();
    const seen = async (token: string) => (await bell(token)).filter((n) => n.entityId === a._id).map((n) => n.kind);
    expect(await seen(s.deskA.token)).toEqual(['appointment_booked']);
    expect(await seen(s.doctorToken)).toEqual(['appointment_booked']);
    expect(await seen(s.deskB.token)).toEqual([]);
    expect(await seen(s.otherDoctorToken)).toEqual([]);
    expect(await seen(org.token)).toEqual([]);
    expect(await seen(other.token)).toEqual([]);
    const [note] = (await bell(s.deskA.token)).filter((n) => n.entityId === a._id);
    expect(note!.text).toMatch(/^Admin \d+ booked Yara Mansour with Dr\. Rana Aziz on /);
    expect(note!.link).toBe(`/appointments?id=${a._id}`);
  });

  it('counts unread, marks one read, then all; nobody marks another person\'s', async () => {
    await book();
    await book();
    const before = await unread(s.deskA.token);
    expect(before).toBeGreaterThanOrEqual(2);
    const [first] = await bell(s.deskA.token, '?unread=true');
    const foreign = await ctx.app.inject({ method: 'POST', url: `/api/notifications/${first!._id}/read`, headers: auth(s.deskB.token) });
    expect(foreign.statusCode).toBe(404);
    expect(await unread(s.deskA.token)).toBe(before);
    const mine = await ctx.app.inject({ method: 'POST', url: `/api/notifications/${first!._id}/read`, headers: auth(s.deskA.token, 'ar') });
    expect(body(mine).message).toBe('تم تعليم الإشعار كمقروء.');
    expect(await unread(s.deskA.token)).toBe(before - 1);
    await ctx.app.inject({ method: 'POST', url: '/api/notifications/read-all', headers: auth(s.deskA.token) });
    expect(await unread(s.deskA.token)).toBe(0);
    expect((await bell(s.deskA.token)).every((n) => n.read)).toBe(true);
    expect(await unread(s.doctorToken)).toBeGreaterThan(0);
  });
});

/** Reads a server-sent event stream until `want` events of the kind arrived (or the hang guard fires). */
async function openStream(base: string, token: string) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/live`, { headers: { authorization: `Bearer ${token}` }, signal: controller.signal });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  const events: string[] = [];
  const pump = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        text += decoder.decode(value, { stream: true });
        let cut: number;
        while ((cut = text.indexOf('\n\n')) >= 0) {
          const block = text.slice(0, cut);
          text = text.slice(cut + 2);
          const name = /^event: (.+)$/m.exec(block)?.[1];
          if (name) events.push(name);
        }
      }
    } catch { /* aborted */ }
  })();
  const until = async (predicate: () => boolean) => {
    const guard = Date.now() + 10_000;
    while (!predicate() && Date.now() < guard) await new Promise((r) => setTimeout(r, 20));
    return predicate();
  };
  expect(await until(() => events.includes('ready'))).toBe(true);
  return { events, until, close: async () => { controller.abort(); await pump; } };
}

async function listen(app: App): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

describe('live events', () => {
  it('rings the desk\'s open stream when someone else cancels, and tells every appointment reader to refresh; another company hears nothing', async () => {
    const base = await listen(ctx.app);
    const a = await book();
    const desk = await openStream(base, s.deskA.token);
    const foreign = await openStream(base, other.token);
    // A running server: it polls only hourly here, so what follows the change comes from the runner woken at commit.
    const stopJobs = ctx.app.jobs.start(3600);
    await stopJobs.listening;
    try {
      const res = await ctx.app.inject({
        method: 'PATCH', url: `/api/appointments/${a._id}`, headers: auth(org.token), payload: { status: 'cancelled', cancellationReason: 'Doctor ill', version: a.version },
      });
      expect(res.statusCode).toBe(200);
      expect(await desk.until(() => desk.events.includes('notification') && desk.events.includes('appointment'))).toBe(true);
      // The stream may have rung first for the booking's own notification (its follow-up ran once the runner started):
      // the cancellation's bell entry follows from its own follow-up, moments later.
      let rung = false;
      for (let i = 0; i < 100 && !rung; i++) {
        rung = (await bell(s.deskA.token)).some((n) => n.entityId === a._id && n.kind === 'appointment_cancelled');
        if (!rung) await new Promise((r) => setTimeout(r, 50));
      }
      expect(rung).toBe(true);
      // A change in another company reaches nobody here, and none of this reaches the other company.
      await new Promise((r) => setTimeout(r, 200));
      expect(foreign.events).toEqual(['ready']);
    } finally {
      await stopJobs();
      await desk.close();
      await foreign.close();
    }
  });

  it("passes a clinic's waiting-room change to the company's appointment readers, and to nobody else", async () => {
    const base = await listen(ctx.app).catch(() => `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`);
    const desk = await openStream(base, s.deskA.token);
    const foreign = await openStream(base, other.token);
    try {
      await ctx.app.live.publish(ctx.database.db, { c: org.companyId, t: 'queue', k: s.clinicA });
      expect(await desk.until(() => desk.events.includes('queue'))).toBe(true);
      await new Promise((r) => setTimeout(r, 200));
      expect(foreign.events).toEqual(['ready']);
    } finally {
      await desk.close();
      await foreign.close();
    }
  });

  it.runIf(Boolean(process.env.DATABASE_URL))('reaches a stream on another API server over the same PostgreSQL database', async () => {
    const base = await listen(ctx.app).catch(() => `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`);
    const url = (ctx.database.db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString;
    let second: Database | null = null;
    let secondApp: App | null = null;
    const desk = await openStream(base, s.deskA.token);
    try {
      second = await openDatabase({ databaseUrl: url, poolSize: 2 });
      secondApp = await buildApp(ctx.config, second);
      await secondApp.ready();
      // The booking goes through the second server; the desk's stream is on the first.
      await book(secondApp);
      expect(await desk.until(() => desk.events.includes('notification'))).toBe(true);
    } finally {
      await desk.close();
      await secondApp?.close();
      await second?.close();
    }
  });
});
