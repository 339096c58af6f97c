import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, body, createOrg, createTestContext, type TestContext, type TestOrg } from '../../test/harness.js';
import { booked, queueClinic, setStatus, type QueueClinic } from '../waiting-room/fixtures.js';
import { listen, openDisplayStream, pairedDisplay, readBoard, until } from './fixtures.js';

/*
 * The display with the waiting room's staff side: a check-in gives a ticket that the board lists as waiting, "call
 * next" puts it on the board as the latest call with its room, a recall is a new call to announce, and every step
 * tells the screen's open stream to refetch. A later transfer does not move a call already shown.
 */

let ctx: TestContext;
let org: TestOrg;
let q: QueueClinic;
let base: string;
let doctorName: string;

beforeAll(async () => {
  ctx = await createTestContext();
  org = await createOrg(ctx, { name: 'Al Noor Medical' });
  q = await queueClinic(ctx.database.db, org.companyId, { doctors: 1, name: 'Olaya Clinic' });
  const [doctor] = await ctx.database.query<{ name: string }>(`select name from employees where id = $1`, [q.doctors[0]]);
  doctorName = doctor!.name;
  const saved = await ctx.app.inject({
    method: 'PUT', url: `/api/clinics/${q.clinic}/waiting-room-settings`, headers: auth(org.token),
    payload: { prefixBy: 'doctor', prefixes: { [q.doctors[0]!]: 'A' }, rooms: { [q.doctors[0]!]: 'Room 3' }, showNames: false, sendLink: false, announce: 'ar' },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  base = await listen(ctx);
});
afterAll(() => ctx?.close());

const boardOf = (token: string) => readBoard(ctx, token);

describe('a display follows the waiting room', () => {
  it('lists a checked-in patient as waiting, shows "call next" as the latest call with its room, and a recall as a new call', async () => {
    const hall = await pairedDisplay(ctx, org.token, { clinic: q.clinic, name: 'Waiting hall' });
    const elsewhere = await pairedDisplay(ctx, org.token, { clinic: q.clinic, name: 'Room 9 door', room: 'Room 9' });
    const stream = await openDisplayStream(base, hall.token);
    const heard = () => stream.state.events.filter((e) => e === 'queue').length;
    try {
      const visit = await booked(ctx.database.db, org.companyId, q, { around: new Date(), name: 'Huda Saleh' });
      expect((await setStatus(ctx, org.token, visit.id, 'arrived')).statusCode).toBe(200);
      expect(await until(() => heard() >= 1)).toBe(true);
      const waiting = await boardOf(hall.token);
      expect(waiting.waiting).toEqual([{ label: 'A-001', room: 'Room 3', patientName: null }]);
      expect(waiting.calls).toEqual([]);
      expect(waiting.announce).toBe('ar');

      const before = heard();
      const called = await ctx.app.inject({ method: 'POST', url: '/api/waiting-room/call-next', headers: auth(org.token), payload: { clinic: q.clinic } });
      expect(called.statusCode, called.body).toBe(200);
      expect(await until(() => heard() > before)).toBe(true);
      const shown = await boardOf(hall.token);
      expect(shown.calls).toHaveLength(1);
      expect(shown.calls[0]).toMatchObject({ label: 'A-001', room: 'Room 3', doctor: doctorName, patientName: null, recall: false });
      expect(shown.waiting).toEqual([]);
      expect(JSON.stringify(shown)).not.toContain('Huda');
      // A display of another room shows none of it.
      expect(await boardOf(elsewhere.token)).toMatchObject({ calls: [], waiting: [] });

      const ticket = body(called).data as { _id: string; version: number };
      const recalled = await ctx.app.inject({ method: 'POST', url: `/api/waiting-room/tickets/${ticket._id}/call`, headers: auth(org.token), payload: { version: ticket.version } });
      expect(recalled.statusCode, recalled.body).toBe(200);
      const again = await boardOf(hall.token);
      expect(again.calls.map((c: { label: string; recall: boolean }) => [c.label, c.recall])).toEqual([['A-001', true], ['A-001', false]]);
      expect(again.calls[0].id).not.toBe(again.calls[1].id);

      // Sent to Room 5 afterwards: the calls already shown keep the room they called to.
      const moved = await ctx.app.inject({
        method: 'PATCH', url: `/api/waiting-room/tickets/${ticket._id}`, headers: auth(org.token), payload: { version: body(recalled).data.version, room: 'Room 5' },
      });
      expect(moved.statusCode, moved.body).toBe(200);
      expect((await boardOf(hall.token)).calls.map((c: { room: string }) => c.room)).toEqual(['Room 3', 'Room 3']);
      expect(stream.state.ended).toBe(false);
    } finally {
      await stream.close();
    }
  });
});
