import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, employees, invoices, orders, patients } from '../db/schema/index.js';
import { createTestContext, login, type TestContext } from '../test/harness.js';
import { DEMO_ADMIN, seedDemo } from './demo.js';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(() => ctx.close());

async function rows(table: typeof companies | typeof employees | typeof patients | typeof invoices | typeof orders): Promise<number> {
  const [row] = await ctx.database.db.select({ n: count() }).from(table);
  return Number(row!.n);
}

describe('seedDemo', () => {
  it('leaves nothing behind when a first start stops half-way, and the next start builds the whole demo', async () => {
    // The demo's last step (the orders) fails, as a first start stopped (Ctrl-C, a kill) while it seeds would.
    const db = ctx.database.db;
    await db.execute(sql.raw(`create function stop_seeding() returns trigger language plpgsql as $$ begin raise exception 'stopped while seeding'; end $$`));
    await db.execute(sql.raw('create trigger stop_seeding before insert on orders for each statement execute function stop_seeding()'));
    await expect(seedDemo(db)).rejects.toMatchObject({ cause: expect.objectContaining({ message: 'stopped while seeding' }) });
    await db.execute(sql.raw('drop trigger stop_seeding on orders'));
    expect([await rows(companies), await rows(employees), await rows(patients), await rows(invoices)]).toEqual([0, 0, 0, 0]);

    const seeded = await seedDemo(ctx.database.db);
    expect(seeded.created).toBe(true);
    expect(await rows(patients)).toBeGreaterThan(0);
    expect(await rows(invoices)).toBeGreaterThan(0);
    expect(await rows(orders)).toBeGreaterThan(0);
    expect((await login(ctx, DEMO_ADMIN.username, DEMO_ADMIN.password)).accessToken).toEqual(expect.any(String));
    // One visit's note is sensitive: another doctor's, of a patient the demo doctor also sees, with what it recorded.
    const [sensitive] = await ctx.database.query<{ patient_id: string; mine: boolean; diagnoses: number }>(
      `select e.patient_id, e.doctor_id = d.id as mine,
         (select count(*)::int from encounter_diagnoses x where x.company_id = e.company_id and x.encounter_id = e.id) as diagnoses
       from encounter_notes n join encounters e on e.company_id = n.company_id and e.id = n.encounter_id
       join employees d on d.company_id = e.company_id and d.username = 'doctor' where n.sensitive`,
    );
    expect(sensitive).toMatchObject({ mine: false, diagnoses: 2 });
    const doctor = (await login(ctx, 'doctor', DEMO_ADMIN.password)).accessToken;
    const problems = await ctx.app.inject({ method: 'GET', url: `/api/patients/${sensitive!.patient_id}/problems`, headers: { authorization: `Bearer ${doctor}` } });
    expect(problems.statusCode, problems.body).toBe(200);
    expect(problems.json().data.some((p: { restricted: boolean }) => p.restricted)).toBe(true);

    // The reminder outbox has history: texts by SMS and e-mail, and by WhatsApp with what WhatsApp reported of them.
    const admin = (await login(ctx, DEMO_ADMIN.username, DEMO_ADMIN.password)).accessToken;
    const channels = await ctx.database.query<{ channel: string }>(`select distinct channel from reminders where status = 'sent' order by channel`);
    expect(channels.map((c) => c.channel)).toEqual(['email', 'sms', 'whatsapp']);
    const outbox = await ctx.app.inject({ method: 'GET', url: '/api/reminders?status=sent&limit=30', headers: { authorization: `Bearer ${admin}` } });
    expect(outbox.statusCode, outbox.body).toBe(200);
    const sent = outbox.json().data as Array<{ channel: string; delivery: string | null }>;
    expect(sent.length).toBe(30);
    expect(sent.filter((x) => x.channel === 'whatsapp').every((x) => x.delivery !== null)).toBe(true);
    expect(sent.filter((x) => x.channel !== 'whatsapp').every((x) => x.delivery === null)).toBe(true);

    // The receptionist opens on the clinic with the fullest day: the board of today with the most visits on it.
    const reception = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'reception', password: DEMO_ADMIN.password } });
    const desk = reception.json().data as { accessToken: string; user: { preferences: { clinicId: string | null } } };
    const deskAuth = { authorization: `Bearer ${desk.accessToken}` };
    const visitsToday = async (clinicId: string) => {
      const board = await ctx.app.inject({ method: 'GET', url: `/api/appointments/board?clinic=${clinicId}`, headers: deskAuth });
      expect(board.statusCode, board.body).toBe(200);
      return Object.values(board.json().data.counts as Record<string, number>).reduce((a, b) => a + b, 0);
    };
    const clinicIds = (await ctx.database.query<{ id: string }>('select id from clinics')).map((c) => c.id);
    const busiest = Math.max(...(await Promise.all(clinicIds.map(visitsToday))));
    expect(await visitsToday(desk.user.preferences.clinicId!)).toBe(busiest);

    expect(await seedDemo(ctx.database.db)).toEqual({ created: false, companyId: seeded.companyId });
  }, 300_000);
});
