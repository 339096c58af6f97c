/**
 * FHIR R4 reads and searches over the clinic's data, scoped to the caller's company. Patient data read through FHIR
 * is audited like every other patient read (one entry per patient returned).
 */
import { createHash } from 'node:crypto';
import { ACTIVE_APPOINTMENT_STATUSES, type AppointmentStatus, safeTimeZone } from '@clinic/shared';
import { freeStarts } from '../../domain/scheduling/bookable.js';
import { clockNow, type Caller, type Deps } from '../../lib/app-types.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { RequestContext } from '../../lib/request-context.js';
import { isId } from '../../lib/validation.js';
import { findBusyTimes, loadDoctorCalendar } from '../appointments/index.js';
import {
  clinicsPage, doctorBusy, doctorClinicCalendars, doctorsPage, doctorWhere, insertPatientReads, likeText, organizationsPage,
  patientsPage, servicesPage, Where,
} from './fhir.repository.js';
import { appointmentEntries } from './fhir.appointment-sql.js';
import { canonicalPhone } from '../../lib/phone.js';
import { fhirBase } from './fhir.http.js';
import {
  APPOINTMENT_STATUS_FROM_FHIR, FHIR_GENDERS, healthcareServiceResource, locationResource, organizationResource,
  patientResource, practitionerResource, practitionerRoleResource, scheduleResource, slotResource, type Resource, type SlotRow,
} from './fhir.resources.js';
import {
  badParameter, dateBounds, instantBounds, onlyParams, pageOf, referenceParam, searchset, searchsetText, tokenParam, valueOf, type Query,
} from './fhir.search.js';

export const SEARCH_PARAMS = {
  Patient: ['name', 'identifier', 'birthdate', 'gender', 'phone', 'email', 'active'],
  Practitioner: ['name', 'identifier', 'active'],
  PractitionerRole: ['practitioner', 'location', 'active'],
  Organization: ['name', 'type', 'partof', 'active'],
  Location: ['name', 'organization', 'status'],
  HealthcareService: ['name', 'location', 'active'],
  Appointment: ['date', 'patient', 'practitioner', 'location', 'status'],
  Schedule: ['actor', 'active'],
  Slot: ['schedule', 'start', 'status'],
} as const;
export type SearchType = keyof typeof SEARCH_PARAMS;
export const READ_TYPES = ['Patient', 'Practitioner', 'PractitionerRole', 'Organization', 'Location', 'HealthcareService', 'Appointment', 'Schedule'] as const;
export type ReadType = (typeof READ_TYPES)[number];

/** Slots are computed from hours and appointments: one search looks at most this many days. */
export const SLOT_WINDOW_DAYS = 14;

/** One FHIR request: who asks, in which request, and the absolute base its Bundle's links start with. */
interface Call { deps: Deps; caller: Caller; ctx: RequestContext; base: string }

function booleanParam(q: Query, name: string): boolean | undefined {
  const v = valueOf(q, name);
  if (v === undefined) return undefined;
  if (v !== 'true' && v !== 'false') throw badParameter(name);
  return v === 'true';
}

/** `_id`: one id or a comma-separated list of at most 100. */
function idFilter(q: Query, w: Where, alias: string): void {
  const v = valueOf(q, '_id');
  if (v === undefined) return;
  const ids = v.split(',').map((s) => s.trim()).filter(Boolean);
  if (ids.length > 100) throw badParameter('_id');
  const ours = ids.filter(isId).map((s) => s.toLowerCase());
  if (!ours.length) w.none();
  else w.add(`${alias}.id = any(?::uuid[])`, ours);
}

function nameFilter(q: Query, w: Where, column: string): void {
  const v = valueOf(q, 'name');
  if (v !== undefined) w.add(`lower(${column}) like ? escape '\\'`, likeText(v));
}

async function auditPatientReads(call: Call, patientIds: string[], how: string): Promise<void> {
  if (!patientIds.length) return;
  await insertPatientReads(call.deps.db, call.ctx, { companyId: call.caller.companyId, actorId: call.caller.id, via: how }, patientIds);
}

