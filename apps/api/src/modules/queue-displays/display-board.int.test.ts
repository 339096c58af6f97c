import { addDays, DISPLAY_RECENT_CALLS } from '@clinic/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queueDisplays, waitingRoomSettings } from '../../db/schema/index.js';
import type { Deps } from '../../lib/app-types.js';
import { systemContext } from '../../lib/request-context.js';
import { closeCompany } from '../companies/companies.service.js';
import { createOrg, createTestContext, type TestContext, type TestOrg } from '../../test/harness.js';
import { addDisplay, board, listen, openDisplayStream, pair, pairedDisplay, queueClinic, readBoard, ticket, until, type QueueClinic } from './fixtures.js';

/*
 * What a paired screen shows: its clinic's (or room's) calls of today, newest first, and the numbers still waiting in
 * call order; numbers and rooms only unless the clinic shows names. Its live stream tells it to refetch whenever its
 * clinic's queue or appointments change, and nothing of another clinic or organisation. The tickets and calls are
 * written straight into the tables, as the staff side writes them.
 */

let ctx: TestContext;
let org: TestOrg;
let other: TestOrg;
let q: QueueClinic;
let base: string;
let hall: { id: string; token: string };
let room2: { id: string; token: string };

beforeAll(async () => {
  ctx = await createTestContext();
  org = await createOrg(ctx, { name: 'Al Noor Medical' });
  other = await createOrg(ctx, { name: 'Dar Al Shifa' });
  const db = ctx.database.db;
  q = await queueClinic(db, org.companyId);
  // Called: A-001 (room 1, recalled since), A-002 (room 2), A-003 (room 1); yesterday's call of a visit since seen is
  // not the queue's (one still open would be: the waiting room's tests after midnight).
  await ticket(db, org.companyId, q, { number: 1, prefix: 'A', patient: 'Huda Saleh', room: 'Room 1', calls: [{ minutesAgo: 30 }, { minutesAgo: 5, recall: true }] });
  await ticket(db, org.companyId, q, { number: 2, prefix: 'A', patient: 'Omar Nasser', room: 'Room 2', calls: [{ minutesAgo: 20 }] });
  await ticket(db, org.companyId, q, { number: 3, prefix: 'A', patient: 'Laila Saeed', room: 'Room 1', calls: [{ minutesAgo: 10 }] });
  await ticket(db, org.companyId, q, { number: 9, prefix: 'A', patient: 'Yesterday Patient', room: 'Room 1', day: addDays(q.day, -1), status: 'completed', calls: [{ minutesAgo: 1 }] });
  // Waiting: A-004 (normal), A-005 (urgent, room 2), A-006 (elderly), A-007 (in consultation: not waiting any more), A-008 (skipped).
  await ticket(db, org.companyId, q, { number: 4, prefix: 'A', patient: 'Sara Ali', room: 'Room 1' });
  await ticket(db, org.companyId, q, { number: 5, prefix: 'A', patient: 'Khalid Omar', room: 'Room 2', priority: 'urgent' });
  await ticket(db, org.companyId, q, { number: 6, prefix: 'A', patient: 'Fatima Zahra', room: 'Room 1', priority: 'elderly' });
  await ticket(db, org.companyId, q, { number: 7, prefix: 'A', patient: 'Nour Hassan', room: 'Room 1', status: 'in_consultation' });
  await ticket(db, org.companyId, q, { number: 8, prefix: 'A', patient: 'Ahmad Said', room: 'Room 1', state: 'skipped' });
  hall = await pairedDisplay(ctx, org.token, { clinic: q.clinic.id, name: 'Waiting hall' });
  room2 = await pairedDisplay(ctx, org.token, { clinic: q.clinic.id, name: 'Room 2 door', room: 'Room 2' });
  base = await listen(ctx);
});
afterAll(() => ctx?.close());

const boardOf = (token: string) => readBoard(ctx, token);

