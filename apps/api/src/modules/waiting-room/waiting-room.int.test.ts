import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicTicketView, TicketDetail, TicketRecord, QueueView } from '@clinic/shared';
import { auditLog, employees, queueTickets } from '../../db/schema/index.js';
import { auth, body, createOrg, createTestContext, signInStaff, type TestContext, type TestOrg } from '../../test/harness.js';
import { pairedDisplay, readBoard } from '../queue-displays/fixtures.js';
import { booked, queueClinic, setStatus, type QueueClinic } from './fixtures.js';
import { ticketHistory } from './waiting-room.repository.js';
import { queueLink } from './waiting-room.text.js';

/*
 * The waiting room as the front desk and the doctors work it: numbers, call order, calling, skipping, recalling,
 * priority and transfer with their history, the clinic's settings, and what another company can reach.
 */

let ctx: TestContext;
let a: TestOrg;
let b: TestOrg;
// 09:00 in Riyadh (UTC+3): the services read this clock.
let now = new Date('2026-03-01T06:00:00Z');
const minutes = (n: number) => { now = new Date(now.getTime() + n * 60_000); };

beforeAll(async () => {
  ctx = await createTestContext({}, { clock: () => now });
  a = await createOrg(ctx, { name: 'Queue Org' });
  b = await createOrg(ctx, { name: 'Other Org' });
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const get = <T>(url: string, token = a.token, lang?: string) => ctx.app.inject({ method: 'GET', url, headers: auth(token, lang) }).then((r) => ({ status: r.statusCode, body: body(r) as { data: T; message: any } }));
const post = (url: string, payload: object, token = a.token, lang?: string) => ctx.app.inject({ method: 'POST', url, headers: auth(token, lang), payload });
const queue = async (clinic: string) => (await get<QueueView>(`/api/waiting-room?clinic=${clinic}`)).body.data;

/** Books and checks in a patient of `doctor`: the ticket they were given. */
async function arrive(q: QueueClinic, doctor = q.doctors[0]!, name?: string): Promise<TicketRecord> {
  const appointment = await booked(db(), a.companyId, q, { doctor, around: now, ...(name ? { name } : {}) });
  const res = await setStatus(ctx, a.token, appointment.id, 'arrived');
  expect(res.statusCode).toBe(200);
  const found = (await queue(q.clinic)).tickets.find((t) => t.appointment === appointment.id);
  expect(found).toBeTruthy();
  return found!;
}

describe('numbers', () => {
  it('numbers each clinic\'s tickets from 1 per local day; after the clinic\'s midnight (Asia/Riyadh) the new day\'s follow those still waiting', async () => {
    now = new Date('2026-03-01T20:50:00Z'); // 23:50 in Riyadh
    const q = await queueClinic(db(), a.companyId);
    const other = await queueClinic(db(), a.companyId);
    const first = await arrive(q);
    const second = await arrive(q, q.doctors[1]);
    expect([first.label, second.label]).toEqual(['001', '002']);
    expect(first.day).toBe('2026-03-01');
    const seen = await arrive(other);
    expect(seen.label).toBe('001');
    // The other clinic's patient is seen before midnight: nothing of its day is left in its queue.
    expect((await setStatus(ctx, a.token, seen.appointment, 'in_consultation')).statusCode).toBe(200);
    expect((await setStatus(ctx, a.token, seen.appointment, 'completed')).statusCode).toBe(200);

    minutes(20); // 00:10 on 2 March in Riyadh, still 1 March in UTC
    const next = await arrive(q);
    // Yesterday's 001 and 002 still wait: today's numbers follow them, so no number is shown twice.
    expect(next).toMatchObject({ label: '003', day: '2026-03-02' });
    const view = await queue(q.clinic);
    expect(view.day).toBe('2026-03-02');
    expect(view.tickets.map((t) => [t.label, t.day, t.state])).toEqual([['001', '2026-03-01', 'waiting'], ['002', '2026-03-01', 'waiting'], ['003', '2026-03-02', 'waiting']]);
    // With nothing left of yesterday, the day starts at 1.
    expect(await arrive(other)).toMatchObject({ label: '001', day: '2026-03-02' });
    expect((await queue(other.clinic)).tickets.map((t) => t.label)).toEqual(['001']);
  });

  it('gives each doctor their own letter and room when the clinic numbers by doctor', async () => {
    now = new Date('2026-03-03T06:00:00Z');
    const q = await queueClinic(db(), a.companyId);
    const [drA, drB] = q.doctors as [string, string];
    const saved = await ctx.app.inject({
      method: 'PUT', url: `/api/clinics/${q.clinic}/waiting-room-settings`, headers: auth(a.token),
      payload: { prefixBy: 'doctor', prefixes: { [drA]: 'A', [drB]: 'B' }, rooms: { [drA]: 'Room 1', [drB]: 'غرفة 2' }, showNames: false, sendLink: false, announce: 'both' },
    });
    expect(saved.statusCode).toBe(200);
    const tickets = [await arrive(q, drA), await arrive(q, drB), await arrive(q, drA)];
    expect(tickets.map((t) => [t.label, t.room])).toEqual([['A-001', 'Room 1'], ['B-001', 'غرفة 2'], ['A-002', 'Room 1']]);
  });
});

describe('calling', () => {
  it('calls urgent, then elderly, then in turn; two calls of "next" call two different patients; then no one is waiting', async () => {
    now = new Date('2026-03-04T06:00:00Z');
    const q = await queueClinic(db(), a.companyId, { doctors: 1 });
    const t1 = await arrive(q);
    minutes(1);
    const t2 = await arrive(q);
    minutes(1);
    const t3 = await arrive(q);
    minutes(1);
    const t4 = await arrive(q);
    const patch = (t: TicketRecord, payload: object) => ctx.app.inject({ method: 'PATCH', url: `/api/waiting-room/tickets/${t._id}`, headers: auth(a.token), payload: { version: t.version, ...payload } });
    expect((await patch(t3, { priority: 'elderly' })).statusCode).toBe(200);
    expect((await patch(t4, { priority: 'urgent' })).statusCode).toBe(200);
    expect((await queue(q.clinic)).tickets.map((t) => [t.label, t.position])).toEqual([['004', 0], ['003', 1], ['001', 2], ['002', 3]]);

    const calls = [];
    for (let i = 0; i < 4; i++) {
      const res = await post('/api/waiting-room/call-next', { clinic: q.clinic, doctor: q.doctors[0] });
      expect(res.statusCode).toBe(200);
      calls.push(body(res).data as TicketRecord);
    }
    expect(calls.map((c) => c.label)).toEqual(['004', '003', '001', '002']);
    expect(calls.every((c) => c.state === 'called' && c.callCount === 1)).toBe(true);
    expect(body(await post('/api/waiting-room/call-next', { clinic: q.clinic })).message.code).toBe('NO_ONE_WAITING');
    const ar = await post('/api/waiting-room/call-next', { clinic: q.clinic, doctor: q.doctors[0] }, a.token, 'ar');
    expect(ar.statusCode).toBe(409);
    expect(body(ar).message.message).toMatch(/^لا يوجد أحد في انتظار Dr\. A/);
    void t1; void t2;
  });

  it('skips, calls back and recalls with who and when in the ticket\'s history; a transfer moves it to the other doctor\'s line', async () => {
    now = new Date('2026-03-05T06:00:00Z');
    const q = await queueClinic(db(), a.companyId);
    const nurse = await signInStaff(ctx, a, { name: 'Nurse Huda', username: 'nurse.huda', email: 'huda@example.test', employeeType: 'Administrative', roleNames: ['Receptionist'] });
    const t = await arrive(q);
    const called = body(await post('/api/waiting-room/call-next', { clinic: q.clinic }, nurse)).data as TicketRecord;
    expect(called._id).toBe(t._id);
    minutes(2);
    const skipped = await post(`/api/waiting-room/tickets/${t._id}/skip`, { version: called.version }, nurse);
    expect(body(skipped).data).toMatchObject({ state: 'skipped', position: null });
    minutes(3);
    const back = body(await post(`/api/waiting-room/tickets/${t._id}/call`, { version: body(skipped).data.version })).data as TicketRecord;
    expect(back).toMatchObject({ state: 'called', callCount: 2, firstCalledAt: called.firstCalledAt });
    minutes(1);
    const recall = await post(`/api/waiting-room/tickets/${t._id}/call`, { version: back.version }, a.token, 'ar');
    expect(body(recall).message).toBe('تم نداء الرقم 001 مرة أخرى.');
    const moved = await ctx.app.inject({
      method: 'PATCH', url: `/api/waiting-room/tickets/${t._id}`, headers: auth(nurse), payload: { version: body(recall).data.version, doctor: q.doctors[1], room: 'Room 7' },
    });
    expect(body(moved).data).toMatchObject({ state: 'waiting', doctor: { _id: q.doctors[1] }, room: 'Room 7', position: 0 });

    const detail = (await get<TicketDetail>(`/api/waiting-room/tickets/${t._id}`)).body.data;
    expect(detail.history.map((h) => [h.kind, h.actor?.name ?? null])).toEqual([
      ['issued', expect.stringMatching(/^Admin/)], ['called', 'Nurse Huda'], ['skipped', 'Nurse Huda'], ['called', expect.stringMatching(/^Admin/)],
      ['recalled', expect.stringMatching(/^Admin/)], ['transferred', 'Nurse Huda'],
    ]);
    expect(detail.history[2]!.at).toBe('2026-03-05T06:02:00.000Z');
    expect(detail.history[5]!.details).toMatchObject({ from: { doctor: q.doctors[0], room: null }, to: { doctor: q.doctors[1], room: 'Room 7' } });
    const audit = await db().select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.entity, 'queue_ticket'), eq(auditLog.entityId, t._id)));
    expect(audit.map((r) => r.action).sort()).toEqual(['call', 'call', 'issue', 'recall', 'skip', 'transfer']);
  });

  it('refuses a change from a stale copy or to a ticket that left the queue, changing nothing', async () => {
    now = new Date('2026-03-06T06:00:00Z');
    const q = await queueClinic(db(), a.companyId);
    const t = await arrive(q);
    const skip = await post(`/api/waiting-room/tickets/${t._id}/skip`, { version: t.version });
    expect(skip.statusCode).toBe(200);
    const stale = await post(`/api/waiting-room/tickets/${t._id}/call`, { version: t.version });
    expect([stale.statusCode, body(stale).message.code]).toEqual([409, 'STALE_RECORD']);
    // Called in by the doctor: no longer the queue's to call.
    expect((await setStatus(ctx, a.token, t.appointment, 'in_consultation')).statusCode).toBe(200);
    const current = (await get<TicketDetail>(`/api/waiting-room/tickets/${t._id}`)).body.data;
    expect(current.state).toBe('in_consultation');
    const refused = await post(`/api/waiting-room/tickets/${t._id}/call`, { version: current.version }, a.token, 'ar');
    expect([refused.statusCode, body(refused).message.code]).toEqual([409, 'TICKET_NOT_IN_QUEUE']);
    expect(body(refused).message.message).toBe('الرقم 001 لم يعد في قائمة الانتظار (في الكشف).');
    const [row] = await db().select().from(queueTickets).where(eq(queueTickets.id, t._id));
    expect(row).toMatchObject({ state: 'skipped', callCount: 0, version: current.version });
    const nothing = await ctx.app.inject({ method: 'PATCH', url: `/api/waiting-room/tickets/${t._id}`, headers: auth(a.token), payload: { version: current.version } });
    expect(body(nothing).message.code).toBe('VALIDATION_FAILED');
    // A doctor who does not work at the clinic is no place to send a waiting patient.
    const other = await queueClinic(db(), a.companyId, { doctors: 1 });
    const waiting = await arrive(q);
    const away = await ctx.app.inject({
      method: 'PATCH', url: `/api/waiting-room/tickets/${waiting._id}`, headers: auth(a.token, 'ar'), payload: { version: waiting.version, doctor: other.doctors[0] },
    });
    expect([away.statusCode, body(away).message.code]).toEqual([422, 'DOCTOR_NOT_AT_CLINIC']);
    expect(body(away).message.fields.doctor).toMatch(/[\u0600-\u06FF]/);
    const [still] = await db().select().from(queueTickets).where(eq(queueTickets.id, waiting._id));
    expect(still).toMatchObject({ doctorId: q.doctors[0], version: waiting.version });
  });
});

