import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { ticketLabel, todayIn } from '@clinic/shared';
import { expect } from 'vitest';
import type { Db } from '../../db/client.js';
import { appointments, queueTicketEvents, queueTickets } from '../../db/schema/index.js';
import { auth, body, type TestContext } from '../../test/harness.js';
import { insertClinic, insertDoctor, insertPatient, insertService } from '../appointments/fixtures.js';

/*
 * Test fixtures of the displays: a clinic with its doctors, and the queue written straight into the tables (tickets
 * of checked-in visits and their call records), as the waiting room's staff side writes them.
 */

export async function queueClinic(db: Db, companyId: string, name = 'Olaya Clinic') {
  const clinic = await insertClinic(db, companyId, { name, timeZone: 'Asia/Riyadh' });
  const doctor = await insertDoctor(db, companyId, { name: `Dr. Rana Aziz ${randomBytes(2).toString('hex')}`, clinics: [clinic.id] });
  const service = await insertService(db, companyId, { clinicId: clinic.id, doctors: [doctor.id] });
  return { clinic, doctor, service, day: todayIn('Asia/Riyadh') };
}
export type QueueClinic = Awaited<ReturnType<typeof queueClinic>>;

/** Each visit gets its own half hour of the doctor's diary (visits of one doctor never overlap). */
let slot = 0;

/** A checked-in visit with its ticket (and, when called, the call records), written into the tables. */
export async function ticket(
  db: Db, companyId: string, q: QueueClinic,
  t: {
    number: number; patient: string; prefix?: string; room?: string | null; priority?: string; state?: string; status?: string;
    issuedMinutesAgo?: number; day?: string; calls?: Array<{ minutesAgo: number; recall?: boolean; room?: string | null }>;
  },
) {
  const patient = await insertPatient(db, companyId, { name: t.patient });
  slot += 1;
  const issuedAt = new Date(Date.now() - (t.issuedMinutesAgo ?? 60 - t.number) * 60_000);
  const [appointment] = await db.insert(appointments).values({
    companyId, publicId: `APT-${randomBytes(4).toString('hex')}`, patientId: patient.id, doctorId: q.doctor.id, clinicId: q.clinic.id,
    serviceId: q.service.id, reason: 'Check-up', startsAt: new Date(Date.UTC(2026, 0, 1) + slot * 1_800_000),
    endsAt: new Date(Date.UTC(2026, 0, 1) + (slot + 1) * 1_800_000),
    status: t.status ?? 'arrived', arrivedAt: issuedAt,
  }).returning();
  const prefix = t.prefix ?? '';
  const [row] = await db.insert(queueTickets).values({
    companyId, clinicId: q.clinic.id, appointmentId: appointment!.id, day: t.day ?? q.day, prefix, number: t.number, doctorId: q.doctor.id,
    room: t.room ?? null, priority: t.priority ?? 'normal', state: t.state ?? (t.calls?.length ? 'called' : 'waiting'), issuedAt,
  }).returning();
  for (const call of t.calls ?? []) {
    await db.insert(queueTicketEvents).values({
      companyId, ticketId: row!.id, clinicId: q.clinic.id, kind: call.recall ? 'recalled' : 'called', at: new Date(Date.now() - call.minutesAgo * 60_000),
      details: { label: ticketLabel(prefix, t.number), room: call.room === undefined ? t.room ?? null : call.room },
    });
  }
  return row!;
}

/** Adds a display through the administration's route and answers its pairing. */
export async function addDisplay(ctx: TestContext, token: string, payload: { clinic: string; name: string; room?: string | null }) {
  const res = await ctx.app.inject({ method: 'POST', url: '/api/waiting-room/displays', headers: auth(token), payload });
  expect(res.statusCode, res.body).toBe(201);
  return body(res).data as { display: { _id: string; status: string }; code: string; expiresAt: string };
}

/** Pairs a screen with a code from the given address. */
export function pair(ctx: TestContext, code: string, opts: { lang?: string; address?: string } = {}) {
  return ctx.app.inject({
    method: 'POST', url: '/api/public/display/pair', payload: { code }, remoteAddress: opts.address ?? '203.0.113.7',
    headers: opts.lang ? { 'accept-language': opts.lang } : {},
  });
}

/** A display added and paired: its id and the screen's token. */
export async function pairedDisplay(ctx: TestContext, token: string, payload: { clinic: string; name: string; room?: string | null }) {
  const { display, code } = await addDisplay(ctx, token, payload);
  const res = await pair(ctx, code);
  expect(res.statusCode, res.body).toBe(200);
  return { id: display._id, token: body(res).data.token as string };
}

export const board = (ctx: TestContext, displayToken?: string, lang?: string) => ctx.app.inject({
  method: 'GET', url: '/api/public/display',
  headers: { ...(displayToken !== undefined ? { 'x-display-token': displayToken } : {}), ...(lang ? { 'accept-language': lang } : {}) },
});

/** A board that must be answered: its data. */
export async function readBoard(ctx: TestContext, displayToken: string) {
  const res = await board(ctx, displayToken);
  expect(res.statusCode, res.body).toBe(200);
  return body(res).data;
}

/** Starts the test's server on a free local port (streams are read over a real socket): its address. */
export async function listen(ctx: TestContext): Promise<string> {
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
}

/** A display's live stream over a real socket: the events' names as they arrive, and whether the server ended it. */
export async function openDisplayStream(base: string, displayToken: string) {
  const controller = new AbortController();
  const res = await fetch(`${base}/api/public/display/live`, { headers: { 'x-display-token': displayToken }, signal: controller.signal });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const state = { events: [] as string[], ended: false };
  let text = '';
  const pump = (async () => {
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        text += decoder.decode(value, { stream: true });
        let cut: number;
        while ((cut = text.indexOf('\n\n')) >= 0) {
          const name = /^event: (.+)$/m.exec(text.slice(0, cut))?.[1];
          text = text.slice(cut + 2);
          if (name) state.events.push(name);
        }
      }
    } catch { /* aborted by the test */ }
    state.ended = true;
  })();
  expect(await until(() => state.events.includes('ready'))).toBe(true);
  return { state, close: async () => { controller.abort(); await pump; } };
}

export async function until(predicate: () => boolean, ms = 5000): Promise<boolean> {
  const guard = Date.now() + ms;
  while (!predicate() && Date.now() < guard) await new Promise((r) => setTimeout(r, 20));
  return predicate();
}
