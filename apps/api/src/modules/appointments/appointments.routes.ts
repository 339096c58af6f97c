import { buildPagination, routes } from '@clinic/shared';
import type { App, Deps } from '../../lib/app-types.js';
import { serve } from '../../lib/contract-routes.js';
import { t } from '../../lib/i18n.js';
import { requestContext } from '../../lib/request-context.js';
import { callerOf } from '../../plugins/auth.js';
import { deleteAppointment } from './appointment-delete.js';
import { calendarStamp } from './appointments.repository.js';
import { bookAppointment } from './appointment-booking.js';
import { availability, board, nextFree } from './appointment-calendar.js';
import { updateAppointment } from './appointment-changes.js';
import { appointmentFilters, getAppointment, isCalendarWindow, listAppointments } from './appointments.service.js';
import { CalendarCache, cacheKey, sendCached } from './calendar-cache.js';

const r = routes.appointments;
/** Writes that never change who may do what. */
const accessNeutral = { config: { accessNeutral: true } };
const changeMessages = {
  rescheduled: 'success.scheduling.appointmentRescheduled',
  accepted: 'success.scheduling.appointmentAccepted',
  arrived: 'success.scheduling.appointmentArrived',
  in_consultation: 'success.scheduling.appointmentCalledIn',
  completed: 'success.scheduling.appointmentCompleted',
  no_show: 'success.scheduling.appointmentNoShow',
  cancelled: 'success.scheduling.appointmentCancelled',
  visitNote: 'success.scheduling.visitNoteSaved',
  updated: 'success.scheduling.appointmentUpdated',
} as const;

export function appointmentRoutes(app: App, deps: Deps) {
  const calendarCache = new CalendarCache();
  serve(app, r.list, async (req, reply) => {
    const caller = callerOf(req);
    if (!isCalendarWindow(req.query)) {
      const { data, total, window } = await listAppointments(deps, caller, req.query);
      return { success: true as const, data, pagination: buildPagination(window.page, window.limit, total.total, total.exact) };
    }
    // The calendar: the company's change stamp first, so a kept answer is never older than what the database holds.
    const stamp = await calendarStamp(deps.db, caller.companyId);
    const key = cacheKey(caller.companyId, req.query);
    const kept = calendarCache.get(key, stamp);
    if (kept) return sendCached(req, reply, kept);
    const filters = await appointmentFilters(deps, caller, req.query);
    const { data, total, window } = await listAppointments(deps, caller, req.query, filters);
    const body = { success: true as const, data, pagination: buildPagination(window.page, window.limit, total.total, total.exact) };
    return sendCached(req, reply, calendarCache.set(key, stamp, body));
  }, {
    schema: {
      description: 'Appointments. `status` takes one status or several separated by commas. With `view=calendar` each item is a lean '
        + 'card (AppointmentCard: _id, publicId, datetime, endsAt, status, patient, doctor, service, reason, version) instead of the full record. '
        + 'A window (`from` and `to`) of cards is answered whole up to 2,000 cards; full records always page (`page`, `limit`, `allData` up to '
        + '1,000), and `pagination` tells the total and whether another page follows.',
    },
  });

  // Registered before `/:id` would be matched: a static segment always wins in the router anyway.
  serve(app, r.availability, async (req) => ({ success: true as const, data: await availability(deps, callerOf(req), req.query) }));

  serve(app, r.nextFree, async (req) => ({ success: true as const, data: await nextFree(deps, callerOf(req), req.query) }), {
    schema: {
      description: `The first free slots (limit 1..20, default 5) from \`from\` (default now) within 31 days, for one doctor or any doctor of the
        clinic who provides the service; every booking rule applies. Sorted by time, then doctor name.`,
    },
  });

  serve(app, r.board, async (req) => ({ success: true as const, data: await board(deps, callerOf(req), req.query) }), {
    schema: { description: 'The front desk\'s day for one clinic (the clinic\'s own calendar day, today by default): counts and cards per status.' },
  });

  serve(app, r.get, async (req) => ({ success: true as const, data: await getAppointment(deps, callerOf(req), req.params.id) }));

  serve(app, r.create, async (req, reply) => {
    const data = await bookAppointment(deps, requestContext(req), callerOf(req), req.body);
    return reply.status(201).send({ success: true as const, message: t(req, 'success.scheduling.appointmentBooked'), data });
  }, accessNeutral);

  serve(app, r.patch, async (req) => {
    const { record, change } = await updateAppointment(deps, requestContext(req), callerOf(req), req.params.id, req.body);
    return { success: true as const, message: t(req, changeMessages[change]), data: record };
  }, accessNeutral);

  serve(app, r.remove, async (req) => {
    await deleteAppointment(deps, requestContext(req), callerOf(req), req.params.id);
    return { success: true as const, message: t(req, 'success.scheduling.appointmentDeleted') };
  }, {
    ...accessNeutral,
    schema: {
      description: 'An administrator\'s correction of a booking made by mistake (permission appointment_delete). Refused (409 APPOINTMENT_HAS_HISTORY, '
        + 'saying why) once the patient checked in or was marked absent, or the appointment has a visit note, an invoice or payment, or a sent '
        + 'reminder: such an appointment is cancelled with a reason instead.',
    },
  });
}