/** A searchset Bundle of the caller's resources of one type. */
export async function search(deps: Deps, ctx: RequestContext, caller: Caller, type: SearchType, q: Query): Promise<Resource> {
  const bundle = await searchBody(deps, ctx, caller, type, q);
  return typeof bundle === 'string' ? (JSON.parse(bundle) as Resource) : bundle;
}

/** The same Bundle as an answer's body: some searches answer with the Bundle's JSON text already written. */
export function searchBody(deps: Deps, ctx: RequestContext, caller: Caller, type: SearchType, q: Query): Promise<Resource | string> {
  return searchIn({ deps, caller, ctx, base: fhirBase(ctx) }, type, q);
}

async function searchIn(call: Call, type: SearchType, q: Query): Promise<Resource | string> {
  onlyParams(q, SEARCH_PARAMS[type]);
  const page = pageOf(q);
  const { deps, caller } = call;
  const db = deps.database;
  const c = caller.companyId;
  switch (type) {
    case 'Patient': {
      const w = new Where(c, 'p');
      idFilter(q, w, 'p');
      nameFilter(q, w, 'p.name');
      const identifier = tokenParam(q, 'identifier');
      if (identifier) w.add('(p.public_id = ? or p.identity = ?)', identifier.code, identifier.code);
      const born = dateBounds(q, 'birthdate');
      if (born.from) w.add('p.date_of_birth >= ?::date', born.from);
      if (born.before) w.add('p.date_of_birth < ?::date', born.before);
      const gender = valueOf(q, 'gender');
      if (gender !== undefined) {
        if (!(FHIR_GENDERS as readonly string[]).includes(gender)) throw badParameter('gender');
        if (gender === 'male' || gender === 'female') w.add('lower(p.gender) = ?', gender);
        else if (gender === 'unknown') w.add(`(p.gender is null or lower(p.gender) not in ('male', 'female'))`);
        else w.none();
      }
      const phone = valueOf(q, 'phone');
      if (phone !== undefined) w.add(`regexp_replace(coalesce(p.phone, ''), '[^0-9+]', '', 'g') = ?`, canonicalPhone(phone).replace(/[^0-9+]/g, ''));
      const email = valueOf(q, 'email');
      if (email !== undefined) w.add('lower(p.email) = ?', email.toLowerCase());
      const active = booleanParam(q, 'active');
      if (active !== undefined) w.add('p.is_active = ?', active);
      const { rows, total } = await patientsPage(db, w, page);
      await auditPatientReads(call, rows.map((r) => r.id), 'fhir');
      return searchset(call.base, type, q, page, total, rows.map(patientResource));
    }
    case 'Practitioner':
    case 'PractitionerRole':
    case 'Schedule': {
      const w = doctorWhere(c);
      idFilter(q, w, 'e');
      if (type === 'Practitioner') {
        nameFilter(q, w, 'e.name');
        const identifier = tokenParam(q, 'identifier');
        if (identifier) w.add('(e.public_id = ? or e.medical_license_number = ?)', identifier.code, identifier.code);
      }
      if (type === 'PractitionerRole') {
        const practitioner = referenceParam(q, 'practitioner', 'Practitioner');
        if (practitioner === null) w.none();
        else if (practitioner) w.add('e.id = ?', practitioner);
      }
      const location = type === 'PractitionerRole' ? referenceParam(q, 'location', 'Location') : undefined;
      if (location === null) w.none();
      else if (location) w.add('exists (select 1 from employee_clinics ec where ec.company_id = e.company_id and ec.employee_id = e.id and ec.clinic_id = ?)', location);
      if (type === 'Schedule') {
        const actor = valueOf(q, 'actor');
        if (actor !== undefined) {
          const m = /^(Practitioner|Location)\/([A-Za-z0-9\-.]{1,64})$/.exec(actor);
          if (!m) throw badParameter('actor');
          if (!isId(m[2]!)) w.none();
          else if (m[1] === 'Practitioner') w.add('e.id = ?', m[2]!.toLowerCase());
          else w.add('exists (select 1 from employee_clinics ec where ec.company_id = e.company_id and ec.employee_id = e.id and ec.clinic_id = ?)', m[2]!.toLowerCase());
        }
      }
      const active = booleanParam(q, 'active');
      if (active !== undefined) w.add('e.is_active = ?', active);
      const { rows, total } = await doctorsPage(db, w, page);
      const shape = type === 'Practitioner' ? practitionerResource : type === 'Schedule' ? scheduleResource : (d: (typeof rows)[number]) => practitionerRoleResource(d, c);
      return searchset(call.base, type, q, page, total, rows.map(shape));
    }
    case 'Organization': {
      const w = new Where(c, 'o');
      idFilter(q, w, 'o');
      nameFilter(q, w, 'o.name');
      const kind = tokenParam(q, 'type');
      if (kind) {
        if (kind.code === 'prov') w.add(`o.kind in ('company', 'complex')`);
        else if (kind.code === 'dept') w.add(`o.kind = 'department'`);
        else w.none();
      }
      const partOf = referenceParam(q, 'partof', 'Organization');
      if (partOf === null) w.none();
      else if (partOf) w.add('o.part_of = ?', partOf);
      const active = booleanParam(q, 'active');
      if (active !== undefined) w.add('o.is_active = ?', active);
      const { rows, total } = await organizationsPage(db, w, page);
      return searchset(call.base, type, q, page, total, rows.map(organizationResource));
    }
    case 'Location': {
      const w = new Where(c, 'c');
      idFilter(q, w, 'c');
      nameFilter(q, w, 'c.name');
      const org = referenceParam(q, 'organization', 'Organization');
      if (org === null) w.none();
      else if (org) w.add('coalesce(c.department_id, c.clinic_collection_id, c.company_id) = ?', org);
      const status = valueOf(q, 'status');
      if (status !== undefined) {
        if (status !== 'active' && status !== 'inactive' && status !== 'suspended') throw badParameter('status');
        if (status === 'suspended') w.none();
        else w.add('c.is_active = ?', status === 'active');
      }
      const { rows, total } = await clinicsPage(db, w, page);
      return searchset(call.base, type, q, page, total, rows.map(locationResource));
    }
    case 'HealthcareService': {
      const w = new Where(c, 's');
      idFilter(q, w, 's');
      nameFilter(q, w, 's.name');
      const location = referenceParam(q, 'location', 'Location');
      if (location === null) w.none();
      else if (location) w.add('s.clinic_id = ?', location);
      const active = booleanParam(q, 'active');
      if (active !== undefined) w.add('s.is_active = ?', active);
      const { rows, total } = await servicesPage(db, w, page);
      return searchset(call.base, type, q, page, total, rows.map((s) => healthcareServiceResource(s, c)));
    }
    case 'Appointment': {
      const w = new Where(c, 'a');
      idFilter(q, w, 'a');
      const when = instantBounds(q, 'date', caller.timeZone);
      if (when.from) w.add('a.starts_at >= ?', when.from);
      if (when.before) w.add('a.starts_at < ?', when.before);
      for (const [param, type2, column] of [['patient', 'Patient', 'a.patient_id'], ['practitioner', 'Practitioner', 'a.doctor_id'], ['location', 'Location', 'a.clinic_id']] as const) {
        const ref = referenceParam(q, param, type2);
        if (ref === null) w.none();
        else if (ref) w.add(`${column} = ?`, ref);
      }
      const status = valueOf(q, 'status');
      if (status !== undefined) {
        const mapped: AppointmentStatus[] = [];
        for (const code of status.split(',').map((x) => x.trim())) {
          const ours = APPOINTMENT_STATUS_FROM_FHIR[code];
          if (ours) mapped.push(ours);
          else if (!KNOWN_FHIR_APPOINTMENT_CODES.includes(code)) throw badParameter('status');
        }
        if (!mapped.length) w.none();
        else w.add('a.status = any(?)', mapped);
      }
      // The database writes the page's entries (fhir.appointment-sql.ts): the answer passes through as one string.
      const { total, entries, patientIds } = await appointmentEntries(deps.db, w, page, call.base);
      await auditPatientReads(call, patientIds, 'fhir_appointment');
      return searchsetText(call.base, type, q, page, total, entries);
    }
    case 'Slot':
      return slots(call, q, page);
  }
}

