import { z } from 'zod';
import {
  idParams, listSchema, okSchema, patientLinkRecord, reminderListQuery, reminderRecord, reminderSettings, reminderSettingsInput,
  visitCancelInput, visitConfirmInput, visitTokenQuery, visitView,
} from '@clinic/shared';
import type { App, Deps } from '../../lib/app-types.js';
import { t } from '../../lib/i18n.js';
import { listEnvelope } from '../../lib/list.js';
import { updateRoute } from '../../lib/record-routes.js';
import { requestContext } from '../../lib/request-context.js';
import { callerOf } from '../../plugins/auth.js';
import {
  actOnVisit, appointmentReminders, getReminderSettings, listOutbox, patientLinkFor, retryReminder, saveReminderSettings, viewVisit,
} from './reminders.service.js';

const tags = ['reminders'];

export function reminderRoutes(app: App, deps: Deps) {
  app.get('/api/clinics/:id/reminder-settings', {
    config: { permission: 'clinic_read' },
    schema: { tags, params: idParams, response: { 200: okSchema(reminderSettings) } },
    handler: async (req) => ({ success: true as const, data: await getReminderSettings(deps, callerOf(req), req.params.id) }),
  });

  updateRoute(app, '/api/clinics/:id/reminder-settings', { tags, config: { permission: 'clinic_write', accessNeutral: true }, body: reminderSettingsInput, record: reminderSettings, message: 'success.reminders.settingsSaved' },
    (ctx, caller, id, body) => saveReminderSettings(deps, ctx, caller, id, body));

  app.get('/api/reminders', {
    config: { permission: 'admin' },
    schema: { tags, description: 'The reminder outbox: planned, sent, failed, skipped and withdrawn reminders, latest due first.', querystring: reminderListQuery, response: { 200: listSchema(reminderRecord) } },
    handler: async (req) => {
      const { data, total } = await listOutbox(deps, requestContext(req), callerOf(req), req.query);
      return listEnvelope(data, req.query, total);
    },
  });

  app.post('/api/reminders/:id/retry', {
    config: { permission: 'admin', accessNeutral: true },
    schema: { tags, params: idParams, response: { 200: okSchema(reminderRecord) } },
    handler: async (req) => ({ success: true as const, message: t(req, 'success.reminders.retried'), data: await retryReminder(deps, requestContext(req), callerOf(req), req.params.id) }),
  });

  app.get('/api/appointments/:id/reminders', {
    config: { permission: 'appointment_read' },
    schema: { tags, params: idParams, response: { 200: okSchema(z.array(reminderRecord)) } },
    handler: async (req) => ({ success: true as const, data: await appointmentReminders(deps, requestContext(req), callerOf(req), req.params.id) }),
  });

  // Staff copy or send the patient's page themselves (no mail or text-message gateway needed); audited.
  app.post('/api/appointments/:id/patient-link', {
    config: { permission: 'appointment_write', accessNeutral: true },
    schema: { tags, params: idParams, response: { 200: okSchema(patientLinkRecord) } },
    handler: async (req) => ({ success: true as const, data: await patientLinkFor(deps, requestContext(req), callerOf(req), req.params.id) }),
  });

  // The patient's page: no sign-in; the signed link is the only key, and it opens one appointment's date, time,
  // clinic and doctor.
  app.get('/api/public/visit', {
    config: { public: true },
    schema: { tags, querystring: visitTokenQuery, response: { 200: okSchema(visitView) } },
    handler: async (req) => ({ success: true as const, data: await viewVisit(deps, req.query.token) }),
  });

  app.post('/api/public/visit/confirm', {
    config: { public: true },
    schema: { tags, body: visitConfirmInput, response: { 200: okSchema(visitView) } },
    handler: async (req) => ({ success: true as const, message: t(req, 'success.reminders.visitConfirmed'), data: await actOnVisit(deps, requestContext(req), req.body.token, 'confirm', undefined) }),
  });

  app.post('/api/public/visit/cancel', {
    config: { public: true },
    schema: { tags, body: visitCancelInput, response: { 200: okSchema(visitView) } },
    handler: async (req) => ({ success: true as const, message: t(req, 'success.reminders.visitCancelled'), data: await actOnVisit(deps, requestContext(req), req.body.token, 'cancel', req.body.reason) }),
  });
}
