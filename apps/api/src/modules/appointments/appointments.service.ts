import {
  APPOINTMENT_RANGE_CAP, APPOINTMENT_STATUSES, hasPermission, pageWindow,
  type AppointmentCard, type AppointmentListQuery, type AppointmentRecord, type AppointmentStatus,
} from '@clinic/shared';
import type { Caller, Deps } from '../../lib/app-types.js';
import { validationFailed } from '../../lib/errors.js';
import { isId } from '../../lib/validation.js';
import { notFound } from './appointment-rules.js';
import { clinicTimeZones, findAppointment, findAppointmentCards, findAppointments, patientPhones, type AppointmentFilters } from './appointments.repository.js';

/*
 * Reading appointments: the list and calendar queries with their filters, one appointment, and what the audit trail
 * keeps of one. Booking (appointment-booking.ts), changes (appointment-changes.ts), the calendar views
 * (appointment-calendar.ts) and the shared booking rules (appointment-rules.ts) live beside it.
 */

/** Reads the spec's general filter string: `clinic={id}`, several joined by `&`, `,` or `;`. */
export function parseGeneralFilter(text: string | undefined): Partial<Record<'clinic' | 'doctor' | 'patient' | 'service' | 'status', string>> {
  const out: Partial<Record<'clinic' | 'doctor' | 'patient' | 'service' | 'status', string>> = {};
  if (!text?.trim()) return out;
  for (const part of text.split(/[&,;]/)) {
    if (!part.trim()) continue;
    const [rawKey, ...rest] = part.split('=');
    const key = rawKey?.trim();
    const value = decodeURIComponent(rest.join('=').trim());
    if (key === 'status' && (APPOINTMENT_STATUSES as readonly string[]).includes(value)) out.status = value;
    else if ((key === 'clinic' || key === 'doctor' || key === 'patient' || key === 'service') && isId(value)) out[key] = value;
    else throw validationFailed({ filter: 'validation.invalidFilter' });
  }
  return out;
}

function dayOf(text: string | undefined): string | undefined {
  if (!text) return undefined;
  const match = /^(\d{4}-\d{2}-\d{2})/.exec(text.trim());
  if (!match) throw validationFailed({ datetime: 'validation.scheduling.invalidDay' });
  return match[1];
}

/** The list's filters from its query (ids checked, the day's clinic zones loaded). */
export async function appointmentFilters(deps: Deps, caller: Caller, q: AppointmentListQuery): Promise<AppointmentFilters> {
  const general = parseGeneralFilter(q.filter);
  const ff = q.filter_fields ?? {};
  const pick = (key: 'clinic' | 'doctor' | 'patient' | 'service') => {
    const value = q[key] ?? general[key] ?? (typeof ff[key] === 'string' ? (ff[key] as string) : undefined);
    if (value !== undefined && !isId(value)) throw validationFailed({ filter_fields: 'validation.invalidFilter' });
    return value;
  };
  const single = (general.status as AppointmentStatus | undefined)
    ?? (typeof ff.status === 'string' && (APPOINTMENT_STATUSES as readonly string[]).includes(ff.status) ? (ff.status as AppointmentStatus) : undefined);
  const status = q.status ?? (single ? [single] : undefined);
  const filters: AppointmentFilters = {
    companyId: caller.companyId,
    search: q.search,
    status,
    date: q.date ?? dayOf(q.datetime),
    clinicId: pick('clinic'),
    doctorId: pick('doctor'),
    patientId: pick('patient'),
    serviceId: pick('service'),
    from: q.from ? new Date(q.from) : undefined,
    to: q.to ? new Date(q.to) : undefined,
  };
  if (filters.date) filters.dayZones = await clinicTimeZones(deps.db, caller.companyId, filters.clinicId);
  return filters;
}

/** A calendar's question: lean cards of a time window (the answers the calendar cache keeps). */
export function isCalendarWindow(q: AppointmentListQuery): boolean {
  return q.view === 'calendar' && Boolean(q.from && q.to);
}

export async function listAppointments(deps: Deps, caller: Caller, q: AppointmentListQuery, given?: AppointmentFilters) {
  const filters = given ?? (await appointmentFilters(deps, caller, q));
  // A window (from and to) is read earliest first unless asked otherwise. Its lean cards (the calendar) come whole, up
  // to the cap; its full records page like any list (about 1 KB each: a busy week whole would be a megabyte), and the
  // pagination says how many there are and whether another page follows.
  const ranged = Boolean(filters.from && filters.to);
  const w = ranged && q.view === 'calendar' ? { page: 1, limit: APPOINTMENT_RANGE_CAP, offset: 0 } : pageWindow(q);
  const page = {
    limit: w.limit, offset: w.offset, sortBy: ranged && q.sortBy === '_id' ? 'datetime' : q.sortBy, order: ranged && q.sortBy === '_id' ? 'asc' as const : q.order,
  };
  if (q.view === 'calendar') {
    const { rows, total } = await findAppointmentCards(deps.db, filters, page);
    return { data: rows as AppointmentCard[] | AppointmentRecord[], total, window: w };
  }
  const { rows, total } = await findAppointments(deps.db, filters, page);
  return { data: (q.withPhone ? await withPatientPhones(deps, caller, rows) : rows) as AppointmentCard[] | AppointmentRecord[], total, window: w };
}

/** Records with their patients' phones (the printed day), read in one statement; null to a caller who may not read patients. */
async function withPatientPhones(deps: Deps, caller: Caller, rows: AppointmentRecord[]): Promise<AppointmentRecord[]> {
  if (!hasPermission(caller.permissions, 'patient_read')) return rows.map((r) => ({ ...r, patientPhone: null }));
  const phones = await patientPhones(deps.db, caller.companyId, [...new Set(rows.map((r) => r.patient._id))]);
  return rows.map((r) => ({ ...r, patientPhone: phones.get(r.patient._id) ?? null }));
}

export async function getAppointment(deps: Deps, caller: Caller, id: string): Promise<AppointmentRecord> {
  const found = await findAppointment(deps.db, caller.companyId, id);
  if (!found) throw notFound('appointment');
  return found.record;
}

export const auditable = (r: AppointmentRecord) => ({
  patient: r.patient._id, doctor: r.doctor._id, clinic: r.clinic._id, service: r.service._id, datetime: r.datetime, endsAt: r.endsAt,
  reason: r.reason, status: r.status, cancellationReason: r.cancellationReason, reminderSent: r.reminderSent,
  lateCancellation: r.lateCancellation, visitNote: r.visitNote, seriesId: r.seriesId, overbooked: r.overbooked,
});
