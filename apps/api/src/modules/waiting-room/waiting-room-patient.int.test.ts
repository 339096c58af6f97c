import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicTicketView, TicketRecord, WaitAccuracy } from '@clinic/shared';
import { signPatientLink } from '../../lib/patient-links.js';
import { auth, body, createOrg, createTestContext, type TestContext, type TestOrg } from '../../test/harness.js';
import { startSmsGateway, type SmsGateway } from '../../test/messaging-sinks.js';
import { booked, queueClinic, setStatus, type QueueClinic } from './fixtures.js';

/*
 * What the patient sees: the text with their number and link sent at check-in, their page (place, estimated wait,
 * where to go once called) and its live stream; and the report comparing the estimates given with the waits.
 */

let ctx: TestContext;
let a: TestOrg;
let sms: SmsGateway;
let now = new Date('2026-04-01T06:00:00Z'); // 09:00 in Riyadh
const minutes = (n: number) => { now = new Date(now.getTime() + n * 60_000); };

beforeAll(async () => {
  sms = await startSmsGateway();
  ctx = await createTestContext({ sms: { preset: 'generic', url: sms.url, auth: undefined, body: undefined, from: 'CLINIC' } }, { clock: () => now });
  a = await createOrg(ctx, { name: 'Patient Page Org' });
});
afterAll(async () => {
  await ctx.close();
  await sms.close();
});

const db = () => ctx.database.db;
const post = (url: string, payload: object, lang?: string) => ctx.app.inject({ method: 'POST', url, headers: auth(a.token, lang), payload });
const page = (token: string, lang?: string) => ctx.app.inject({ method: 'GET', url: `/api/public/queue?token=${encodeURIComponent(token)}`, headers: lang ? { 'accept-language': lang } : {} });

async function arrive(q: QueueClinic, opts: { phone?: string | null; language?: string } = {}) {
  const appointment = await booked(db(), a.companyId, q, { around: now, ...opts });
  expect((await setStatus(ctx, a.token, appointment.id, 'arrived')).statusCode).toBe(200);
  return appointment;
}

/** The texts sent so far, after the jobs due now ran. */
async function texts() {
  await ctx.app.jobs.runDue(now);
  return sms.requests.map((r) => JSON.parse(r.body) as { to: string; text?: string; body?: string; message?: string });
}
const textOf = (m: Record<string, unknown>) => String(Object.values(m).find((v) => typeof v === 'string' && v.includes('/queue?token=')) ?? '');
const tokenIn = (text: string) => decodeURIComponent(/\/queue\?token=([^\s]+)/.exec(text)![1]!);

