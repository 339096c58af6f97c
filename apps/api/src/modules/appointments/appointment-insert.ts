import type { Db } from '../../db/client.js';
import type { Caller } from '../../lib/app-types.js';
import { AppError } from '../../lib/errors.js';
import type { AppointmentRow } from './appointment-rows.js';
import { insertAppointmentRow } from './appointments.repository.js';

/*
 * Storing a new appointment, shared by every way of booking: the database holds the overlap rule, and a refused
 * overlap comes back as the translated 409 of whose time is taken.
 */

/** The database refused an overlap (exclusion constraint, SQLSTATE 23P01): say whose time is taken. */
export function overlapConflict(error: unknown): AppError | null {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const pg = e as { code?: unknown; constraint?: unknown; message?: unknown };
    if (pg.code !== '23P01') continue;
    const name = `${String(pg.constraint ?? '')} ${String(pg.message ?? '')}`;
    return name.includes('_patient_')
      ? new AppError(409, 'PATIENT_DOUBLE_BOOKED', 'errors.scheduling.patientDoubleBooked')
      : new AppError(409, 'DOCTOR_DOUBLE_BOOKED', 'errors.scheduling.doctorDoubleBooked');
  }
  return null;
}

export interface NewAppointment {
  patient: string;
  doctor: string;
  clinic: string;
  service: string;
  reason: string;
  startsAt: Date;
  endsAt: Date;
  reminderSent?: boolean;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  overbooked?: boolean;
  seriesId?: string | null;
  /** 'requested' for an online booking the desk accepts first; 'scheduled' otherwise. */
  status?: 'scheduled' | 'requested';
  /** Where it was booked: by staff (the default) or by the patient online. */
  source?: 'staff' | 'online';
}

/**
 * Stores one appointment (its public number taken by the same statement): the database refuses an overlap with the
 * doctor's buffered time or the patient's visits (409, the translated reason). Returns the stored row.
 */
export async function storeAppointment(db: Db, caller: Pick<Caller, 'companyId'> & { id: string | null }, a: NewAppointment): Promise<AppointmentRow> {
  try {
    return await insertAppointmentRow(db, {
      companyId: caller.companyId,
      patientId: a.patient,
      doctorId: a.doctor,
      clinicId: a.clinic,
      serviceId: a.service,
      reason: a.reason,
      startsAt: a.startsAt,
      endsAt: a.endsAt,
      status: a.status ?? 'scheduled',
      source: a.source ?? 'staff',
      reminderSent: a.reminderSent ?? false,
      bufferBeforeMinutes: a.bufferBeforeMinutes,
      bufferAfterMinutes: a.bufferAfterMinutes,
      overbooked: a.overbooked ?? false,
      seriesId: a.seriesId ?? null,
      createdBy: caller.id,
    });
  } catch (error) {
    throw overlapConflict(error) ?? error;
  }
}

/** `storeAppointment`, for the callers that need only the new appointment's id. */
export async function insertAppointment(db: Db, caller: Caller, a: NewAppointment): Promise<string> {
  return (await storeAppointment(db, caller, a)).id;
}
