import { describe, expect, it } from 'vitest';
import { requestLines } from '@/test/request-pins';
import { addAddendum, breakGlass, getEncounter, getPatientEncounters, openForAppointment, saveNote, setSensitive, signNote } from './encounters';

describe('the encounter requests', () => {
  it('are the same bytes they have always been', async () => {
    const id = 'a/b 1';
    expect(await requestLines([
      () => getEncounter(id),
      () => openForAppointment(id),
      () => saveNote(id, 3, { complaint: 'سعال', temp: 38.2 }),
      () => setSensitive(id, 4, {}, true),
      () => signNote(id, 5, 'pw'),
      () => addAddendum(id, { reason: 'Lab', text: 'CRP normal' }),
      () => breakGlass(id, 'Covering'),
      () => getPatientEncounters({ patient: 'p1', limit: 10 }),
    ])).toMatchInlineSnapshot(`
      [
        "GET /api/encounters/a%2Fb%201",
        "POST /api/appointments/a%2Fb%201/encounter",
        "PUT /api/encounters/a%2Fb%201/note {"version":3,"content":{"complaint":"سعال","temp":38.2}}",
        "PUT /api/encounters/a%2Fb%201/note {"version":4,"content":{},"sensitive":true}",
        "POST /api/encounters/a%2Fb%201/sign {"version":5,"password":"pw"}",
        "POST /api/encounters/a%2Fb%201/addenda {"reason":"Lab","text":"CRP normal"}",
        "POST /api/encounters/a%2Fb%201/break-glass {"reason":"Covering"}",
        "GET /api/encounters?patient=p1&limit=10",
      ]
    `);
  });
});
