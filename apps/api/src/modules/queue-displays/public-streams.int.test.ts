import net from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicStreamSlots } from '../../lib/event-stream.js';
import { signQueueLink } from '../../lib/queue-links.js';
import { createOrg, createTestContext, type TestContext, type TestOrg } from '../../test/harness.js';
import { STREAMS_PER_TICKET } from '../waiting-room/waiting-room.routes.js';
import { STREAMS_PER_DISPLAY } from './display-streams.js';
import { listen, openDisplayStream, pairedDisplay, queueClinic, ticket, until } from './fixtures.js';

/*
 * What an open live stream holds and how many may be open: the displays' and the patients' (public) and the staff's
 * `/api/live`. A client that leaves while its stream's checks still wait for the database leaves nothing behind; one
 * display, one patient's link and one address may hold only so many streams at once (429 TOO_MANY_STREAMS), and
 * every closed stream gives its place back.
 */

let ctx: TestContext;
let org: TestOrg;
let base: string;

const PUBLIC_STREAMS_PER_ADDRESS = 20;

beforeAll(async () => {
  // A small limit per address (the operator's setting; 200 by default), so that reaching it takes few streams.
  ctx = await createTestContext({ publicStreamsPerAddress: PUBLIC_STREAMS_PER_ADDRESS });
  org = await createOrg(ctx, { name: 'Stream Limits Org' });
  base = await listen(ctx);
});
afterAll(() => ctx?.close());

/** The server's live-event subscriptions (one per open staff or patient stream, one per display with open streams). */
const listeners = () => (ctx.app.live as unknown as { listeners: Set<unknown> }).listeners.size;
/** Public streams the test's address holds. */
const held = () => publicStreamSlots(ctx.app.server).count('ip:127.0.0.1');

/** Sends a GET over a raw socket and drops the connection after `delay` ms, before the server has answered. */
function hitAndRun(path: string, headers: Record<string, string>, delay = 5) {
  const { port } = new URL(base);
  return new Promise<void>((resolve) => {
    const s = net.connect(Number(port), '127.0.0.1', () => {
      s.write(`GET ${path} HTTP/1.1\r\nHost: x\r\n${Object.entries(headers).map(([k, v]) => `${k}: ${v}\r\n`).join('')}\r\n`);
      setTimeout(() => {
        s.destroy();
        resolve();
      }, delay);
    });
  });
}

/** Runs `clients` while the database is held busy for 300 ms (as a slow round trip would): the routes' checks wait. */
async function whileDatabaseBusy(clients: () => Promise<void>) {
  const busy = ctx.database.db.transaction(async (tx) => {
    await tx.execute(sql`lock table queue_displays, queue_tickets, employees in access exclusive mode`);
    await new Promise((r) => setTimeout(r, 300));
  });
  await new Promise((r) => setTimeout(r, 20));
  await clients();
  await busy;
}

/** A stream over a real socket (any route), to hold open: its status, and how to close it. */
async function openStream(path: string, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const res = await fetch(`${base}${path}`, { headers, signal: controller.signal });
  if (res.status !== 200) return { status: res.status, body: await res.json() as { message: { code: string; message: string } }, close: async () => {} };
  const reader = res.body!.getReader();
  const pump = (async () => {
    try {
      for (;;) if ((await reader.read()).done) break;
    } catch { /* aborted */ }
  })();
  return { status: 200, body: null, close: async () => { controller.abort(); await pump; } };
}

const patientLink = async (name: string) => {
  const q = await queueClinic(ctx.database.db, org.companyId, name);
  const t = await ticket(ctx.database.db, org.companyId, q, { number: 1, patient: `${name} Patient` });
  const token = await signQueueLink(ctx.config.jwtSecret!, { companyId: org.companyId, ticketId: t.id }, new Date(Date.now() + 3_600_000));
  return `/api/public/queue/live?token=${encodeURIComponent(token)}`;
};

