import type { QueueView, SessionUser, TicketDetail, TicketRecord } from '@clinic/shared';
import { drEmily, drOmar, emptyList, jsonResponse, listOf, ok, olayaClinic } from '@/test/mocks';
import { mockFetch } from '@/test/utils';

/** A clinic's waiting room for the component tests: two doctors, Dr. Omar with one called and three waiting (one urgent). */

const MINUTE = 60_000;
const ago = (minutes: number) => new Date(Date.now() - minutes * MINUTE).toISOString();

export function ticket(id: string, over: Partial<TicketRecord> = {}): TicketRecord {
  return {
    _id: id, appointment: `apt-${id}`, clinic: olayaClinic, day: '2026-03-10', prefix: 'A', number: Number(id.replace(/\D/g, '')) || 1,
    label: `A-00${id.replace(/\D/g, '')}`, patient: { _id: `p-${id}`, name: `Patient ${id}` }, doctor: drOmar, service: { _id: 's1', name: 'Consultation' },
    room: 'Room 3', priority: 'normal', state: 'waiting', issuedAt: ago(20), calledAt: null, firstCalledAt: null, callCount: 0,
    position: 0, estimatedWaitMinutes: 0, estimateBasis: 'today', issuedEstimateMinutes: 15, version: 1, ...over,
  };
}

export const called = ticket('t1', { label: 'A-001', patient: { _id: 'p1', name: 'Ahmed Al-Farsi' }, state: 'called', calledAt: ago(3), firstCalledAt: ago(3), callCount: 1, position: null, estimatedWaitMinutes: null, estimateBasis: null, issuedAt: ago(40) });
export const urgent = ticket('t4', { label: 'A-004', patient: { _id: 'p4', name: 'Layla Hassan' }, priority: 'urgent', position: 0, estimatedWaitMinutes: 4, issuedAt: ago(2) });
export const sara = ticket('t2', { label: 'A-002', patient: { _id: 'p2', name: 'Sara Nasser' }, position: 1, estimatedWaitMinutes: 16, issuedAt: ago(25) });
export const omar = ticket('t3', { label: 'A-003', patient: { _id: 'p3', name: 'Omar Khalid' }, priority: 'elderly', position: 2, estimatedWaitMinutes: 28, issuedAt: ago(18) });
export const skipped = ticket('t5', { label: 'A-005', patient: { _id: 'p5', name: 'Nadia Saleh' }, state: 'skipped', position: null, estimatedWaitMinutes: null, estimateBasis: null });
export const emily = ticket('t6', { label: 'B-001', prefix: 'B', patient: { _id: 'p6', name: 'Huda Karim' }, doctor: drEmily, room: null, position: 0, estimatedWaitMinutes: 0, estimateBasis: 'nominal' });

export function queueOf(tickets: TicketRecord[]): QueueView {
  return {
    clinic: { ...olayaClinic, timeZone: 'Asia/Riyadh' },
    day: '2026-03-10',
    tickets,
    doctors: [
      { doctor: drOmar, room: 'Room 3', paceMinutes: 12, paceBasis: 'today', waiting: tickets.filter((x) => x.doctor._id === drOmar._id && x.state === 'waiting').length, current: tickets.find((x) => x._id === 't1') ?? null },
      { doctor: drEmily, room: null, paceMinutes: 20, paceBasis: 'nominal', waiting: tickets.filter((x) => x.doctor._id === drEmily._id && x.state === 'waiting').length, current: null },
    ],
  };
}

export const history = (t: TicketRecord): TicketDetail => ({
  ...t,
  history: [
    { kind: 'issued', at: ago(25), actor: { _id: 'u2', name: 'Mona Desk' }, details: {} },
    { kind: 'priority', at: ago(10), actor: { _id: 'u2', name: 'Mona Desk' }, details: { from: 'normal', to: 'urgent' } },
    { kind: 'called', at: ago(3), actor: { _id: 'u3', name: 'Dr. Omar Haddad' }, details: {} },
  ],
});

function patched(before: TicketRecord, body: { priority?: TicketRecord['priority']; doctor?: string; room?: string | null }): TicketRecord {
  const doctor = [drOmar, drEmily].find((d) => d._id === body.doctor);
  return { ...before, ...(body.priority ? { priority: body.priority } : {}), ...(doctor ? { doctor } : {}), ...(body.room !== undefined ? { room: body.room } : {}) };
}

export interface QueueApi {
  tickets: TicketRecord[];
  reads: number;
  sent: Array<{ method: string; path: string; body: unknown }>;
}

/** The waiting room's API: the queue as `state.tickets` says, every change recorded; `answer` overrides one change's reply. */
export function queueApi(initial: TicketRecord[], answer?: (path: string, body: unknown) => Response | null, profile: Partial<SessionUser> = {}) {
  const state: QueueApi = { tickets: initial, reads: 0, sent: [] };
  mockFetch((url, init) => {
    const method = init.method ?? 'GET';
    if (url.pathname === '/api/clinics') return jsonResponse(200, listOf([olayaClinic]));
    if (url.pathname === '/api/services') {
      return jsonResponse(200, listOf([{ _id: 's1', name: 'Consultation', doctors: [drOmar, drEmily] }]));
    }
    if (url.pathname === '/api/waiting-room' && method === 'GET') {
      state.reads++;
      return jsonResponse(200, ok(queueOf(state.tickets)));
    }
    if (url.pathname.endsWith('/waiting-room-settings')) {
      return jsonResponse(200, ok({ clinic: olayaClinic._id, prefixBy: 'doctor', prefixes: {}, rooms: { [drOmar._id]: 'Room 3' }, showNames: false, sendLink: true, announce: 'ar', version: 1 }));
    }
    const one = /^\/api\/waiting-room\/tickets\/([^/]+)$/.exec(url.pathname);
    if (one && method === 'GET') return jsonResponse(200, ok(history(state.tickets.find((x) => x._id === one[1])!)));
    if (method !== 'GET') {
      const body = init.body ? JSON.parse(String(init.body)) as unknown : null;
      state.sent.push({ method, path: url.pathname, body });
      const custom = answer?.(url.pathname, body);
      if (custom) return custom;
      const id = /tickets\/([^/]+)/.exec(url.pathname)?.[1] ?? state.tickets.find((x) => x.state === 'waiting')!._id;
      const before = state.tickets.find((x) => x._id === id)!;
      const after: TicketRecord = url.pathname.endsWith('/skip') ? { ...before, state: 'skipped' }
        : method === 'PATCH' ? patched(before, body as { priority?: TicketRecord['priority']; doctor?: string; room?: string | null })
        : { ...before, state: 'called', callCount: before.callCount + 1 };
      state.tickets = state.tickets.map((x) => (x._id === id ? { ...after, version: before.version + 1 } : x));
      return jsonResponse(200, ok({ ...after, version: before.version + 1 }));
    }
    return jsonResponse(200, emptyList());
  }, { profile });
  return state;
}
