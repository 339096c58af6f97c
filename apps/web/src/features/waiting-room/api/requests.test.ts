import { describe, expect, it } from 'vitest';
import { requestLines } from '@/test/request-pins';
import { createDisplay, getDisplays, newPairingCode, revokeDisplay } from './displays';
import { callNext, callTicket, getQueue, getTicket, skipTicket, updateTicket } from './queue';
import { getAccuracy, getSettings, saveSettings } from './settings';

describe('the waiting room requests', () => {
  it('are the same bytes they have always been', async () => {
    const id = 'a/b 1';
    expect(await requestLines([
      () => getQueue('c1'),
      () => getTicket(id),
      () => callNext('c1', 'd1'),
      () => callNext('c1'),
      () => callTicket({ _id: id, version: 3 }),
      () => skipTicket({ _id: id, version: 4 }),
      () => updateTicket(id, { version: 5, priority: 'urgent' }),
      () => updateTicket(id, { version: 6, doctor: 'd2', room: null }),
      () => getSettings('c1'),
      () => saveSettings('c1', { prefixBy: 'doctor', prefixes: { d1: 'A' }, rooms: { d1: 'Room 1' }, showNames: false, sendLink: true, announce: 'both', version: 2 }),
      () => getAccuracy({ clinic: 'c1', from: '2026-03-01', to: '2026-03-07' }),
      () => getDisplays('c1'),
      () => createDisplay({ clinic: 'c1', name: 'Hall TV', room: null }),
      () => newPairingCode(id),
      () => revokeDisplay(id),
    ])).toMatchInlineSnapshot(`
      [
        "GET /api/waiting-room?clinic=c1",
        "GET /api/waiting-room/tickets/a%2Fb%201",
        "POST /api/waiting-room/call-next {"clinic":"c1","doctor":"d1"}",
        "POST /api/waiting-room/call-next {"clinic":"c1"}",
        "POST /api/waiting-room/tickets/a%2Fb%201/call {"version":3}",
        "POST /api/waiting-room/tickets/a%2Fb%201/skip {"version":4}",
        "PATCH /api/waiting-room/tickets/a%2Fb%201 {"version":5,"priority":"urgent"}",
        "PATCH /api/waiting-room/tickets/a%2Fb%201 {"version":6,"doctor":"d2","room":null}",
        "GET /api/clinics/c1/waiting-room-settings",
        "PUT /api/clinics/c1/waiting-room-settings {"prefixBy":"doctor","prefixes":{"d1":"A"},"rooms":{"d1":"Room 1"},"showNames":false,"sendLink":true,"announce":"both","version":2}",
        "GET /api/waiting-room/accuracy?clinic=c1&from=2026-03-01&to=2026-03-07",
        "GET /api/waiting-room/displays?clinic=c1&allData=true",
        "POST /api/waiting-room/displays {"clinic":"c1","name":"Hall TV","room":null}",
        "POST /api/waiting-room/displays/a%2Fb%201/pairing-code",
        "DELETE /api/waiting-room/displays/a%2Fb%201",
      ]
    `);
  });
});
