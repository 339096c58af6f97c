import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueueView } from '@clinic/shared';
import { queueCounters, queueTickets, waitingRoomSettings } from '../db/schema/index.js';
import { auth, body, createOrg, createTestContext, seedOrgData, type TestContext, type TestOrg } from '../test/harness.js';
import { seedWaitingRoom } from './waiting-room.js';

// A Tuesday, 11:00 in Riyadh: the demo's clinics are open and the morning's patients have arrived.
const now = new Date('2026-03-03T08:00:00Z');
let ctx: TestContext;
let org: TestOrg;

beforeAll(async () => {
  ctx = await createTestContext({}, { clock: () => now });
  org = await createOrg(ctx);
  await seedOrgData(ctx, org.companyId, now);
  await seedWaitingRoom(ctx.database.db, org.companyId, now);
}, 120_000);
afterAll(() => ctx.close());

describe('the demo\'s waiting rooms', () => {
  it('number each clinic\'s tickets by doctor from 1, with rooms, and show today\'s queue', async () => {
    const db = ctx.database.db;
    const settings = await db.select().from(waitingRoomSettings).where(eq(waitingRoomSettings.companyId, org.companyId));
    expect(settings.length).toBeGreaterThan(0);
    const tickets = await db.select().from(queueTickets).where(eq(queueTickets.companyId, org.companyId));
    expect(tickets.length).toBeGreaterThan(0);
    const byLine = new Map<string, number[]>();
    for (const t of tickets) {
      const s = settings.find((x) => x.clinicId === t.clinicId)!;
      expect(s.prefixBy).toBe('doctor');
      expect(t.prefix).toBe(s.prefixes[t.doctorId]);
      expect(t.room).toBe(s.rooms[t.doctorId]);
      byLine.set(`${t.clinicId}/${t.prefix}`, [...(byLine.get(`${t.clinicId}/${t.prefix}`) ?? []), t.number]);
    }
    const counters = await db.select().from(queueCounters).where(eq(queueCounters.companyId, org.companyId));
    for (const [line, numbers] of byLine) {
      expect(numbers.sort((a, b) => a - b), line).toEqual(numbers.map((_, i) => i + 1));
      expect(counters.find((c) => `${c.clinicId}/${c.prefix}` === line)?.last, line).toBe(numbers.length);
    }
    const clinic = tickets[0]!.clinicId;
    const res = await ctx.app.inject({ method: 'GET', url: `/api/waiting-room?clinic=${clinic}`, headers: auth(org.token) });
    const view = body(res).data as QueueView;
    expect(view.day).toBe(tickets[0]!.day);
    expect(view.tickets).toHaveLength(tickets.filter((t) => t.clinicId === clinic).length);
  });
});