describe('the text and the patient\'s page', () => {
  it('texts the number and a link that shows the place in the queue, the estimate and, once called, where to go', async () => {
    const q = await queueClinic(db(), a.companyId, { doctors: 1, minutes: 15 });
    sms.requests.length = 0;
    const first = await arrive(q);
    const second = await arrive(q, { language: 'ar' });
    const sent = await texts();
    expect(sent).toHaveLength(2);
    expect(sent[0]!.to).toBe(first.phone);
    const english = textOf(sent[0]!);
    expect(english).toMatch(/: your number is 001\. Follow your place in the queue: http:\/\/localhost:\d+\/queue\?token=/);
    expect(textOf(sent[1]!)).toContain('رقمك 002');

    const view = body(await page(tokenIn(textOf(sent[1]!)))).data as PublicTicketView;
    expect(view).toMatchObject({ label: '002', state: 'waiting', position: 1, estimatedWaitMinutes: 15, estimateBasis: 'nominal', room: null, doctor: null });
    expect(JSON.stringify(view)).not.toContain(second.patientName);

    await ctx.app.inject({
      method: 'PUT', url: `/api/clinics/${q.clinic}/waiting-room-settings`, headers: auth(a.token),
      payload: { prefixBy: 'none', prefixes: {}, rooms: { [q.doctors[0]!]: 'Room 3' }, showNames: false, sendLink: true, announce: 'both' },
    });
    const called = body(await post('/api/waiting-room/call-next', { clinic: q.clinic })).data as TicketRecord;
    expect(called.label).toBe('001');
    const mine = body(await page(tokenIn(english))).data as PublicTicketView;
    expect(mine).toMatchObject({ label: '001', state: 'called', position: null, calledAt: now.toISOString() });
    expect((body(await page(tokenIn(textOf(sent[1]!)))).data as PublicTicketView).position).toBe(0);
    expect((await setStatus(ctx, a.token, first.id, 'in_consultation')).statusCode).toBe(200);
    expect((body(await page(tokenIn(english))).data as PublicTicketView).state).toBe('in_consultation');
  });

  it('sends nothing when the clinic turned links off or the patient has no mobile, and checks in even when the gateway fails', async () => {
    const q = await queueClinic(db(), a.companyId, { doctors: 1 });
    sms.requests.length = 0;
    await arrive(q, { phone: null });
    expect(await texts()).toHaveLength(0);
    await ctx.app.inject({
      method: 'PUT', url: `/api/clinics/${q.clinic}/waiting-room-settings`, headers: auth(a.token),
      payload: { prefixBy: 'none', prefixes: {}, rooms: {}, showNames: false, sendLink: false, announce: 'both' },
    });
    await arrive(q);
    expect(await texts()).toHaveLength(0);
    const other = await queueClinic(db(), a.companyId, { doctors: 1 });
    sms.status = 500;
    try {
      await arrive(other);
      await texts();
      expect(sms.requests).toHaveLength(1);
    } finally {
      sms.status = 200;
    }
  });

  it('answers while the visit is open, past the clinic\'s midnight; 410 an hour after it ended or a day after the ticket; 401 to anything not signed as a queue link', async () => {
    now = new Date('2026-04-02T20:00:00Z'); // 23:00 in Riyadh
    const q = await queueClinic(db(), a.companyId, { doctors: 1 });
    sms.requests.length = 0;
    const appointment = await arrive(q);
    await arrive(q);
    const [token, lateToken] = (await texts()).map((m) => tokenIn(textOf(m)));
    expect((await page(token!)).statusCode).toBe(200);
    minutes(61); // 00:01 the next day in Riyadh: the visits are still open
    expect(body(await page(token!)).data).toMatchObject({ label: '001', state: 'waiting' });
    expect((await setStatus(ctx, a.token, appointment.id, 'in_consultation')).statusCode).toBe(200);
    expect((await setStatus(ctx, a.token, appointment.id, 'completed')).statusCode).toBe(200);
    minutes(59); // the page still says the visit is over
    expect(body(await page(token!)).data).toMatchObject({ state: 'done', room: null, doctor: null });
    minutes(1);
    const expired = await page(token!, 'ar');
    expect([expired.statusCode, body(expired).message.code, body(expired).message.message]).toEqual([410, 'LINK_EXPIRED', 'انتهت صلاحية هذا الرابط.']);
    // Still checked in a day after its ticket: the link has lapsed all the same.
    now = new Date('2026-04-03T19:59:00Z');
    expect((await page(lateToken!)).statusCode).toBe(200);
    minutes(1);
    expect((await page(lateToken!)).statusCode).toBe(410);
    expect((await page(`${token}x`)).statusCode).toBe(401);
    // A visit link of the same patient's appointment is not a queue link.
    const visit = await signPatientLink(ctx.config.jwtSecret!, { companyId: a.companyId, appointmentId: appointment.id }, new Date(now.getTime() + 3_600_000), now);
    expect(body(await page(visit)).message.code).toBe('LINK_INVALID');
  });

  it('shows the room and the doctor once called and with the doctor, never while waiting or after', async () => {
    now = new Date('2026-04-04T06:00:00Z');
    const q = await queueClinic(db(), a.companyId, { doctors: 1 });
    await ctx.app.inject({
      method: 'PUT', url: `/api/clinics/${q.clinic}/waiting-room-settings`, headers: auth(a.token),
      payload: { prefixBy: 'none', prefixes: {}, rooms: { [q.doctors[0]!]: 'Room 5' }, showNames: false, sendLink: true, announce: 'both' },
    });
    sms.requests.length = 0;
    const appointment = await arrive(q);
    const token = tokenIn(textOf((await texts())[0]!));
    const view = async () => body(await page(token)).data as PublicTicketView;
    expect(await view()).toMatchObject({ state: 'waiting', room: null, doctor: null });
    const called = body(await post('/api/waiting-room/call-next', { clinic: q.clinic })).data as TicketRecord;
    expect(await view()).toMatchObject({ state: 'called', room: 'Room 5', doctor: called.doctor.name });
    await post(`/api/waiting-room/tickets/${called._id}/skip`, { version: called.version });
    expect(await view()).toMatchObject({ state: 'skipped', room: null, doctor: null });
    expect((await setStatus(ctx, a.token, appointment.id, 'in_consultation')).statusCode).toBe(200);
    expect(await view()).toMatchObject({ state: 'in_consultation', room: 'Room 5', doctor: called.doctor.name });
    expect((await setStatus(ctx, a.token, appointment.id, 'completed')).statusCode).toBe(200);
    expect(await view()).toMatchObject({ state: 'done', room: null, doctor: null });
  });
});