describe('after the clinic\'s midnight', () => {
  it('keeps a patient checked in at 23:50 in the queue at 00:10: call next calls them, and the queue, the board and their page show them', async () => {
    const q = await queueClinic(db(), a.companyId, { doctors: 1 });
    // Paired on the real clock (its one-time code's challenge is kept on it).
    now = new Date();
    const screen = await pairedDisplay(ctx, a.token, { clinic: q.clinic, name: 'Night hall' });
    now = new Date('2026-03-09T20:50:00Z'); // 23:50 in Riyadh
    const t = await arrive(q);
    const [row] = await db().select().from(queueTickets).where(eq(queueTickets.id, t._id));
    const token = decodeURIComponent(/token=(.+)$/.exec(await queueLink({ config: ctx.config }, a.companyId, row!, now))![1]!);
    const page = async () => {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/public/queue?token=${encodeURIComponent(token)}` });
      expect(res.statusCode, res.body).toBe(200);
      return body(res).data as PublicTicketView;
    };

    minutes(20); // 00:10 on 10 March in Riyadh
    const view = await queue(q.clinic);
    expect(view.day).toBe('2026-03-10');
    expect(view.tickets.map((x) => [x._id, x.state, x.position])).toEqual([[t._id, 'waiting', 0]]);
    expect(view.doctors[0]).toMatchObject({ waiting: 1 });
    expect((await readBoard(ctx, screen.token)).waiting.map((w: { label: string }) => w.label)).toEqual(['001']);
    expect(await page()).toMatchObject({ label: '001', state: 'waiting', position: 0 });

    const called = await post('/api/waiting-room/call-next', { clinic: q.clinic });
    expect(called.statusCode, called.body).toBe(200);
    expect(body(called).data).toMatchObject({ _id: t._id, state: 'called', day: '2026-03-09' });
    const b = await readBoard(ctx, screen.token);
    expect([b.calls[0]?.label, b.waiting]).toEqual(['001', []]);
    expect(await page()).toMatchObject({ label: '001', state: 'called' });
    expect((await queue(q.clinic)).doctors[0]!.current).toMatchObject({ _id: t._id });
  });
});

describe('a ticket\'s history', () => {
  it('names who acted from the ticket\'s own company, even when another company has an employee with the same id', async () => {
    now = new Date('2026-03-10T06:00:00Z');
    const q = await queueClinic(db(), a.companyId, { doctors: 1 });
    const t = await arrive(q);
    // Employees are keyed by company and id: another company may hold the same id.
    await db().insert(employees).values({ companyId: b.companyId, id: a.adminId, publicId: 'EMP-TWIN', name: 'Twin Of Another Company', employeeType: 'Administrative' });
    const detail = await get<TicketDetail>(`/api/waiting-room/tickets/${t._id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data.history.map((h) => h.actor?.name)).toEqual([a.adminName]);
    // The actor is matched on the event's own columns, never on the employee's (which would always be true).
    const text = ticketHistory(db(), a.companyId, t._id).toSQL().sql;
    expect(text).toContain('e.company_id = "queue_ticket_events"."company_id" and e.id = "queue_ticket_events"."actor_id"');
  });
});

describe('estimates', () => {
  it('estimates from the booked length until the doctor has a pace today, then from the pace', async () => {
    now = new Date('2026-03-07T06:00:00Z');
    // A 15-minute service.
    const q = await queueClinic(db(), a.companyId, { doctors: 1, minutes: 15 });
    const tickets = [await arrive(q), await arrive(q), await arrive(q)];
    // Nobody with the doctor yet: 0, 15 and 30 minutes by the booked length.
    expect(tickets.map((t) => [t.estimatedWaitMinutes, t.estimateBasis])).toEqual([[0, 'nominal'], [15, 'nominal'], [30, 'nominal']]);
    for (let i = 0; i < 6; i++) await arrive(q);
    // Calls 8 and 12 minutes apart: a pace of 10 minutes.
    const call = () => post('/api/waiting-room/call-next', { clinic: q.clinic });
    await call();
    minutes(8);
    await call();
    minutes(12);
    await call();
    minutes(4);
    const view = await queue(q.clinic);
    expect(view.doctors[0]).toMatchObject({ paceMinutes: 10, paceBasis: 'today', waiting: 6 });
    // Next: 10 − 4 minutes left of the current patient; then one pace more per ticket ahead.
    expect(view.tickets.filter((t) => t.state === 'waiting').map((t) => t.estimatedWaitMinutes)).toEqual([6, 16, 26, 36, 46, 56]);
    // A newcomer now is told 6 × 10 + 6 = 66 minutes, and that estimate is kept.
    const late = await arrive(q);
    expect(late).toMatchObject({ estimatedWaitMinutes: 66, issuedEstimateMinutes: 66, estimateBasis: 'today' });
    expect(tickets[1]!.issuedEstimateMinutes).toBe(15);
  });
});

describe('settings', () => {
  it('has the defaults until saved, refuses a stale save and doctors of other clinics, in Arabic', async () => {
    const q = await queueClinic(db(), a.companyId);
    const elsewhere = await queueClinic(db(), a.companyId);
    const url = `/api/clinics/${q.clinic}/waiting-room-settings`;
    expect((await get(url)).body.data).toEqual({ clinic: q.clinic, prefixBy: 'none', prefixes: {}, rooms: {}, showNames: false, sendLink: true, announce: 'both', version: 0 });
    const put = (payload: object, lang?: string) => ctx.app.inject({ method: 'PUT', url, headers: auth(a.token, lang), payload: { prefixBy: 'none', prefixes: {}, rooms: {}, showNames: true, sendLink: true, announce: 'ar', ...payload } });
    const first = await put({});
    expect(body(first).data).toMatchObject({ showNames: true, announce: 'ar', version: 1 });
    expect(body(await put({})).message.code).toBe('STALE_RECORD');
    const foreignDoctor = await put({ version: 1, rooms: { [elsewhere.doctors[0]!]: 'Room 9' } }, 'ar');
    expect(foreignDoctor.statusCode).toBe(422);
    expect(body(foreignDoctor).message.fields[`rooms.${elsewhere.doctors[0]}`]).toBe('اختر أطباء يعملون في هذه العيادة.');
    const badPrefix = await put({ version: 1, prefixBy: 'doctor', prefixes: { [q.doctors[0]!]: 'a1' } });
    expect(badPrefix.statusCode).toBe(422);
    expect((await put({ version: 1, announce: 'en' })).statusCode).toBe(200);
    const audit = await db().select({ action: auditLog.action }).from(auditLog).where(and(eq(auditLog.entity, 'waiting_room_settings'), eq(auditLog.entityId, q.clinic)));
    expect(audit.map((r) => r.action)).toEqual(['create', 'update']);
  });
});

describe('another company', () => {
  it('answers 404 for another company\'s clinic and tickets, and changes nothing', async () => {
    now = new Date('2026-03-08T06:00:00Z');
    const q = await queueClinic(db(), a.companyId);
    const t = await arrive(q);
    expect((await get(`/api/waiting-room?clinic=${q.clinic}`, b.token)).status).toBe(404);
    expect((await get(`/api/waiting-room/tickets/${t._id}`, b.token)).status).toBe(404);
    expect((await get(`/api/clinics/${q.clinic}/waiting-room-settings`, b.token)).status).toBe(404);
    expect((await post('/api/waiting-room/call-next', { clinic: q.clinic }, b.token)).statusCode).toBe(404);
    for (const action of ['call', 'skip']) expect((await post(`/api/waiting-room/tickets/${t._id}/${action}`, { version: t.version }, b.token)).statusCode).toBe(404);
    const patch = await ctx.app.inject({ method: 'PATCH', url: `/api/waiting-room/tickets/${t._id}`, headers: auth(b.token), payload: { version: t.version, priority: 'urgent' } });
    expect(patch.statusCode).toBe(404);
    expect((await get(`/api/waiting-room/accuracy?clinic=${q.clinic}`, b.token)).status).toBe(404);
    const [row] = await db().select().from(queueTickets).where(eq(queueTickets.id, t._id));
    expect(row).toMatchObject({ state: 'waiting', version: t.version });
  });
});
