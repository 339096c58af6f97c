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

    expect(await seedDemo(ctx.database.db)).toEqual({ created: false, companyId: seeded.companyId });
  }, 300_000);
});
