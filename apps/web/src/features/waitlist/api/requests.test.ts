import { describe, expect, it } from 'vitest';
import { requestLines } from '@/test/request-pins';
import { addToWaitlist, bookFromWaitlist, closeWaitlistEntry, getWaitlist, getWaitlistMatches } from './waitlist';

const appointment = '11111111-1111-4111-8111-111111111111';
const doctor = '22222222-2222-4222-8222-222222222222';
const patient = '33333333-3333-4333-8333-333333333333';
const service = '44444444-4444-4444-8444-444444444444';

describe('the waitlist requests', () => {
  it('are the same bytes they have always been', async () => {
    const id = 'a/b 1';
    expect(await requestLines([
      () => getWaitlist('open', 2, 25),
      () => getWaitlistMatches(appointment),
      () => addToWaitlist({ patient, service, doctor: null, fromDate: '2026-03-02', toDate: null, weekdays: [1, 3], timeFrom: '09:00', timeTo: null }),
      () => bookFromWaitlist({ id, appointment, version: 2 }),
      () => bookFromWaitlist({ id, doctor, datetime: '2026-03-02T09:00:00+03:00', version: 2 }),
      () => closeWaitlistEntry({ id, version: 4 }),
    ])).toMatchInlineSnapshot(`
      [
        "GET /api/waitlist?status=open&page=2&limit=25",
        "GET /api/waitlist/matches?appointment=11111111-1111-4111-8111-111111111111",
        "POST /api/waitlist {"patient":"33333333-3333-4333-8333-333333333333","service":"44444444-4444-4444-8444-444444444444","doctor":null,"fromDate":"2026-03-02","toDate":null,"weekdays":[1,3],"timeFrom":"09:00","timeTo":null}",
        "POST /api/waitlist/a%2Fb%201/book {"appointment":"11111111-1111-4111-8111-111111111111","version":2}",
        "POST /api/waitlist/a%2Fb%201/book {"doctor":"22222222-2222-4222-8222-222222222222","datetime":"2026-03-02T09:00:00+03:00","version":2}",
        "DELETE /api/waitlist/a%2Fb%201?version=4",
      ]
    `);
  });
});
