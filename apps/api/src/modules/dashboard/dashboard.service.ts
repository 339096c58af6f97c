import { and, asc, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import { planAllows, type AppointmentStatus, type DashboardAgendaItem, type DashboardFigures, type DashboardQuery } from '@clinic/shared';
import { appointments, clinicCollections, clinics, employeeClinics, employees, patients, services } from '../../db/schema/index.js';
import type { Caller, Deps } from '../../lib/app-types.js';
import { forbidden, notFound } from '../../lib/errors.js';
import { addDays, calendarDays, localTime, safeTimeZone, zonedIso } from '../../domain/scheduling/time-zone.js';
import { todayIn } from '../patients/patients.domain.js';
import { dashboardFiguresOf, type DashAppointment } from './dashboard.domain.js';

/** Most appointments today's agenda lists. */
const AGENDA_CAP = 300;

/** Instants safely around clinic-local days `from`..`to` in any zone (a day either side). */
const around = (from: string, to: string) => ({ start: new Date(`${addDays(from, -1)}T00:00:00Z`), end: new Date(`${addDays(to, 2)}T00:00:00Z`) });

export async function dashboard(deps: Deps, caller: Caller, q: DashboardQuery): Promise<DashboardFigures> {
  const db = deps.db;
  const companyId = caller.companyId;
  const today = todayIn(caller.timeZone, new Date());
  const from = q.from ?? q.to ?? today;
  const to = q.to ?? q.from ?? today;
  const days = calendarDays(from, to)?.length ?? 1;

  // The scope: one clinic, the clinics of a complex (when the plan has complexes), or every clinic.
  let complexRef: { _id: string; name: string; publicId: string } | null = null;
  const where: SQL[] = [eq(clinics.companyId, companyId)];
  if (q.clinic) where.push(eq(clinics.id, q.clinic));
  if (q.complex) {
    if (!planAllows(caller.plan as never, 'complex')) throw forbidden();
    const [c] = await db.select({ id: clinicCollections.id, name: clinicCollections.name, publicId: clinicCollections.publicId }).from(clinicCollections)
      .where(and(eq(clinicCollections.companyId, companyId), eq(clinicCollections.id, q.complex))).limit(1);
    if (!c) throw notFound();
    complexRef = { _id: c.id, name: c.name, publicId: c.publicId };
    where.push(eq(clinics.clinicCollectionId, q.complex));
  }
  const scope = await db
    .select({ id: clinics.id, name: clinics.name, publicId: clinics.publicId, timeZone: clinics.timeZone, workingHours: clinics.workingHours, holidays: clinics.holidays })
    .from(clinics).where(and(...where)).orderBy(asc(clinics.name));
  if (q.clinic && !scope.length) throw notFound();
  const clinicIds = scope.map((c) => c.id);
  const calendars = scope.map((c) => ({ id: c.id, timeZone: safeTimeZone(c.timeZone), workingHours: c.workingHours, holidays: c.holidays }));

  const window = around(from, to);
  const rows = clinicIds.length ? await db
    .select({
      clinicId: appointments.clinicId, doctorId: appointments.doctorId, patientId: appointments.patientId,
      startsAt: appointments.startsAt, endsAt: appointments.endsAt, status: appointments.status, lateCancellation: appointments.lateCancellation,
      arrivedAt: appointments.arrivedAt, calledInAt: appointments.calledInAt, price: services.price,
    })
    .from(appointments)
    .innerJoin(services, and(eq(services.companyId, appointments.companyId), eq(services.id, appointments.serviceId)))
    .where(and(eq(appointments.companyId, companyId), inArray(appointments.clinicId, clinicIds), gte(appointments.startsAt, window.start), lt(appointments.startsAt, window.end)))
    : [];
  const visits: DashAppointment[] = rows.map((r) => ({ ...r, status: r.status as AppointmentStatus, price: Number(r.price) || 0 }));

  // Doctors working at the scope's clinics, and any doctor booked there in the period.
  const links = clinicIds.length ? await db.select({ employeeId: employeeClinics.employeeId, clinicId: employeeClinics.clinicId }).from(employeeClinics)
    .where(and(eq(employeeClinics.companyId, companyId), inArray(employeeClinics.clinicId, clinicIds))) : [];
  const doctorIds = [...new Set([...links.map((l) => l.employeeId), ...visits.map((v) => v.doctorId)])];
  const doctorRows = doctorIds.length ? await db
    .select({ id: employees.id, name: employees.name, publicId: employees.publicId, employeeType: employees.employeeType, workingHours: employees.workingHours, breakTimes: employees.breakTimes, vacationRecords: employees.vacationRecords })
    .from(employees).where(and(eq(employees.companyId, companyId), inArray(employees.id, doctorIds))).orderBy(asc(employees.name)) : [];
  const booked = new Set(visits.map((v) => v.doctorId));
  const doctors = doctorRows
    .filter((d) => d.employeeType === 'Doctor' || booked.has(d.id))
    .map((d) => ({ ...d, clinicIds: links.filter((l) => l.employeeId === d.id).map((l) => l.clinicId) }));

  // Each patient's first completed visit anywhere in the company, for those with one in the period.
  const completedPatients = [...new Set(visits.filter((v) => v.status === 'completed').map((v) => v.patientId))];
  const firsts = await firstCompletedVisits(deps, companyId, completedPatients);
  const firstCompleted = new Map(firsts.filter((f) => f.first !== null).map((f) => [f.patientId, f.first instanceof Date ? f.first : new Date(String(f.first))]));

  const figures = dashboardFiguresOf({ from, to, clinics: calendars, doctors, appointments: visits, firstCompleted });
  const names = new Map(doctors.map((d) => [d.id, { _id: d.id, name: d.name, publicId: d.publicId }]));

  return {
    period: { from, to, days },
    scope: {
      clinic: q.clinic && scope[0] ? { _id: scope[0].id, name: scope[0].name, publicId: scope[0].publicId } : null,
      complex: complexRef,
      clinics: scope.length,
    },
    ...figures,
    utilisation: figures.utilisation.map(({ doctorId, ...u }) => ({ doctor: names.get(doctorId) ?? { _id: doctorId, name: '' }, ...u })),
    today,
    agenda: await agenda(deps, companyId, scope, today),
  };
}

/** Patients per statement of the first-visit lookup (each is a bound parameter). */
const FIRST_VISIT_CHUNK = 2000;

/**
 * Each patient's first completed visit anywhere in the company: one index probe per patient (company, patient, start),
 * rather than a scan of the company's appointments for a long list of patients.
 */
async function firstCompletedVisits(deps: Deps, companyId: string, patientIds: string[]) {
  const out: Array<{ patientId: string; first: unknown }> = [];
  for (let i = 0; i < patientIds.length; i += FIRST_VISIT_CHUNK) {
    const chunk = patientIds.slice(i, i + FIRST_VISIT_CHUNK);
    const rows = await deps.db.execute<{ patient_id: string; first: unknown }>(sql`
      select p.id as patient_id,
        (select a.starts_at from ${appointments} a
          where a.company_id = ${companyId} and a.patient_id = p.id and a.status = 'completed'
          order by a.starts_at limit 1) as first
      from unnest(array[${sql.join(chunk.map((id) => sql`${id}::uuid`), sql`, `)}]) as p(id)`);
    for (const r of (rows as unknown as { rows: Array<{ patient_id: string; first: unknown }> }).rows) out.push({ patientId: r.patient_id, first: r.first });
  }
  return out;
}

/** Today's appointments of the scope (clinic-local today), earliest first. */
async function agenda(deps: Deps, companyId: string, scope: Array<{ id: string; name: string; publicId: string; timeZone: string }>, today: string): Promise<DashboardAgendaItem[]> {
  if (!scope.length) return [];
  const window = around(today, today);
  const rows = await deps.db
    .select({
      id: appointments.id, publicId: appointments.publicId, startsAt: appointments.startsAt, endsAt: appointments.endsAt, status: appointments.status,
      clinicId: appointments.clinicId, patientId: patients.id, patientName: patients.name, patientPublicId: patients.publicId,
      doctorId: employees.id, doctorName: employees.name, serviceId: services.id, serviceName: services.name,
    })
    .from(appointments)
    .innerJoin(patients, and(eq(patients.companyId, appointments.companyId), eq(patients.id, appointments.patientId)))
    .innerJoin(employees, and(eq(employees.companyId, appointments.companyId), eq(employees.id, appointments.doctorId)))
    .innerJoin(services, and(eq(services.companyId, appointments.companyId), eq(services.id, appointments.serviceId)))
    .where(and(
      eq(appointments.companyId, companyId),
      inArray(appointments.clinicId, scope.map((c) => c.id)),
      gte(appointments.startsAt, window.start),
      lt(appointments.startsAt, window.end),
    ))
    .orderBy(asc(appointments.startsAt), asc(appointments.publicId))
    .limit(AGENDA_CAP * 3);
  const byId = new Map(scope.map((c) => [c.id, c]));
  return rows
    .filter((r) => localTime(r.startsAt, safeTimeZone(byId.get(r.clinicId)?.timeZone)).date === today)
    .slice(0, AGENDA_CAP)
    .map((r) => {
      const clinic = byId.get(r.clinicId)!;
      const zone = safeTimeZone(clinic.timeZone);
      return {
        _id: r.id, publicId: r.publicId, datetime: zonedIso(r.startsAt, zone), endsAt: zonedIso(r.endsAt, zone), status: r.status as AppointmentStatus,
        patient: { _id: r.patientId, name: r.patientName, publicId: r.patientPublicId },
        doctor: { _id: r.doctorId, name: r.doctorName },
        clinic: { _id: clinic.id, name: clinic.name, publicId: clinic.publicId },
        service: { _id: r.serviceId, name: r.serviceName },
      };
    });
}