/** FHIR's Appointment.status codes we never produce still search (they match nothing). */
const KNOWN_FHIR_APPOINTMENT_CODES = ['proposed', 'pending', 'entered-in-error', 'waitlist'];

/** Free and busy slots of one doctor's schedule over at most SLOT_WINDOW_DAYS (default: the next seven days). */
async function slots(call: Call, q: Query, page: ReturnType<typeof pageOf>): Promise<Resource> {
  const { deps, caller } = call;
  if (q._id !== undefined) throw badParameter('_id'); // slots are computed: they are found by schedule and time only
  const schedule = referenceParam(q, 'schedule', 'Schedule');
  if (schedule === undefined) throw new AppError(400, 'FHIR_SCHEDULE_REQUIRED', 'errors.fhir.scheduleRequired');
  const status = valueOf(q, 'status');
  if (status !== undefined && status !== 'free' && status !== 'busy') throw badParameter('status');
  const bounds = instantBounds(q, 'start', caller.timeZone);
  const now = clockNow(deps);
  const from = bounds.from ?? now;
  const before = bounds.before ?? new Date(from.getTime() + 7 * 86_400_000);
  if (before.getTime() - from.getTime() > SLOT_WINDOW_DAYS * 86_400_000) {
    throw new AppError(400, 'FHIR_WINDOW_TOO_LONG', 'errors.fhir.windowTooLong', { days: SLOT_WINDOW_DAYS });
  }
  const doctor = schedule ? await loadDoctorCalendar(deps.db, caller.companyId, schedule) : null;
  const out: SlotRow[] = [];
  if (doctor && before > from) {
    const clinics = await doctorClinicCalendars(deps.database, caller.companyId, doctor.id);
    const busy = await doctorBusy(deps.database, caller.companyId, doctor.id, from, before, ACTIVE_OR_DONE);
    if (status !== 'free') {
      for (const b of busy) out.push({ id: b.id, scheduleId: doctor.id, status: 'busy', start: new Date(b.startsAt), end: new Date(b.endsAt), clinicName: b.clinicName });
    }
    if (status !== 'busy') {
      // The doctor's blocked time (with each visit's buffers), as a booking's overlap check sees it.
      const held = await findBusyTimes(deps.db, caller.companyId, [doctor.id], from, before);
      for (const clinic of clinics.filter((x) => x.isActive)) {
        const step = clinic.averageVisitMinutes > 0 ? clinic.averageVisitMinutes : 30;
        const free = freeStarts(
          { clinic: { timeZone: safeTimeZone(clinic.timeZone), workingHours: clinic.workingHours, holidays: clinic.holidays }, doctor, durationMinutes: step, now, busy: held },
          { from, days: SLOT_WINDOW_DAYS + 1, stepMinutes: step, limit: 100 },
        ).filter((s) => s.endsAt <= before);
        for (const s of free) {
          const key = createHash('sha256').update(`${doctor.id}|${clinic.id}`).digest('hex').slice(0, 16);
          out.push({ id: `free-${key}-${Math.round(s.startsAt.getTime() / 60_000).toString(36)}`, scheduleId: doctor.id, status: 'free', start: s.startsAt, end: s.endsAt, clinicName: clinic.name });
        }
      }
    }
  }
  out.sort((x, y) => x.start.getTime() - y.start.getTime() || x.id.localeCompare(y.id));
  const pageRows = out.slice(page.offset, page.offset + page.count);
  return searchset(call.base, 'Slot', q, page, out.length, pageRows.map(slotResource));
}

/** Appointments that hold a doctor's time, as busy slots. */
const ACTIVE_OR_DONE: readonly AppointmentStatus[] = [...ACTIVE_APPOINTMENT_STATUSES, 'completed'];

/** One resource by id, or 404 (another company's id answers exactly like an unknown one). */
export async function read(deps: Deps, ctx: RequestContext, caller: Caller, type: ReadType, id: string): Promise<Resource> {
  if (!isId(id)) throw notFound();
  const bundle = await search(deps, ctx, caller, type, { _id: id });
  const entry = (bundle.entry as Array<{ resource: Resource }> | undefined)?.[0];
  if (!entry) throw notFound();
  return entry.resource;
}
