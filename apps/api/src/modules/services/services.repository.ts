/** Every query of the services area. All of them are scoped by company. */
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { pageWindow, type Ref, type ServiceListQuery } from '@clinic/shared';
import type { Db } from '../../db/client.js';
import { appointments, clinics, employees, serviceDoctors, services } from '../../db/schema/index.js';
import { listFilters, namedListSorts, orderBy } from '../../lib/list.js';
import { nextVersion } from '../../lib/versioning.js';

export type ServiceRow = typeof services.$inferSelect;
export type ServiceColumns = Omit<typeof services.$inferInsert, 'companyId' | 'publicId'>;

const sortColumns = {
  ...namedListSorts(services),
  price: [services.price, services.id],
  clinic: [clinics.name, services.id],
  updatedAt: [services.updatedAt, services.id],
} as const;

const joinClinic = and(eq(clinics.companyId, services.companyId), eq(clinics.id, services.clinicId));

/**
 * One page of the company's services with their clinic's name, and the total of the filter. `clinicId` is the clinic
 * filter, already checked to be an id.
 */
export async function findServicePage(db: Db, companyId: string, q: ServiceListQuery, clinicId: string | undefined) {
  const where = listFilters(services.companyId, companyId, q, {
    searchIn: [services.name, services.publicId, services.description, clinics.name], isActive: services.isActive,
  });
  if (clinicId) where.push(eq(services.clinicId, clinicId));
  if (q.doctor) {
    where.push(sql`exists (select 1 from ${serviceDoctors} sd where sd.company_id = ${services.companyId}
      and sd.service_id = ${services.id} and sd.employee_id = ${q.doctor})`);
  }
  const filter = and(...where);
  const w = pageWindow(q);
  const [rows, totals] = await Promise.all([
    db
      .select({ service: services, clinicName: clinics.name })
      .from(services)
      .innerJoin(clinics, joinClinic)
      .where(filter)
      .orderBy(...orderBy([...sortColumns[q.sortBy]], q.order))
      .limit(w.limit)
      .offset(w.offset),
    db.select({ n: count() }).from(services).innerJoin(clinics, joinClinic).where(filter),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}

/** The service with its clinic's name. */
export async function findServiceRow(db: Db, companyId: string, id: string) {
  const [row] = await db
    .select({ service: services, clinicName: clinics.name })
    .from(services)
    .innerJoin(clinics, joinClinic)
    .where(and(eq(services.companyId, companyId), eq(services.id, id)))
    .limit(1);
  return row ?? null;
}

/** The doctors of several services in one query, as `{ _id, name }` per service id. */
export async function doctorsOf(db: Db, companyId: string, serviceIds: string[]) {
  const map = new Map<string, Ref[]>();
  if (!serviceIds.length) return map;
  const rows = await db
    .select({ serviceId: serviceDoctors.serviceId, _id: employees.id, name: employees.name })
    .from(serviceDoctors)
    .innerJoin(employees, and(eq(employees.companyId, serviceDoctors.companyId), eq(employees.id, serviceDoctors.employeeId)))
    .where(and(eq(serviceDoctors.companyId, companyId), inArray(serviceDoctors.serviceId, serviceIds)))
    .orderBy(employees.name);
  for (const r of rows) {
    const list = map.get(r.serviceId) ?? [];
    list.push({ _id: r._id, name: r.name });
    map.set(r.serviceId, list);
  }
  return map;
}

export async function findClinicRef(db: Db, companyId: string, clinicId: string) {
  const [clinic] = await db
    .select({ id: clinics.id, name: clinics.name })
    .from(clinics)
    .where(and(eq(clinics.companyId, companyId), eq(clinics.id, clinicId)))
    .limit(1);
  return clinic ?? null;
}

/** How many of `ids` are active doctors of the company. */
export async function activeDoctorCount(db: Db, companyId: string, ids: string[]): Promise<number> {
  const found = await db
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.companyId, companyId), inArray(employees.id, ids), eq(employees.employeeType, 'Doctor'), eq(employees.isActive, true)));
  return found.length;
}

/** Inserts a service and answers its id. */
export async function insertService(db: Db, companyId: string, publicId: string, columns: ServiceColumns): Promise<string> {
  const [row] = await db.insert(services).values({ companyId, publicId, ...columns }).returning({ id: services.id });
  if (!row) throw new Error('service insert returned nothing');
  return row.id;
}

/** Sets the columns given and raises the version, only while the service is at `version`; false when no row matched. */
export async function updateServiceAtVersion(db: Db, companyId: string, id: string, version: number, set: Partial<ServiceColumns>): Promise<boolean> {
  const [updated] = await db.update(services).set({ ...set, version: nextVersion(services.version) })
    .where(and(eq(services.companyId, companyId), eq(services.id, id), eq(services.version, version)))
    .returning({ id: services.id });
  return Boolean(updated);
}

export async function insertServiceDoctors(db: Db, companyId: string, serviceId: string, doctorIds: readonly string[]) {
  await db.insert(serviceDoctors).values(doctorIds.map((employeeId) => ({ companyId, serviceId, employeeId })));
}

export async function replaceServiceDoctors(db: Db, companyId: string, serviceId: string, doctorIds: readonly string[]) {
  await db.delete(serviceDoctors).where(and(eq(serviceDoctors.companyId, companyId), eq(serviceDoctors.serviceId, serviceId)));
  await insertServiceDoctors(db, companyId, serviceId, doctorIds);
}

/** Appointments booked for each of the services, by service id (services without any are left out). */
export async function appointmentCounts(db: Db, companyId: string, serviceIds: string[]) {
  const rows = await db
    .select({ serviceId: appointments.serviceId, n: count() })
    .from(appointments)
    .where(and(eq(appointments.companyId, companyId), inArray(appointments.serviceId, serviceIds)))
    .groupBy(appointments.serviceId);
  return new Map(rows.map((r) => [r.serviceId, Number(r.n)]));
}

/** The services of the company among `ids` (those of another company or gone are left out). */
export function findServicesByIds(db: Db, companyId: string, ids: string[]) {
  return db
    .select({ id: services.id, name: services.name, isActive: services.isActive })
    .from(services)
    .where(and(eq(services.companyId, companyId), inArray(services.id, ids)));
}

/** Deletes the services among `ids`; answers those deleted. */
export function deleteServiceRows(db: Db, companyId: string, ids: string[]) {
  return db.delete(services).where(and(eq(services.companyId, companyId), inArray(services.id, ids))).returning({ id: services.id, name: services.name });
}

/** Switches the services among `ids` not already in that status; answers those switched. */
export function setServicesActive(db: Db, companyId: string, ids: string[], isActive: boolean) {
  return db
    .update(services)
    .set({ isActive, updatedAt: new Date(), version: nextVersion(services.version) })
    .where(and(eq(services.companyId, companyId), inArray(services.id, ids), eq(services.isActive, !isActive)))
    .returning({ id: services.id });
}
