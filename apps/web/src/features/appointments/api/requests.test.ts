import { describe, expect, it } from 'vitest';
import { requestLines } from '@/test/request-pins';
import { createAppointment } from './create-appointment';
import { deleteAppointment } from './delete-appointment';
import { getAppointment } from './get-appointment';
import { getAppointments } from './get-appointments';
import { getAvailability } from './get-availability';
import { getBoard } from './get-board';
import { getCalendarAppointments } from './get-calendar-appointments';
import { getDayCards } from './get-day-by-doctor';
import { getNextFree } from './get-next-free';
import { createSeries, previewSeries } from './series';
import { updateAppointment } from './update-appointment';

const id = 'a/b 1';
const clinic = '11111111-1111-4111-8111-111111111111';
const doctor = '22222222-2222-4222-8222-222222222222';
const patient = '33333333-3333-4333-8333-333333333333';
const service = '44444444-4444-4444-8444-444444444444';
const booking = { patient, doctor, clinic, service, datetime: '2026-03-02T09:00:00+03:00', reason: 'Follow up' };

describe('the appointments requests', () => {
  it('are the same bytes they have always been', async () => {
    expect(await requestLines([
      () => getAppointments({ page: 2, limit: 25, sortBy: 'datetime', order: 'desc', search: 'al farsi', status: 'scheduled', date: '2026-03-02' }),
      // A sort the list does not have (a hand-edited address) is left out: the list shows in its default order.
      () => getAppointments({ page: 1, limit: 10, sortBy: 'nope', order: 'asc', search: '', status: null, date: null }),
      () => getAppointment(id),
      () => getAvailability({ clinic, from: '2026-03-02', to: '2026-03-08', doctor }),
      () => getAvailability({ clinic, from: '2026-03-02', to: '2026-03-02', doctor: null }),
      () => getBoard(clinic, '2026-03-02'),
      () => getBoard(clinic, null),
      () => getCalendarAppointments({ clinic, doctor, search: 'omar h', from: '2026-03-02T00:00:00+03:00', to: '2026-03-09T00:00:00+03:00' }),
      () => getCalendarAppointments({ clinic: '', doctor: null, search: '', from: '2026-03-02T00:00:00+03:00', to: '2026-03-03T00:00:00+03:00' }),
      () => getDayCards({ clinic, search: 'x', from: '2026-03-02T00:00:00+03:00', to: '2026-03-03T00:00:00+03:00' }),
      () => getNextFree({ clinic, service, doctor: null, limit: 3 }),
      () => getNextFree({ clinic, service, doctor, limit: 1 }),
      () => createAppointment({ ...booking, status: 'scheduled', cancellationReason: null, reminderSent: false, overbook: true }),
      () => updateAppointment(id, { status: 'cancelled', cancellationReason: 'Ill', version: 3 }),
      () => deleteAppointment(id),
      () => previewSeries({ ...booking, recurrence: { frequency: 'weekly', interval: 1, count: 4 } }),
      () => createSeries({ ...booking, recurrence: { frequency: 'weekly', interval: 2, until: '2026-05-01' } }),
    ])).toMatchInlineSnapshot(`
      [
        "GET /api/appointments?page=2&limit=25&sortBy=datetime&order=desc&search=al+farsi&status=scheduled&date=2026-03-02",
        "GET /api/appointments?page=1&limit=10&order=asc",
        "GET /api/appointments/a%2Fb%201",
        "GET /api/appointments/availability?clinic=11111111-1111-4111-8111-111111111111&from=2026-03-02&to=2026-03-08&doctor=22222222-2222-4222-8222-222222222222",
        "GET /api/appointments/availability?clinic=11111111-1111-4111-8111-111111111111&from=2026-03-02&to=2026-03-02",
        "GET /api/appointments/board?clinic=11111111-1111-4111-8111-111111111111&date=2026-03-02",
        "GET /api/appointments/board?clinic=11111111-1111-4111-8111-111111111111",
        "GET /api/appointments?clinic=11111111-1111-4111-8111-111111111111&doctor=22222222-2222-4222-8222-222222222222&search=omar+h&from=2026-03-02T00%3A00%3A00%2B03%3A00&to=2026-03-09T00%3A00%3A00%2B03%3A00&view=calendar&sortBy=datetime&order=asc",
        "GET /api/appointments?from=2026-03-02T00%3A00%3A00%2B03%3A00&to=2026-03-03T00%3A00%3A00%2B03%3A00&view=calendar&sortBy=datetime&order=asc",
        "GET /api/appointments?clinic=11111111-1111-4111-8111-111111111111&search=x&from=2026-03-02T00%3A00%3A00%2B03%3A00&to=2026-03-03T00%3A00%3A00%2B03%3A00&view=calendar&sortBy=datetime&order=asc",
        "GET /api/appointments/next-free?clinic=11111111-1111-4111-8111-111111111111&service=44444444-4444-4444-8444-444444444444&limit=3",
        "GET /api/appointments/next-free?clinic=11111111-1111-4111-8111-111111111111&service=44444444-4444-4444-8444-444444444444&doctor=22222222-2222-4222-8222-222222222222&limit=1",
        "POST /api/appointments {"patient":"33333333-3333-4333-8333-333333333333","doctor":"22222222-2222-4222-8222-222222222222","clinic":"11111111-1111-4111-8111-111111111111","service":"44444444-4444-4444-8444-444444444444","datetime":"2026-03-02T09:00:00+03:00","reason":"Follow up","status":"scheduled","cancellationReason":null,"reminderSent":false,"overbook":true}",
        "PATCH /api/appointments/a%2Fb%201 {"status":"cancelled","cancellationReason":"Ill","version":3}",
        "DELETE /api/appointments/a%2Fb%201",
        "POST /api/appointment-series?preview=true {"patient":"33333333-3333-4333-8333-333333333333","doctor":"22222222-2222-4222-8222-222222222222","clinic":"11111111-1111-4111-8111-111111111111","service":"44444444-4444-4444-8444-444444444444","datetime":"2026-03-02T09:00:00+03:00","reason":"Follow up","recurrence":{"frequency":"weekly","interval":1,"count":4}}",
        "POST /api/appointment-series {"patient":"33333333-3333-4333-8333-333333333333","doctor":"22222222-2222-4222-8222-222222222222","clinic":"11111111-1111-4111-8111-111111111111","service":"44444444-4444-4444-8444-444444444444","datetime":"2026-03-02T09:00:00+03:00","reason":"Follow up","recurrence":{"frequency":"weekly","interval":2,"until":"2026-05-01"}}",
      ]
    `);
  });
});
