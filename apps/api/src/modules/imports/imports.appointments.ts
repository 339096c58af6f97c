/**
 * Future appointments from a spreadsheet. Each row's patient (public id, identity number or mobile), doctor, clinic
 * and service are found among the company's own; its date (Gregorian or Hijri) and time are the clinic's local
 * time. The row is checked with the appointments API's schema and booking rules (working hours, who works where,
 * what is active), against the doctor's existing bookings and against the file's earlier rows; the import books
 * each accepted row through the booking entry point (its audit, domain event and reminders), tagged with the batch.
 */
import { appointmentCreateInput, IMPORT_CHUNK_ROWS, normaliseDigits, zonedInstant, type AppointmentCreate } from '@clinic/shared';
import type { CountryCode } from 'libphonenumber-js';
import { and, count, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { appointments, encounters, invoices, patients, services } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { checkBooking, findBusyTimes, heldTimes, loadBookingParties, visitMinutes } from '../appointments/index.js';
import { mappedRows, stored, type WalkedRow, type WalkOptions } from './imports.rows.js';
import { cleanText, toE164, toIsoDate, type RowProblem } from './imports.clean.js';
import { findOne, serviceDirectory, type Named } from './imports.services.js';

/** '14:30', '9:05', '2:30 PM', '2:30 م' (and seconds ignored); null when not a time. */
export function toTime(text: string): string | null {
  const m = /^(\d{1,2}):(\d{2})(?::\d{2})?\s*(am|pm|ص|م)?$/i.exec(normaliseDigits(text).trim());
  if (!m) return null;
  let h = Number(m[1]);
  const min = Number(m[2]);
  const half = m[3]?.toLowerCase();
  if (half) { if (h < 1 || h > 12) return null; h = (h % 12) + (half === 'pm' || half === 'م' ? 12 : 0); }
  return h < 24 && min < 60 ? `${String(h).padStart(2, '0')}:${String(min).padStart(2, '0')}` : null;
}

async function findPatient(db: Db, companyId: string, text: string, country: CountryCode): Promise<string | null> {
  const phone = toE164(text, country);
  const rows = await db.selectDistinct({ id: patients.id }).from(patients).where(and(
    eq(patients.companyId, companyId),
    or(eq(patients.publicId, text), eq(patients.identity, text), phone ? eq(patients.phone, phone) : undefined),
  )).limit(2);
  return rows.length === 1 ? rows[0]!.id : null;
}

const FIELD_OF: Record<string, string> = { datetime: 'time', patient: 'patient', doctor: 'doctor', clinic: 'clinic', service: 'service' };

/** The rule the booking API refuses a row with, as a row problem (its translated message and the column it concerns). */
function ruleProblem(err: AppError): RowProblem {
  const field = Object.keys(err.fields ?? {})[0] ?? 'time';
  return { field: FIELD_OF[field] ?? 'time', key: err.messageKey, params: err.params };
}

interface Held { row: number; startsAt: Date; endsAt: Date }

export async function* walkAppointments(db: Db, companyId: string, bytes: Uint8Array, o: WalkOptions): AsyncGenerator<WalkedRow[]> {
  const dir = await serviceDirectory(db, companyId);
  const serviceRows = await db.select({ id: services.id, name: services.name, publicId: services.publicId, clinicId: services.clinicId }).from(services).where(eq(services.companyId, companyId));
  const booked = new Map<string, Held[]>();
  let pending: WalkedRow[] = [];
  for await (const r of mappedRows(bytes, o.mapping)) {
    const problems: RowProblem[] = [];
    const text = (f: string) => { const v = cleanText(r.get(f)); if (!v) problems.push({ field: f, key: 'validation.imports.required' }); return v; };
    const [patientText, doctorText, clinicText, serviceText, dateText] = ['patient', 'doctor', 'clinic', 'service', 'date'].map(text) as [string, string, string, string, string];
    const timeText = cleanText(r.get('time')) || (dateText.split(' ').length > 1 ? dateText.split(' ').slice(1).join(' ') : '');
    if (!timeText) problems.push({ field: 'time', key: 'validation.imports.required' });
    const patient = patientText ? await findPatient(db, companyId, patientText, o.country) : null;
    if (patientText && !patient) problems.push({ field: 'patient', key: 'validation.imports.patientUnknown', params: { name: patientText } });
    const doctor = doctorText ? findOne(dir.doctors, doctorText) : null;
    if (doctorText && !doctor) problems.push({ field: 'doctor', key: 'validation.imports.doctorUnknown', params: { name: doctorText } });
    const clinic = clinicText ? findOne(dir.clinics, clinicText) : null;
    if (clinicText && !clinic) problems.push({ field: 'clinic', key: 'validation.imports.clinicUnknown', params: { name: clinicText } });
    const service = serviceText && clinic ? findOne(serviceRows.filter((s) => s.clinicId === clinic.id) as Named[], serviceText) : null;
    if (serviceText && clinic && !service) problems.push({ field: 'service', key: 'validation.imports.serviceUnknown', params: { name: serviceText, clinic: clinic.name } });
    const date = dateText ? toIsoDate(dateText.split(' ')[0]!) : null;
    if (dateText && !date) problems.push({ field: 'date', key: 'validation.imports.date' });
    const time = timeText ? toTime(timeText) : null;
    if (timeText && !time) problems.push({ field: 'time', key: 'validation.imports.time' });
    let value: AppointmentCreate | null = null;
    if (!problems.length) value = await checkRow(db, companyId, o, r.row, booked, {
      patient: patient!, doctor: doctor!.id, clinic: clinic!.id, service: service!.id, date: date!, time: time!, reason: cleanText(r.get('reason')) || service!.name,
    }, problems);
    pending.push({ row: r.row, value, duplicate: null, problems: stored(r.row, problems, o.mapping) });
    if (pending.length >= IMPORT_CHUNK_ROWS) { yield pending; pending = []; }
  }
  if (pending.length) yield pending;
}

/** The booking API's schema and rules for one row, its doctor's existing bookings and the file's earlier rows. */
async function checkRow(
  db: Db, companyId: string, o: WalkOptions, row: number, booked: Map<string, Held[]>,
  a: { patient: string; doctor: string; clinic: string; service: string; date: string; time: string; reason: string }, problems: RowProblem[],
): Promise<AppointmentCreate | null> {
  const parties = await loadBookingParties(db, companyId, a);
  const startsAt = zonedInstant(a.date, a.time, parties.clinic?.timeZone ?? 'UTC');
  if (startsAt.getTime() <= o.now.getTime()) { problems.push({ field: 'date', key: 'validation.imports.appointmentPast' }); return null; }
  const checked = appointmentCreateInput.safeParse({ patient: a.patient, doctor: a.doctor, clinic: a.clinic, service: a.service, datetime: startsAt.toISOString(), reason: a.reason });
  if (!checked.success) {
    for (const i of checked.error.issues) problems.push({ field: FIELD_OF[String(i.path[0])] ?? 'reason', key: i.message });
    return null;
  }
  const endsAt = new Date(startsAt.getTime() + visitMinutes(parties) * 60_000);
  try {
    checkBooking(parties, startsAt, endsAt, o.now);
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    problems.push(ruleProblem(err));
    return null;
  }
  const buffers = { bufferBeforeMinutes: parties.service?.bufferBeforeMinutes ?? 0, bufferAfterMinutes: parties.service?.bufferAfterMinutes ?? 0 };
  const overlaps = (h: { startsAt: Date; endsAt: Date }) => h.startsAt < endsAt && h.endsAt > startsAt;
  const held = [...booked.get(a.doctor) ?? []];
  const earlier = held.find(overlaps);
  if (earlier) { problems.push({ field: 'time', key: 'validation.imports.sameDoctorTimeInFile', params: { row: earlier.row } }); return null; }
  const busy = heldTimes(await findBusyTimes(db, companyId, [a.doctor], startsAt, endsAt), buffers);
  if (busy.some(overlaps)) { problems.push({ field: 'time', key: 'errors.scheduling.doctorDoubleBooked' }); return null; }
  const wide = { startsAt: new Date(startsAt.getTime() - buffers.bufferBeforeMinutes * 60_000), endsAt: new Date(endsAt.getTime() + buffers.bufferAfterMinutes * 60_000) };
  booked.set(a.doctor, [...held, { row, ...wide }]);
  return checked.data;
}

const batchAppointments = (companyId: string, batchId: string) =>
  sql`(select ${appointments.id} from ${appointments} where ${appointments.companyId} = ${companyId} and ${appointments.importBatchId} = ${batchId})`;

/** Tags the appointments a chunk booked with the batch. */
export async function tagAppointments(db: Db, companyId: string, batchId: string, ids: string[]) {
  if (ids.length) await db.update(appointments).set({ importBatchId: batchId }).where(and(eq(appointments.companyId, companyId), inArray(appointments.id, ids)));
}

/** What refers to the batch's appointments: a visit started, an invoice. */
export async function appointmentReferences(db: Db, companyId: string, batchId: string) {
  const mine = batchAppointments(companyId, batchId);
  const [i] = await db.select({ n: count() }).from(invoices).where(and(eq(invoices.companyId, companyId), sql`${invoices.appointmentId} in ${mine}`));
  const [e] = await db.select({ n: count() }).from(encounters).where(and(eq(encounters.companyId, companyId), sql`${encounters.appointmentId} in ${mine}`));
  return { appointments: 0, invoices: Number(i?.n ?? 0), encounters: Number(e?.n ?? 0) };
}

export async function deleteBatchAppointments(db: Db, companyId: string, batchId: string): Promise<number> {
  const gone = await db.delete(appointments).where(and(eq(appointments.companyId, companyId), eq(appointments.importBatchId, batchId))).returning({ id: appointments.id });
  return gone.length;
}
