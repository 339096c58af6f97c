import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auth, body, createOrg, createTestContext, type TestContext, type TestOrg } from '../../test/harness.js';
import { WEBHOOK_JOB } from './webhooks.delivery.js';

/**
 * A server that stops between two steps of a delivery: what the receiver answered stays recorded as it was, and the
 * next server to take the job over neither undoes it nor sends the message again.
 */

async function startReceiver() {
  const state = { status: 200, hits: 0 };
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => { state.hits += 1; res.writeHead(state.status).end(); });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { state, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

let ctx: TestContext;
let org: TestOrg;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  receiver = await startReceiver();
  ctx = await createTestContext({ webhooksAllowPrivateTargets: true });
  org = await createOrg(ctx);
});
afterAll(async () => {
  await ctx.close();
  await receiver.close();
});
beforeEach(() => {
  receiver.state.status = 200;
  receiver.state.hits = 0;
});

const runDeliveries = (now = new Date()) => ctx.app.jobs.runDue(now, 100, [WEBHOOK_JOB]);

async function createEndpoint() {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/webhooks', headers: auth(org.token), payload: { url: receiver.url, events: ['invoice.paid'] } });
  expect(res.statusCode).toBe(201);
  return body(res).data as { _id: string };
}

async function testEvent(endpointId: string): Promise<string> {
  const res = await ctx.app.inject({ method: 'POST', url: `/api/webhooks/${endpointId}/test`, headers: auth(org.token) });
  expect(res.statusCode).toBe(201);
  return (body(res).data as { _id: string })._id;
}

async function deliveryOf(endpointId: string, id: string) {
  const res = await ctx.app.inject({ method: 'GET', url: `/api/webhooks/${endpointId}/deliveries?limit=30`, headers: auth(org.token) });
  return (body(res).data as Array<{ _id: string; status: string; attempts: number; responseStatus: number | null }>).find((d) => d._id === id)!;
}

const jobOf = (deliveryId: string) => ctx.database.query<{ id: string; state: string; attempts: number; max_attempts: number }>(
  `select id, state, attempts, max_attempts from jobs where company_id = $1 and kind = $2 and payload->>'deliveryId' = $3`, [org.companyId, WEBHOOK_JOB, deliveryId]);

describe('a server killed between recording a delivery and ending its job', () => {
  it('leaves a delivery accepted on its last attempt delivered, not failed, and does not send it again', async () => {
    const endpoint = await createEndpoint();
    const deliveryId = await testEvent(endpoint._id);
    // Its last attempt (the earlier ones failed).
    await ctx.database.query(`update jobs set attempts = max_attempts - 1 where company_id = $1 and kind = $2 and payload->>'deliveryId' = $3`, [org.companyId, WEBHOOK_JOB, deliveryId]);
    await runDeliveries();
    expect(receiver.state.hits).toBe(1);
    expect(await deliveryOf(endpoint._id, deliveryId)).toMatchObject({ status: 'delivered', responseStatus: 200 });
    // The server died right after recording the receiver's answer: its job is still running, under a lease that lapses.
    const [job] = await jobOf(deliveryId);
    await ctx.database.query(`update jobs set state = 'running', locked_by = 'runner-dead', locked_until = now() - interval '1 minute', finished_at = null where company_id = $1 and id = $2`, [org.companyId, job!.id]);
    // The next runner takes it over past its last attempt and gives it up.
    await runDeliveries(new Date(Date.now() + 60_000));
    expect((await jobOf(deliveryId))[0]!.state).toBe('failed');
    expect(receiver.state.hits).toBe(1);
    expect(await deliveryOf(endpoint._id, deliveryId)).toMatchObject({ status: 'delivered', responseStatus: 200 });
  });
});

describe('a server killed between recording a success and ending the endpoint\'s run of failures', () => {
  it('records both or neither: the endpoint is not left counting failures after a delivery went through', async () => {
    const endpoint = await createEndpoint();
    receiver.state.status = 500;
    await testEvent(endpoint._id);
    await runDeliveries();
    const shown = async () => body(await ctx.app.inject({ method: 'GET', url: `/api/webhooks/${endpoint._id}`, headers: auth(org.token) })).data as { consecutiveFailures: number };
    expect((await shown()).consecutiveFailures).toBe(1);
    receiver.state.status = 200;
    // The process stops right after the delivery is recorded as delivered, before the endpoint's failures are reset.
    await ctx.database.query(`create function wh_stop_at_reset() returns trigger language plpgsql as $$ begin raise exception 'the server stopped'; end $$`);
    await ctx.database.query(`create trigger wh_stop_at_reset before update on webhook_endpoints for each row when (new.consecutive_failures = 0 and old.consecutive_failures > 0) execute function wh_stop_at_reset()`);
    try {
      await runDeliveries(new Date(Date.now() + 5 * 60_000));
    } finally {
      await ctx.database.query('drop trigger wh_stop_at_reset on webhook_endpoints');
      await ctx.database.query('drop function wh_stop_at_reset()');
    }
    // The job is taken up again (its retry, as a restarted server's runner would after the lease).
    await runDeliveries(new Date(Date.now() + 60 * 60_000));
    expect((await shown()).consecutiveFailures).toBe(0);
  });
});

describe('a server killed between recording a failed attempt and counting it on the endpoint', () => {
  it('records both or neither: the attempt is retried and then counted once', async () => {
    const endpoint = await createEndpoint();
    const deliveryId = await testEvent(endpoint._id);
    receiver.state.status = 500;
    const shown = async () => body(await ctx.app.inject({ method: 'GET', url: `/api/webhooks/${endpoint._id}`, headers: auth(org.token) })).data as { consecutiveFailures: number };
    // The process stops right after the attempt is recorded on the delivery, before the endpoint counts it.
    await ctx.database.query(`create function wh_stop_at_count() returns trigger language plpgsql as $$ begin raise exception 'the server stopped'; end $$`);
    await ctx.database.query(`create trigger wh_stop_at_count before update on webhook_endpoints for each row when (new.consecutive_failures > old.consecutive_failures) execute function wh_stop_at_count()`);
    try {
      await runDeliveries();
    } finally {
      await ctx.database.query('drop trigger wh_stop_at_count on webhook_endpoints');
      await ctx.database.query('drop function wh_stop_at_count()');
    }
    expect(await deliveryOf(endpoint._id, deliveryId)).toMatchObject({ status: 'pending', attempts: 0, responseStatus: null });
    expect((await shown()).consecutiveFailures).toBe(0);
    // Taken up again: the attempt and its count are recorded together.
    await runDeliveries(new Date(Date.now() + 60 * 60_000));
    expect(await deliveryOf(endpoint._id, deliveryId)).toMatchObject({ status: 'pending', attempts: 1, responseStatus: 500 });
    expect((await shown()).consecutiveFailures).toBe(1);
  });
});
