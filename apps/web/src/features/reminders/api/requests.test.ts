import { describe, expect, it } from 'vitest';
import { requestLines } from '@/test/request-pins';
import { getAppointmentReminders, getOutbox, getPatientLink, getReminderSettings, retryReminder, saveReminderSettings } from './reminders';

describe('the reminders requests', () => {
  it('are the same bytes they have always been', async () => {
    const id = 'a/b 1';
    expect(await requestLines([
      () => getOutbox({ page: 2, limit: 25, status: 'failed' }),
      () => getOutbox({ page: 1, limit: 10, status: null }),
      () => getAppointmentReminders(id),
      () => retryReminder(id),
      () => getReminderSettings(id),
      () => saveReminderSettings(id, { enabled: true, channels: ['sms', 'email'], leadHours: [24, 2] }),
      () => getPatientLink(id),
    ])).toMatchInlineSnapshot(`
      [
        "GET /api/reminders?page=2&limit=25&status=failed",
        "GET /api/reminders?page=1&limit=10",
        "GET /api/appointments/a%2Fb%201/reminders",
        "POST /api/reminders/a%2Fb%201/retry",
        "GET /api/clinics/a%2Fb%201/reminder-settings",
        "PUT /api/clinics/a%2Fb%201/reminder-settings {"enabled":true,"channels":["sms","email"],"leadHours":[24,2]}",
        "POST /api/appointments/a%2Fb%201/patient-link",
      ]
    `);
  });
});