describe('a client leaving before its stream opened', () => {
  it('leaves no subscription, watcher or count behind on the display, patient and staff streams', async () => {
    const q = await queueClinic(ctx.database.db, org.companyId, 'Leaving Clinic');
    const screen = await pairedDisplay(ctx, org.token, { clinic: q.clinic.id, name: 'Leaving hall' });
    const patient = await patientLink('Leaving Patient Clinic');
    const before = listeners();
    await whileDatabaseBusy(async () => {
      for (let i = 0; i < 3; i++) {
        await hitAndRun('/api/public/display/live', { 'x-display-token': screen.token });
        await hitAndRun(patient, {});
        // The signed-in caller is read from the database again (not from the cache).
        ctx.app.callers.clear();
        await hitAndRun('/api/live', { authorization: `Bearer ${org.token}` });
      }
    });
    // Every request was answered meanwhile (the stream not opened) and gave back what it took.
    await new Promise((r) => setTimeout(r, 300));
    expect(await until(() => listeners() === before, 2000)).toBe(true);
    expect(held()).toBe(0);

    // A stream that stays open holds one subscription, and lets go of it when it closes.
    const open = await openDisplayStream(base, screen.token);
    expect([listeners(), held()]).toEqual([before + 1, 1]);
    await open.close();
    expect(await until(() => listeners() === before && held() === 0)).toBe(true);
  });
});

describe('how many streams may be open', () => {
  it(`refuses stream ${STREAMS_PER_DISPLAY + 1} of one display with 429 TOO_MANY_STREAMS (in English and Arabic), and takes one again once another closed`, async () => {
    const q = await queueClinic(ctx.database.db, org.companyId, 'Limited Clinic');
    const screen = await pairedDisplay(ctx, org.token, { clinic: q.clinic.id, name: 'Limited hall' });
    const before = listeners();
    const open = [];
    for (let i = 0; i < STREAMS_PER_DISPLAY; i++) open.push(await openDisplayStream(base, screen.token));
    // One subscription (and one check per event) for the display, whatever the number of its streams.
    expect(listeners()).toBe(before + 1);
    const en = await openStream('/api/public/display/live', { 'x-display-token': screen.token, 'accept-language': 'en' });
    expect([en.status, en.body?.message.code]).toEqual([429, 'TOO_MANY_STREAMS']);
    expect(en.body?.message.message).toBe('This queue is already open in too many windows or screens. Close one of them and try again.');
    const ar = await openStream('/api/public/display/live', { 'x-display-token': screen.token, 'accept-language': 'ar' });
    expect([ar.status, ar.body?.message.message]).toEqual([429, 'قائمة الانتظار هذه مفتوحة في نوافذ أو شاشات كثيرة. أغلق إحداها وحاول مرة أخرى.']);

    await open.shift()!.close();
    expect(await until(() => held() === STREAMS_PER_DISPLAY - 1)).toBe(true);
    open.push(await openDisplayStream(base, screen.token));
    for (const s of open) await s.close();
    expect(await until(() => listeners() === before && held() === 0)).toBe(true);
  });

  it(`holds ${STREAMS_PER_TICKET} streams per patient's link and ${PUBLIC_STREAMS_PER_ADDRESS} per address across the public streams`, async () => {
    const open: Array<Awaited<ReturnType<typeof openStream>>> = [];
    try {
      const first = await patientLink('Ticket Limit Clinic');
      for (let i = 0; i < STREAMS_PER_TICKET; i++) open.push(await openStream(first));
      expect(open.map((s) => s.status)).toEqual(Array(STREAMS_PER_TICKET).fill(200));
      expect((await openStream(first)).body?.message.code).toBe('TOO_MANY_STREAMS');
      // Other patients' links from the same address, up to the address's limit.
      while (held() < PUBLIC_STREAMS_PER_ADDRESS) {
        const link = await patientLink(`Address Limit Clinic ${held()}`);
        for (let i = 0; i < STREAMS_PER_TICKET && held() < PUBLIC_STREAMS_PER_ADDRESS; i++) open.push(await openStream(link));
      }
      expect(open.every((s) => s.status === 200)).toBe(true);
      const over = await openStream(await patientLink('One Too Many Clinic'));
      expect([over.status, over.body?.message.code]).toEqual([429, 'TOO_MANY_STREAMS']);
    } finally {
      for (const s of open) await s.close();
    }
    expect(await until(() => held() === 0)).toBe(true);
  });
});
