import { describe, expect, it } from 'vitest';
import { requestLines } from '@/test/request-pins';
import { getScheduleDay, getSlipAppointment } from './print-appointments';

describe('the printouts requests of appointments', () => {
  it('are the same bytes they have always been', async () => {
    const clinic = '11111111-1111-4111-8111-111111111111';
    const doctor = '22222222-2222-4222-8222-222222222222';
    expect(await requestLines([
      () => getSlipAppointment('33333333-3333-4333-8333-333333333333'),
      () => getScheduleDay(clinic, doctor, '2026-03-02'),
      () => getScheduleDay(clinic, null, '2026-03-02'),
    ])).toMatchInlineSnapshot(`
      [
        "GET /api/appointments/33333333-3333-4333-8333-333333333333",
        "GET /api/appointments?clinic=11111111-1111-4111-8111-111111111111&doctor=22222222-2222-4222-8222-222222222222&date=2026-03-02&allData=true&sortBy=datetime&order=asc&withPhone=true",
        "GET /api/appointments?clinic=11111111-1111-4111-8111-111111111111&date=2026-03-02&allData=true&sortBy=datetime&order=asc&withPhone=true",
      ]
    `);
  });
});
