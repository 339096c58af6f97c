/** Every query of the clinics area. All of them are scoped by company. */
import { and, count, eq, sql } from 'drizzle-orm';
import { pageWindow, type ClinicListQuery, type Ref } from '@clinic/shared';
import type { Db } from '../../db/client.js';
import {
  appointments, clinicCollections, clinicSpecializations, clinics, companies, departments, employeeClinics, employees, services, specializations,
} from '../../db/schema/index.js';
import { exactTotal, listValues, listWhere, namedListSorts, offsetOf, orderBy, placeholder as ph, presentValues } from '../../lib/list.js';
import { prepared } from '../../lib/prepared.js';
import { nextVersion } from '../../lib/versioning.js';
import { qualified, refOf } from '../../lib/sql.js';

export type ClinicRow = typeof clinics.$inferSelect;
export type ClinicColumns = Omit<typeof clinics.$inferInsert, 'companyId' | 'publicId'>;

const sortColumns = {
  ...namedListSorts(clinics),
} as const;

/** A clinic with the names it shows, in one statement: person in charge, department, complex and specialities. */
const withRefs = {
  row: clinics,
  PIC: refOf(employees, clinics.companyId, clinics.picId),
  department: refOf(departments, clinics.companyId, clinics.departmentId),
  clinicCollection: refOf(clinicCollections, clinics.companyId, clinics.clinicCollectionId),
  specializations: sql<Ref[]>`coalesce((
    select json_agg(json_build_object('_id', s.id, 'name', s.name, 'publicId', s.public_id) order by s.name, s.id)
    from ${clinicSpecializations} cs join ${specializations} s on s.company_id = cs.company_id and s.id = cs.specialization_id
    where cs.company_id = ${qualified(clinics.companyId)} and cs.clinic_id = ${qualified(clinics.id)}), '[]'::json)`,
};

export type ClinicWithRefs = { row: ClinicRow; PIC: Ref | null; department: Ref | null; clinicCollection: Ref | null; specializations: Ref[] };

/** One page of the company's clinics with the names they show, and the total of the filter (prepared per shape). */
export async function findClinicPage(db: Db, companyId: string, q: ClinicListQuery): Promise<{ rows: ClinicWithRefs[]; total: number }> {
  const on = { searchIn: [clinics.name, clinics.publicId], isActive: clinics.isActive };
  const values = { ...listValues(companyId, q, on), ...presentValues({ departmentId: q.departmentId, clinicCollectionId: q.clinicCollectionId }) };
  const shape = `${Object.keys(values).join(',')}:${q.sortBy}:${q.order}`;
  const filter = () => {
    const where = listWhere(clinics.companyId, values, ph, on);
    if (values.departmentId !== undefined) where.push(eq(clinics.departmentId, ph('departmentId')));
    if (values.clinicCollectionId !== undefined) where.push(eq(clinics.clinicCollectionId, ph('clinicCollectionId')));
    return and(...where);
  };
  const w = pageWindow(q);
  const page = prepared(db, `clinics.page:${shape}:${w.offset > 0}`, (name) => db.select(withRefs).from(clinics).where(filter())
    .orderBy(...orderBy([...sortColumns[q.sortBy]], q.order)).limit(ph('limit')).offset(offsetOf(w.offset)).prepare(name));
  const rows = await page.execute({ ...values, limit: w.limit, offset: w.offset });
  const total = await exactTotal(rows.length, w, async () => {
    const counted = prepared(db, `clinics.count:${shape}`, (name) => db.select({ n: count() }).from(clinics).where(filter()).prepare(name));
    const [n] = await counted.execute(values);
    return n?.n ?? 0;
  });
  return { rows, total };
}

export async function findClinicWithRefs(db: Db, companyId: string, id: string): Promise<ClinicWithRefs | null> {
  const [found] = await db.select(withRefs).from(clinics).where(and(eq(clinics.companyId, companyId), eq(clinics.id, id))).limit(1);
  return found ?? null;
}

export async function findClinic(db: Db, companyId: string, id: string): Promise<ClinicRow | null> {
  const [row] = await db.select().from(clinics).where(and(eq(clinics.companyId, companyId), eq(clinics.id, id))).limit(1);
  return row ?? null;
}

/** `{ _id, name, publicId }` of the clinic's services, by name. */
export function clinicServiceRefs(db: Db, companyId: string, clinicId: string) {
  return db.select({ _id: services.id, name: services.name, publicId: services.publicId }).from(services)
    .where(and(eq(services.companyId, companyId), eq(services.clinicId, clinicId))).orderBy(services.name);
}

export async function companyTimeZone(db: Db, companyId: string): Promise<string> {
  const [row] = await db.select({ timeZone: companies.timeZone }).from(companies).where(eq(companies.id, companyId)).limit(1);
  return row?.timeZone ?? 'UTC';
}

/** Ids of the clinic's specialities, sorted. */
export async function clinicSpecializationIds(db: Db, companyId: string, clinicId: string): Promise<string[]> {
  const rows = await db.select({ id: clinicSpecializations.specializationId }).from(clinicSpecializations)
    .where(and(eq(clinicSpecializations.companyId, companyId), eq(clinicSpecializations.clinicId, clinicId)));
  return rows.map((r) => r.id).sort();
}

export async function replaceClinicSpecializations(db: Db, companyId: string, clinicId: string, ids: readonly string[]) {
  await db.delete(clinicSpecializations).where(and(eq(clinicSpecializations.companyId, companyId), eq(clinicSpecializations.clinicId, clinicId)));
  const unique = [...new Set(ids)];
  if (unique.length) await db.insert(clinicSpecializations).values(unique.map((specializationId) => ({ companyId, clinicId, specializationId })));
}

/** Inserts a clinic and answers its id. */
export async function insertClinic(db: Db, companyId: string, publicId: string, columns: ClinicColumns): Promise<string> {
  const [row] = await db.insert(clinics).values({ companyId, publicId, ...columns }).returning({ id: clinics.id });
  return row!.id;
}

/** Replaces the clinic's columns only while it is at `version` (raising it); false when no row matched. */
export async function updateClinicAtVersion(db: Db, companyId: string, id: string, version: number, columns: ClinicColumns): Promise<boolean> {
  const [updated] = await db.update(clinics).set({ ...columns, updatedAt: new Date(), version: nextVersion(clinics.version) })
    .where(and(eq(clinics.companyId, companyId), eq(clinics.id, id), eq(clinics.version, version))).returning({ id: clinics.id });
  return Boolean(updated);
}

/** What depends on the clinic: its appointments, services and staff links. */
export async function clinicDependents(db: Db, companyId: string, id: string) {
  const [[a], [s], [e]] = await Promise.all([
    db.select({ n: count() }).from(appointments).where(and(eq(appointments.companyId, companyId), eq(appointments.clinicId, id))),
    db.select({ n: count() }).from(services).where(and(eq(services.companyId, companyId), eq(services.clinicId, id))),
    db.select({ n: count() }).from(employeeClinics).where(and(eq(employeeClinics.companyId, companyId), eq(employeeClinics.clinicId, id))),
  ]);
  return { appointments: a?.n ?? 0, services: s?.n ?? 0, staff: e?.n ?? 0 };
}

export async function deleteClinicRow(db: Db, companyId: string, id: string) {
  await db.delete(clinics).where(and(eq(clinics.companyId, companyId), eq(clinics.id, id)));
}
