import { and, asc, eq } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TicketRecord } from '@clinic/shared';
import { appointments, queueTicketEvents, queueTickets } from '../../db/schema/index.js';
import { auth, body, contextWithOrg, type TestContext, type TestOrg } from '../../test/harness.js';
import { booked, queueClinic } from './fixtures.js';

/*
 * Desks working at the same moment. On PostgreSQL (DATABASE_URL) the requests really run side by side on a pool of
 * connections; on the embedded database they take turns, and the same answers must hold.
 */

let ctx: TestContext;
let a: TestOrg;

beforeAll(async () => {
  ({ ctx, org: a } = await contextWithOrg({ name: 'Busy Desk Org' }));
});
afterAll(() => ctx.close());

const db = () => ctx.database.db;
const send = (url: string, payload: object) => ctx.app.inject({ method: 'POST', url, headers: auth(a.token), payload });
const checkIn = (id: string, version: number) => ctx.app.inject({ method: 'PATCH', url: `/api/appointments/${id}`, headers: auth(a.token), payload: { status: 'arrived', version } });

describe('the waiting room under concurrency', () => {
  it('numbers 20 simultaneous check-ins 1 to 20, without a gap or a repeat', async () => {
    const q = await queueClinic(db(), a.companyId, { doctors: 4 });
    const visits = [];
    for (let i = 0; i < 20; i++) visits.push(await booked(db(), a.companyId, q, { doctor: q.doctors[i % 4], around: new Date(), phone: null }));
    const results = await Promise.all(visits.map((v) => checkIn(v.id, v.version)));
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(200));
    const tickets = await db().select({ number: queueTickets.number }).from(queueTickets)
      .where(and(eq(queueTickets.companyId, a.companyId), eq(queueTickets.clinicId, q.clinic))).orderBy(asc(queueTickets.number));
    expect(tickets.map((t) => t.number)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it('calls different patients when desks call "next" at the same moment', async () => {
    const q = await queueClinic(db(), a.companyId, { doctors: 1 });
    for (let i = 0; i < 6; i++) {
      const v = await booked(db(), a.companyId, q, { around: new Date(), phone: null });
      expect((await checkIn(v.id, v.version)).statusCode).toBe(200);
    }
    const call = () => ctx.app.inject({ method: 'POST', url: '/api/waiting-room/call-next', headers: auth(a.token), payload: { clinic: q.clinic } });
    const results = await Promise.all(Array.from({ length: 5 }, call));
    expect(results.map((r) => r.statusCode)).toEqual(Array(5).fill(200));
    const called = results.map((r) => body(r).data as TicketRecord);
    expect(new Set(called.map((c) => c._id)).size).toBe(5);
    // The first five in turn.
    expect(called.map((c) => c.label).sort()).toEqual(['001', '002', '003', '004', '005']);
    // Each call is recorded once; the sixth patient still waits.
    const events = await db().select({ ticketId: queueTicketEvents.ticketId }).from(queueTicketEvents)
      .where(and(eq(queueTicketEvents.clinicId, q.clinic), eq(queueTicketEvents.kind, 'called')));
    expect(events.map((e) => e.ticketId).sort()).toEqual(called.map((c) => c._id).sort());
    const waiting = await db().select({ state: queueTickets.state }).from(queueTickets)
      .innerJoin(appointments, and(eq(appointments.companyId, queueTickets.companyId), eq(appointments.id, queueTickets.appointmentId)))
      .where(and(eq(queueTickets.clinicId, q.clinic), eq(queueTickets.state, 'waiting')));
    expect(waiting).toHaveLength(1);
  });
});

/** Waits until one of the app's statements waits for a lock, or every request has answered; which one happened. */
async function untilWaitingOrDone(client: pg.Client, pending: Array<Promise<unknown>>): Promise<'waiting' | 'done'> {
  let done = 0;
  for (const p of pending) void p.finally(() => { done += 1; });
  for (let i = 0; i < 400; i++) {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and wait_event_type = 'Lock'`);
    if (rows[0]!.n >= 1) return 'waiting';
    if (done === pending.length) return 'done';
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('neither waiting nor done');
}

describe.skipIf(!process.env.DATABASE_URL)('a visit cancelled while it is being called (PostgreSQL)', () => {
  /** A checked-in visit, then its cancellation held open on a second connection while `act` runs: `act`'s answer. */
  async function cancelledMeanwhile(act: (ticket: TicketRecord) => ReturnType<typeof send>) {
    const q = await queueClinic(db(), a.companyId, { doctors: 1 });
    const v = await booked(db(), a.companyId, q, { around: new Date(), phone: null });
    expect((await checkIn(v.id, v.version)).statusCode).toBe(200);
    const queue = body(await ctx.app.inject({ method: 'GET', url: `/api/waiting-room?clinic=${q.clinic}`, headers: auth(a.token) })).data;
    const ticket = queue.tickets[0] as TicketRecord;
    const client = new pg.Client({ connectionString: ctx.databaseUrl });
    await client.connect();
    try {
      // What a cancellation does to the visit, not committed yet.
      await client.query('begin');
      await client.query(`update appointments set status = 'cancelled', cancelled_at = now(), version = version + 1 where company_id = $1 and id = $2`, [a.companyId, v.id]);
      const pending = act(ticket);
      // The call waits for the cancellation instead of reading the visit as it was before it.
      expect(await untilWaitingOrDone(client, [pending])).toBe('waiting');
      await client.query('commit');
      const res = await pending;
      const [row] = await db().select({ state: queueTickets.state, callCount: queueTickets.callCount }).from(queueTickets).where(eq(queueTickets.id, ticket._id));
      return { res, row: row! };
    } finally {
      await client.query('rollback').catch(() => undefined);
      await client.end();
    }
  }

  it('call next passes over a visit whose cancellation commits meanwhile', async () => {
    const { res, row } = await cancelledMeanwhile((t) => send('/api/waiting-room/call-next', { clinic: t.clinic._id }));
    expect([res.statusCode, body(res).message.code]).toEqual([409, 'NO_ONE_WAITING']);
    expect(row).toEqual({ state: 'waiting', callCount: 0 });
  });

  it('calling a ticket refuses it once its visit\'s cancellation commits meanwhile', async () => {
    const { res, row } = await cancelledMeanwhile((t) => send(`/api/waiting-room/tickets/${t._id}/call`, { version: t.version }));
    expect([res.statusCode, body(res).message.code]).toEqual([409, 'TICKET_NOT_IN_QUEUE']);
    expect(row).toEqual({ state: 'waiting', callCount: 0 });
  });
});
