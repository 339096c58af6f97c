import { and, asc, eq } from 'drizzle-orm';
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
