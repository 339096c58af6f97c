import { routes } from '@clinic/shared';
import { clockNow, type App, type Deps } from '../../lib/app-types.js';
import { serve } from '../../lib/contract-routes.js';
import { t } from '../../lib/i18n.js';
import { listEnvelope } from '../../lib/list.js';
import { requestContext } from '../../lib/request-context.js';
import { callerOf } from '../../plugins/auth.js';
import { rescheduleVisit, visitDays, visitIcs, visitTimes } from '../online-booking/index.js';
import {
  actOnVisit, appointmentReminders, getReminderSettings, listOutbox, patientLinkFor, retryReminder, saveReminderSettings, viewVisit,
} from './reminders.service.js';

const r = routes.reminders;
const accessNeutral = { config: { accessNeutral: true } };

export function reminderRoutes(app: App, deps: Deps) {
  serve(app, r.settings, async (req) => ({ success: true as const, data: await getReminderSettings(deps, callerOf(req), req.params.id) }));

  serve(app, r.saveSettings, async (req) => ({
    success: true as const,
    message: t(req, 'success.reminders.settingsSaved'),
    data: await saveReminderSettings(deps, requestContext(req), callerOf(req), req.params.id, req.body),
  }), accessNeutral);

  serve(app, r.list, async (req) => {
    const { data, total } = await listOutbox(deps, requestContext(req), callerOf(req), req.query);
    return listEnvelope(data, req.query, total);
  }, { schema: { description: 'The reminder outbox: planned, sent, failed, skipped and withdrawn reminders, latest due first.' } });

  serve(app, r.retry, async (req) => ({
    success: true as const, message: t(req, 'success.reminders.retried'), data: await retryReminder(deps, requestContext(req), callerOf(req), req.params.id),
  }), accessNeutral);

  serve(app, routes.appointments.reminders, async (req) => ({
    success: true as const, data: await appointmentReminders(deps, requestContext(req), callerOf(req), req.params.id),
  }));

  // Staff copy or send the patient's page themselves (no mail or text-message gateway needed); audited.
  serve(app, routes.appointments.patientLink, async (req) => ({
    success: true as const, data: await patientLinkFor(deps, requestContext(req), callerOf(req), req.params.id),
  }), accessNeutral);

  // The patient's page: no sign-in; the signed link is the only key, and it opens one appointment's date, time,
  // clinic and doctor.
  serve(app, r.visit, async (req) => ({ success: true as const, data: await viewVisit(deps, req.query.token) }));

  serve(app, r.confirmVisit, async (req) => ({
    success: true as const, message: t(req, 'success.reminders.visitConfirmed'), data: await actOnVisit(deps, requestContext(req), req.body.token, 'confirm', undefined),
  }));

  serve(app, r.cancelVisit, async (req) => ({
    success: true as const, message: t(req, 'success.reminders.visitCancelled'), data: await actOnVisit(deps, requestContext(req), req.body.token, 'cancel', req.body.reason),
  }));

  // Moving the visit from the link (modules/online-booking: free times of the same clinic, service and doctor under the
  // clinic's online window; the move in one step), and the visit as a calendar file.
  const ob = routes.onlineBooking;
  serve(app, ob.visitDays, async (req) => ({ success: true as const, data: await visitDays(deps, req.query.token, req.query.from, req.query.to, clockNow(deps)) }));
  serve(app, ob.visitTimes, async (req) => ({ success: true as const, data: await visitTimes(deps, req.query.token, req.query.date, clockNow(deps)) }));

  // The move answers the visit as it now is with a new link, signed for the new time (the one used lapses with the old).
  serve(app, ob.rescheduleVisit, async (req) => {
    const now = clockNow(deps);
    const token = await rescheduleVisit(deps, requestContext(req), req.body.token, req.body.datetime, now);
    const visit = await viewVisit(deps, token, now);
    return { success: true as const, message: t(req, 'success.bookingPage.moved'), data: { ...visit, link: `${deps.config.publicUrl}/visit#${token}` } };
  });

  serve(app, ob.visitIcs, async (req, reply) => {
    const body = await visitIcs(deps, req.query.token, clockNow(deps));
    return reply.type('text/calendar; charset=utf-8').header('cache-control', 'private, no-store')
      .header('content-disposition', 'attachment; filename="visit.ics"').send(body);
  });
}