describe('the board of a paired display', () => {
  it('shows today\'s calls newest first (a recall marked) and the waiting numbers in call order, with rooms and no names', async () => {
    const b = await boardOf(hall.token);
    expect(b.display).toEqual({ name: 'Waiting hall', room: null });
    expect(b.clinic).toEqual({ name: 'Olaya Clinic', timeZone: 'Asia/Riyadh' });
    expect(b.announce).toBe('both');
    expect(b.calls.map((c: { label: string; room: string; recall: boolean }) => [c.label, c.room, c.recall])).toEqual([
      ['A-001', 'Room 1', true], ['A-003', 'Room 1', false], ['A-002', 'Room 2', false], ['A-001', 'Room 1', false],
    ]);
    expect(new Set(b.calls.map((c: { id: string }) => c.id)).size).toBe(4);
    expect(b.calls[0].doctor).toBe(q.doctor.name);
    expect(b.waiting).toEqual([
      { label: 'A-005', room: 'Room 2', patientName: null },
      { label: 'A-006', room: 'Room 1', patientName: null },
      { label: 'A-004', room: 'Room 1', patientName: null },
    ]);
    expect(b.calls.every((c: { patientName: string | null }) => c.patientName === null)).toBe(true);
    expect(JSON.stringify(b)).not.toMatch(/Huda|Omar|Laila|Sara|Khalid|Fatima/);
    expect(Math.abs(Date.parse(b.now) - Date.now())).toBeLessThan(60_000);
  });

  it('shows patients\' names beside their numbers once the clinic turns that on, and announces in its chosen language', async () => {
    await ctx.database.db.insert(waitingRoomSettings).values({ companyId: org.companyId, clinicId: q.clinic.id, showNames: true, announce: 'ar' });
    try {
      const b = await boardOf(hall.token);
      expect(b.announce).toBe('ar');
      expect(b.calls.slice(0, 2).map((c: { label: string; patientName: string }) => [c.label, c.patientName])).toEqual([['A-001', 'Huda Saleh'], ['A-003', 'Laila Saeed']]);
      expect(b.waiting.map((w: { patientName: string }) => w.patientName)).toEqual(['Khalid Omar', 'Fatima Zahra', 'Sara Ali']);
    } finally {
      await ctx.database.db.delete(waitingRoomSettings).where(eq(waitingRoomSettings.clinicId, q.clinic.id));
    }
  });

  it('a display of one room shows that room\'s calls and waiting numbers only', async () => {
    const b = await boardOf(room2.token);
    expect(b.display).toEqual({ name: 'Room 2 door', room: 'Room 2' });
    expect(b.calls.map((c: { label: string }) => c.label)).toEqual(['A-002']);
    expect(b.waiting.map((w: { label: string }) => w.label)).toEqual(['A-005']);
  });

  it(`keeps the latest ${DISPLAY_RECENT_CALLS} calls, and another clinic's calls never show`, async () => {
    const db = ctx.database.db;
    const other = await queueClinic(db, org.companyId, 'Malaz Clinic');
    await ticket(db, org.companyId, other, { number: 1, patient: 'Other Clinic Patient', room: 'Room 1', calls: [{ minutesAgo: 0 }] });
    const busy = await queueClinic(db, org.companyId, 'Busy Clinic');
    for (let n = 1; n <= DISPLAY_RECENT_CALLS + 2; n++) {
      await ticket(db, org.companyId, busy, { number: n, patient: `Busy ${n}`, calls: [{ minutesAgo: 60 - n }] });
    }
    const b = await boardOf(hall.token);
    expect(b.calls.map((c: { label: string }) => c.label)).not.toContain('001');
    const shown = await pairedDisplay(ctx, org.token, { clinic: busy.clinic.id, name: 'Busy hall' });
    const labels = (await boardOf(shown.token)).calls.map((c: { label: string }) => c.label);
    expect(labels).toEqual(['008', '007', '006', '005', '004', '003']);
  });

  it('notes when the screen was last seen, at most once a minute', async () => {
    await ctx.database.db.update(queueDisplays).set({ lastSeenAt: new Date(Date.now() - 5 * 60_000) }).where(eq(queueDisplays.id, hall.id));
    await boardOf(hall.token);
    const [seen] = await ctx.database.db.select().from(queueDisplays).where(eq(queueDisplays.id, hall.id));
    expect(Date.now() - seen!.lastSeenAt!.getTime()).toBeLessThan(60_000);
    const before = seen!.lastSeenAt!.getTime();
    await boardOf(hall.token);
    const [again] = await ctx.database.db.select().from(queueDisplays).where(eq(queueDisplays.id, hall.id));
    expect(again!.lastSeenAt!.getTime()).toBe(before);
  });
});

