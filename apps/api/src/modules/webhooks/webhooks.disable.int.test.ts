import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { employees, invitations, notifications } from '../../db/schema/index.js';
import { auth, body, createOrg, createTestContext, signInStaff, type TestContext, type TestOrg } from '../../test/harness.js';
import { startSmtpSink, type SmtpSink } from '../../test/messaging-sinks.js';
import { WEBHOOK_JOB } from './webhooks.delivery.js';
import { WEBHOOK_DISABLED_EMAIL_JOB } from './webhooks.email.js';

/** A receiver answering `status` to everything. */
async function startReceiver() {
  const state = { status: 500, hits: 0 };
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => { state.hits += 1; res.writeHead(state.status).end(); });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { state, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const HOUR = 3_600_000;
let ctx: TestContext;
let org: TestOrg;
let smtp: SmtpSink;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
let clock = new Date('2026-03-02T08:00:00Z');
let arabicAdmin: { id: string; email: string };
const goneEmail = 'wh_gone_admin@example.test';

beforeAll(async () => {
  smtp = await startSmtpSink();
  receiver = await startReceiver();
  ctx = await createTestContext({ webhooksAllowPrivateTargets: true, smtpUrl: smtp.url, smtpFrom: 'Clinic <no-reply@clinic.example>' }, { clock: () => clock });
  org = await createOrg(ctx);
  const email = 'wh_ar_admin@example.test';
  await signInStaff(ctx, org, { name: 'Huda Admin', username: 'wh_ar_admin', email, employeeType: 'Admin', roleNames: ['Admin'] });
  const [row] = await ctx.database.db.select({ id: employees.id }).from(employees).where(and(eq(employees.companyId, org.companyId), eq(employees.email, email)));
  arabicAdmin = { id: row!.id, email };
  // She was invited in Arabic: her e-mails are in Arabic.
  await ctx.database.db.insert(invitations).values({ companyId: org.companyId, employeeId: row!.id, email, language: 'ar', expiresAt: new Date('2026-01-01T00:00:00Z') });
  // An administrator no longer active gets nothing.
  await signInStaff(ctx, org, { name: 'Gone Admin', username: 'wh_gone_admin', email: goneEmail, employeeType: 'Admin', roleNames: ['Admin'] });
  await ctx.database.db.update(employees).set({ isActive: false }).where(and(eq(employees.companyId, org.companyId), eq(employees.email, goneEmail)));
});
afterAll(async () => {
  await ctx.close();
  await smtp.close();
  await receiver.close();
});
beforeEach(() => {
  smtp.messages.length = 0;
  receiver.state.status = 500;
});

async function createEndpoint() {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/webhooks', headers: auth(org.token), payload: { url: receiver.url, events: ['invoice.paid'] } });
  expect(res.statusCode).toBe(201);
  return body(res).data as { _id: string };
}

/** At `at` on the app's clock: a test event sent and every due delivery tried. */
async function testEventAt(endpointId: string, at: Date) {
  clock = at;
  expect((await ctx.app.inject({ method: 'POST', url: `/api/webhooks/${endpointId}/test`, headers: auth(org.token) })).statusCode).toBe(201);
  await ctx.app.jobs.runDue(clock, 100, [WEBHOOK_JOB]);
}

async function shown(endpointId: string) {
  return body(await ctx.app.inject({ method: 'GET', url: `/api/webhooks/${endpointId}`, headers: auth(org.token) })).data as { enabled: boolean; consecutiveFailures: number; disabledReason: string | null };
}

describe('an endpoint failing for a day', () => {
  it('is turned off 24 hours after its first failure, well before 20 failures, and its people are e-mailed in their language', async () => {
    const endpoint = await createEndpoint();
    const start = clock.getTime();
    await testEventAt(endpoint._id, new Date(start));
    await testEventAt(endpoint._id, new Date(start + 23 * HOUR));
    const before = await shown(endpoint._id);
    expect(before.enabled).toBe(true);
    expect(before.consecutiveFailures).toBeLessThan(20);
    await testEventAt(endpoint._id, new Date(start + 24 * HOUR));
    const after = await shown(endpoint._id);
    expect(after.enabled).toBe(false);
    expect(after.consecutiveFailures).toBeLessThan(20);
    expect(after.disabledReason).toBe('Turned off after failing for 24 hours');
    const bell = await ctx.database.db.select().from(notifications).where(and(eq(notifications.companyId, org.companyId), eq(notifications.kind, 'webhook_disabled')));
    expect(bell.map((n) => n.recipientId).sort()).toEqual([org.adminId, arabicAdmin.id].sort());
    // Audited as the system's change.
    const audit = await ctx.database.query<{ actor_id: string | null; changes: { after: { enabled: boolean } } }>(
      `select actor_id, changes from audit_log where company_id = $1 and entity = 'webhook_endpoint' and entity_id = $2 and action = 'update'`, [org.companyId, endpoint._id]);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_id: null, changes: { after: { enabled: false } } });

    await ctx.app.jobs.runDue(clock, 100, [WEBHOOK_DISABLED_EMAIL_JOB]);
    const to = (m: (typeof smtp.messages)[number]) => (Array.isArray(m.to) ? m.to : [m.to]).flatMap((a) => a?.value.map((v) => v.address) ?? []);
    const recipients = smtp.messages.flatMap(to).sort();
    expect(recipients).toEqual([`${org.adminUsername}@example.test`, arabicAdmin.email].sort());
    expect(recipients).not.toContain(goneEmail);
    const english = smtp.messages.find((m) => to(m).includes(`${org.adminUsername}@example.test`))!;
    expect(english.subject).toBe('A webhook endpoint was turned off');
    expect(english.text).toContain(receiver.url);
    expect(english.text).toContain('failing for 24 hours');
    const arabic = smtp.messages.find((m) => to(m).includes(arabicAdmin.email))!;
    expect(arabic.subject).toBe('أُوقفت نقطة استقبال خطاف');
    expect(arabic.text).toContain(receiver.url);
    expect(arabic.html).toContain('dir="rtl"');
  });

  it('stays on when its warnings cannot be written, and is turned off with them at the next failure', async () => {
    const endpoint = await createEndpoint();
    const start = clock.getTime();
    await testEventAt(endpoint._id, new Date(start));
    const bells = async () => (await ctx.database.db.select().from(notifications).where(and(eq(notifications.companyId, org.companyId), eq(notifications.entityId, endpoint._id)))).length;
    await ctx.database.query(`create function wh_bell_unavailable() returns trigger language plpgsql as $$ begin raise exception 'the bell is unavailable'; end $$`);
    await ctx.database.query('create trigger wh_bell_unavailable before insert on notifications for each row execute function wh_bell_unavailable()');
    try {
      await testEventAt(endpoint._id, new Date(start + 24 * HOUR));
    } finally {
      await ctx.database.query('drop trigger wh_bell_unavailable on notifications');
      await ctx.database.query('drop function wh_bell_unavailable()');
    }
    // Not off without its bell, its e-mails and its audit row.
    expect((await shown(endpoint._id)).enabled).toBe(true);
    expect(await bells()).toBe(0);
    await testEventAt(endpoint._id, new Date(start + 25 * HOUR));
    expect((await shown(endpoint._id)).enabled).toBe(false);
    expect(await bells()).toBe(2);
    const audits = await ctx.database.query(`select 1 from audit_log where company_id = $1 and entity_id = $2 and action = 'update'`, [org.companyId, endpoint._id]);
    expect(audits).toHaveLength(1);
  });

  it('counts the day from the first failure after the last success', async () => {
    const endpoint = await createEndpoint();
    const start = clock.getTime() + 2 * HOUR;
    await testEventAt(endpoint._id, new Date(start));
    receiver.state.status = 200;
    await testEventAt(endpoint._id, new Date(start + 1 * HOUR));
    expect((await shown(endpoint._id)).consecutiveFailures).toBe(0);
    receiver.state.status = 500;
    await testEventAt(endpoint._id, new Date(start + 23 * HOUR));
    await testEventAt(endpoint._id, new Date(start + 25 * HOUR));
    // 25 hours after the first failure, but only 2 after the run began.
    expect((await shown(endpoint._id)).enabled).toBe(true);
    await testEventAt(endpoint._id, new Date(start + 46 * HOUR));
    expect((await shown(endpoint._id)).enabled).toBe(true);
    await testEventAt(endpoint._id, new Date(start + 47 * HOUR));
    expect((await shown(endpoint._id)).enabled).toBe(false);
  });
});
