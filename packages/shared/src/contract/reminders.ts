import { idParams, listSchema, okSchema } from '../schemas/common.js';
import {
  reminderListQuery, reminderRecord, reminderSettings, reminderSettingsInput, visitCancelInput, visitConfirmInput, visitTokenQuery, visitView,
} from '../schemas/reminder.js';
import { route } from './route.js';

const tags = ['reminders'];
const visit = okSchema(visitView);

/**
 * Reminders: a clinic's settings, the outbox and a retry, and the patient's page opened from a reminder without
 * signing in (the signed link's token is the only key).
 */
export const reminderRoutes = {
  settings: route({ method: 'GET', path: '/api/clinics/:id/reminder-settings', access: 'clinic_read', tags, params: idParams, response: { 200: okSchema(reminderSettings) } }),
  saveSettings: route({ method: 'PUT', path: '/api/clinics/:id/reminder-settings', access: 'clinic_write', tags, params: idParams, body: reminderSettingsInput, response: { 200: okSchema(reminderSettings) } }),
  list: route({ method: 'GET', path: '/api/reminders', access: 'admin', tags, query: reminderListQuery, response: { 200: listSchema(reminderRecord) } }),
  retry: route({ method: 'POST', path: '/api/reminders/:id/retry', access: 'admin', tags, params: idParams, response: { 200: okSchema(reminderRecord) } }),
  visit: route({ method: 'GET', path: '/api/public/visit', access: 'public', tags, query: visitTokenQuery, response: { 200: visit } }),
  confirmVisit: route({ method: 'POST', path: '/api/public/visit/confirm', access: 'public', tags, body: visitConfirmInput, response: { 200: visit } }),
  cancelVisit: route({ method: 'POST', path: '/api/public/visit/cancel', access: 'public', tags, body: visitCancelInput, response: { 200: visit } }),
};