describe('the patient\'s live stream', () => {
  it('tells the page to refresh when its clinic\'s queue changes, and not for another clinic', async () => {
    now = new Date('2026-04-03T06:00:00Z');
    const q = await queueClinic(db(), a.companyId, { doctors: 1 });
    const elsewhere = await queueClinic(db(), a.companyId, { doctors: 1 });
    sms.requests.length = 0;
    await arrive(q);
    const token = tokenIn(textOf((await texts())[0]!));
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
    expect((await fetch(`${base}/api/public/queue/live?token=nonsense`)).status).toBe(401);
    const controller = new AbortController();
    const res = await fetch(`${base}/api/public/queue/live?token=${encodeURIComponent(token)}`, { signal: controller.signal });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const reader = res.body!.getReader();
    const events: string[] = [];
    const pump = (async () => {
      const decoder = new TextDecoder();
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          for (const m of decoder.decode(value).matchAll(/^event: (.+)$/gm)) events.push(m[1]!);
        }
      } catch { /* aborted */ }
    })();
    const until = async (want: number) => {
      for (let i = 0; i < 500 && events.length < want; i++) await new Promise((r) => setTimeout(r, 20));
      return events;
    };
    try {
      expect(await until(1)).toEqual(['ready']);
      await arrive(elsewhere);
      await post('/api/waiting-room/call-next', { clinic: elsewhere.clinic });
      await post('/api/waiting-room/call-next', { clinic: q.clinic });
      expect(await until(2)).toEqual(['ready', 'queue']);
    } finally {
      controller.abort();
      await pump;
    }
  });
});

describe('waiting-time accuracy', () => {
  it('compares the estimates given at check-in with the waits that followed, per doctor and overall', async () => {
    now = new Date('2026-04-05T06:00:00Z');
    const q = await queueClinic(db(), a.companyId, { doctors: 1, minutes: 15 });
    // Estimates 0, 15 and 30 minutes (the booked length; no one seen yet).
    for (let i = 0; i < 3; i++) await arrive(q);
    minutes(10);
    await post('/api/waiting-room/call-next', { clinic: q.clinic }); // waited 10 (estimate 0: 10 off)
    minutes(10);
    await post('/api/waiting-room/call-next', { clinic: q.clinic }); // waited 20 (estimate 15: 5 off); the third is not called
    const res = await ctx.app.inject({ method: 'GET', url: `/api/waiting-room/accuracy?clinic=${q.clinic}&from=2026-04-05&to=2026-04-05`, headers: auth(a.token) });
    const report = body(res).data as WaitAccuracy;
    const figures = { tickets: 3, called: 2, meanEstimateMinutes: 7.5, meanActualMinutes: 15, meanAbsoluteErrorMinutes: 7.5, withinFiveMinutesPercent: 50 };
    expect(report).toMatchObject({ period: { from: '2026-04-05', to: '2026-04-05' }, ...figures });
    expect(report.byDoctor).toEqual([{ doctor: expect.objectContaining({ _id: q.doctors[0] }), ...figures }]);
    const empty = await ctx.app.inject({ method: 'GET', url: `/api/waiting-room/accuracy?clinic=${q.clinic}&from=2026-04-06&to=2026-04-06`, headers: auth(a.token) });
    expect(body(empty).data).toMatchObject({ tickets: 0, called: 0, meanActualMinutes: null, byDoctor: [] });
    const tooLong = await ctx.app.inject({ method: 'GET', url: '/api/waiting-room/accuracy?from=2025-01-01&to=2025-12-31', headers: auth(a.token, 'ar') });
    expect(tooLong.statusCode).toBe(422);
  });
});