describe('the live stream of a display', () => {
  it('tells the screen to refetch on its clinic\'s queue and appointment changes, never on another clinic\'s or organisation\'s', async () => {
    const live = ctx.app.live!;
    const db = ctx.database.db;
    const stream = await openDisplayStream(base, hall.token);
    const foreign = await queueClinic(db, other.companyId, 'Dar Al Shifa Clinic');
    const theirs = await pairedDisplay(ctx, other.token, { clinic: foreign.clinic.id, name: 'Their hall' });
    const theirStream = await openDisplayStream(base, theirs.token);
    try {
      await live.publish(db, { c: org.companyId, t: 'queue', k: q.clinic.id });
      expect(await until(() => stream.state.events.filter((e) => e === 'queue').length === 1)).toBe(true);
      await live.publish(db, { c: org.companyId, t: 'appointment', a: 'x', k: q.clinic.id });
      expect(await until(() => stream.state.events.filter((e) => e === 'queue').length === 2)).toBe(true);
      // Another clinic of the organisation, the other organisation (with this clinic's id), a bell: nothing.
      await live.publish(db, { c: org.companyId, t: 'queue', k: foreign.clinic.id });
      await live.publish(db, { c: other.companyId, t: 'queue', k: q.clinic.id });
      await live.publish(db, { c: org.companyId, t: 'notification', r: [org.adminId] });
      await new Promise((r) => setTimeout(r, 300));
      expect(stream.state.events).toEqual(['ready', 'queue', 'queue']);
      expect(theirStream.state.events).toEqual(['ready']);
      expect(stream.state.ended).toBe(false);
    } finally {
      await stream.close();
      await theirStream.close();
    }
  });

  it('ends, the board refuses the token and a pending code pairs nothing, once the organisation is closed', async () => {
    const closing = await createOrg(ctx, { name: 'Closing Group' });
    const clinic = await queueClinic(ctx.database.db, closing.companyId);
    const shown = await pairedDisplay(ctx, closing.token, { clinic: clinic.clinic.id, name: 'Last hall' });
    const stream = await openDisplayStream(base, shown.token);
    const pending = await addDisplay(ctx, closing.token, { clinic: clinic.clinic.id, name: 'Second hall' });
    const deps: Deps = { config: ctx.config, database: ctx.database, db: ctx.database.db, tokens: null as never, callers: ctx.app.callers, live: ctx.app.live };
    await closeCompany(deps, systemContext(ctx.app.log), closing.companyId);
    expect(await until(() => stream.state.ended)).toBe(true);
    expect((await board(ctx, shown.token)).statusCode).toBe(401);
    // A code made before the closing pairs nothing.
    expect((await pair(ctx, pending.code)).statusCode).toBe(400);
    await stream.close();
  });

  it('ends when the server closes', async () => {
    const own = await createTestContext();
    const company = await createOrg(own);
    const clinic = await queueClinic(own.database.db, company.companyId);
    const shown = await pairedDisplay(own, company.token, { clinic: clinic.clinic.id, name: 'Closing hall' });
    const stream = await openDisplayStream(await listen(own), shown.token);
    await own.close();
    expect(await until(() => stream.state.ended)).toBe(true);
  });
});
