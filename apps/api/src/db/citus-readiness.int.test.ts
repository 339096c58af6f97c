import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/harness.js';

/**
 * Whether the schema can be distributed by company with Citus (docs/deploy.md, "Growing past one database machine"):
 * Citus enforces a primary key or unique index of a distributed table only when it includes the distribution column,
 * so on every tenant table (one with `company_id`) each must lead with `company_id`. Read from the migrated catalogue,
 * so hand-written SQL (extras) counts too.
 */
/** Tables meant to be Citus reference tables (copied to every machine): global by design. */
const REFERENCE_TABLES: Record<string, string> = {
  sign_in_names: 'one sign-in name, one account, across companies',
};
/**
 * Tables to keep on the coordinator rather than distribute (docs/deploy.md says why). Each needs a reason here.
 */
const LOCAL_TABLES: Record<string, string> = {
  audit_log: 'holds rows without a company (sign-in attempts for unknown names); its serial id is its key',
};

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(() => ctx.close());

describe('Citus readiness', () => {
  it('every primary key and unique index of a tenant table leads with company_id', async () => {
    const rows = await ctx.database.query<{ tbl: string; idx: string; def: string; first: string | null }>(
      `select c.relname as tbl, i.relname as idx, pg_get_indexdef(i.oid) as def,
              (select a.attname from pg_attribute a where a.attrelid = c.oid and a.attnum = x.indkey[0]) as first
         from pg_index x
         join pg_class c on c.oid = x.indrelid
         join pg_class i on i.oid = x.indexrelid
         join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and (x.indisunique or x.indisprimary)
          and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'company_id' and not a.attisdropped)
        order by 1, 2`,
    );
    expect(rows.length).toBeGreaterThan(20);
    const offending = rows
      .filter((r) => r.first !== 'company_id' && !(r.tbl in REFERENCE_TABLES) && !(r.tbl in LOCAL_TABLES))
      .map((r) => `${r.tbl}: ${r.def}`);
    expect(offending).toEqual([]);
  });

  it('the tables left out of the rule exist and really are what they are said to be', async () => {
    const tables = await ctx.database.query<{ tbl: string; nullable: boolean }>(
      `select table_name as tbl, is_nullable = 'YES' as nullable from information_schema.columns
        where table_schema = 'public' and column_name = 'company_id' and table_name = any($1)`,
      [[...Object.keys(REFERENCE_TABLES), ...Object.keys(LOCAL_TABLES)]],
    );
    expect(tables.map((t) => t.tbl).sort()).toEqual([...Object.keys(REFERENCE_TABLES), ...Object.keys(LOCAL_TABLES)].sort());
    // The audit log really has rows without a company: they could not be placed on a machine by company.
    expect(tables.find((t) => t.tbl === 'audit_log')?.nullable).toBe(true);
  });

  it('sign-in names are unique across companies through sign_in_names, kept with the account in its transaction', async () => {
    const { createOrg, TEST_PASSWORD } = await import('../test/harness.js');
    const { createAccount } = await import('../modules/organisation/provision.js');
    const a = await createOrg(ctx);
    const b = await createOrg(ctx);
    const names = async () => (await ctx.database.query<{ kind: string; name: string }>(
      `select kind, name from sign_in_names where company_id = $1 order by kind, name`, [b.companyId])).map((r) => `${r.kind}:${r.name}`);
    // B's admin name is taken for A, in either case; the refused account leaves no row and no name behind.
    const taken = createAccount(ctx.database.db, a.companyId, new Map(), {
      name: 'Copy', username: b.adminUsername.toUpperCase(), email: 'copy@example.test', password: TEST_PASSWORD, employeeType: 'Employee', roleNames: [],
    });
    await expect(taken).rejects.toThrow();
    const [left] = await ctx.database.query<{ n: number }>(`select count(*)::int as n from sign_in_names where name = 'copy@example.test'`);
    expect(left!.n).toBe(0);
    expect(await names()).toEqual([`email:${b.adminUsername}@example.test`, `username:${b.adminUsername}`]);
    // Renaming frees the old name; deleting the company's accounts frees theirs.
    await ctx.database.query(`update employees set username = 'renamed_' || username where company_id = $1`, [b.companyId]);
    expect(await names()).toEqual([`email:${b.adminUsername}@example.test`, `username:renamed_${b.adminUsername}`]);
    await ctx.database.query(`delete from refresh_tokens where company_id = $1`, [b.companyId]);
    await ctx.database.query(`delete from companies where id = $1`, [b.companyId]);
    expect(await names()).toEqual([]);
  });
});
