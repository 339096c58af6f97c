/**
 * The queries behind the FHIR API, always inside the caller's company. Each search is one page query and one count,
 * raw SQL with numbered parameters (the filters are optional and many); no value is ever written into the text (the
 * Appointment search is one statement that writes its entries too: fhir.appointment-sql.ts). The audit of patient
 * reads and the bulk exports' rows and files are written with Drizzle.
 */
import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import type { AppointmentStatus } from '@clinic/shared';
import type { Database, Db } from '../../db/client.js';
import { fhirExportChunks, fhirExports } from '../../db/schema/index.js';
import type { RequestContext } from '../../lib/request-context.js';
import type { ClinicRow, DoctorRow, OrganizationRow, PatientRow, ServiceRow } from './fhir.resources.js';
import type { Page } from './fhir.search.js';

/** Conditions joined by AND, with `?` placeholders numbered as they are added (the company is always $1). */
export class Where {
  readonly params: unknown[];
  private readonly parts: string[] = [];
  constructor(companyId: string, private readonly alias: string) {
    this.params = [companyId];
    this.parts.push(`${alias}.company_id = $1`);
  }
  /** `text` with one `?` per value. */
  add(text: string, ...values: unknown[]): this {
    let i = 0;
    this.parts.push(text.replace(/\?/g, () => {
      this.params.push(values[i++]);
      return `$${this.params.length}`;
    }));
    return this;
  }
  /** A filter that matches nothing (a reference to something that is not ours). */
  none(): this {
    this.parts.push('false');
    return this;
  }
  get sql(): string {
    return this.parts.join(' and ');
  }
}

/** Escapes LIKE wildcards in a search text. */
export const likeText = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export async function pageOf<T>(db: Database, select: string, from: string, w: Where, order: string, page: Page): Promise<{ rows: T[]; total: number }> {
  const [count] = await db.query<{ n: number }>(`select count(*)::int as n from ${from} where ${w.sql}`, w.params);
  const total = count?.n ?? 0;
  if (page.count === 0 || page.offset >= total) return { rows: [], total };
  const rows = await db.query<T>(
    `select ${select} from ${from} where ${w.sql} order by ${order} limit ${page.count} offset ${page.offset}`,
    w.params,
  );
  return { rows, total };
}

const PATIENT_SELECT = `p.id, p.public_id as "publicId", p.name, p.identity, p.phone, p.email, p.date_of_birth::text as "dateOfBirth",
  p.gender, p.is_active as "isActive", p.details->>'preferredLanguage' as "preferredLanguage", p.updated_at as "updatedAt", p.version`;

export function patientsPage(db: Database, w: Where, page: Page) {
  return pageOf<PatientRow>(db, PATIENT_SELECT, 'patients p', w, 'p.created_at desc, p.id', page);
}

/** Doctors with their clinics and specialities (small lists, aggregated per row). */
const DOCTOR_SELECT = `e.id, e.public_id as "publicId", e.name, e.email, e.gender, e.date_of_birth::text as "dateOfBirth",
  e.is_active as "isActive", e.medical_license_number as "medicalLicenseNumber", e.updated_at as "updatedAt",
  (select c->>'value' from jsonb_array_elements(case when jsonb_typeof(e.contact_infos) = 'array' then e.contact_infos else '[]'::jsonb end) c
    where c->>'type' = 'phone' limit 1) as phone,
  coalesce((select json_agg(json_build_object('id', c.id, 'name', c.name) order by c.name)
    from employee_clinics ec join clinics c on c.company_id = ec.company_id and c.id = ec.clinic_id
    where ec.company_id = e.company_id and ec.employee_id = e.id), '[]') as clinics,
  coalesce((select json_agg(json_build_object('id', s.id, 'name', s.name) order by s.name)
    from employee_specializations es join specializations s on s.company_id = es.company_id and s.id = es.specialization_id
    where es.company_id = e.company_id and es.employee_id = e.id), '[]') as specialities`;

export function doctorWhere(companyId: string): Where {
  return new Where(companyId, 'e').add(`e.employee_type = 'Doctor'`);
}

export function doctorsPage(db: Database, w: Where, page: Page) {
  return pageOf<DoctorRow>(db, DOCTOR_SELECT, 'employees e', w, 'e.name, e.id', page);
}

/** The company, its medical complexes and its departments, as one list. */
const ORGANIZATIONS = `(
  select c.id as id, c.id as company_id, 'company' as kind, null::text as public_id, c.name, true as is_active,
         null::text as phone, null::text as email, cp.address, null::uuid as part_of, c.updated_at, 0 as rank
    from companies c left join company_profiles cp on cp.company_id = c.id
  union all
  select x.id, x.company_id, 'complex', x.public_id, x.name, x.is_active, x.phone, x.email, x.address, x.company_id, x.updated_at, 1
    from clinic_collections x
  union all
  select d.id, d.company_id, 'department', d.public_id, d.name, d.is_active, null, null, d.address,
         coalesce(d.clinic_collection_id, d.company_id), d.updated_at, 2
    from departments d
) o`;
const ORGANIZATION_SELECT = `o.id, o.kind, o.public_id as "publicId", o.name, o.is_active as "isActive", o.phone, o.email,
  o.address, o.part_of as "partOf", o.updated_at as "updatedAt"`;

export function organizationsPage(db: Database, w: Where, page: Page) {
  return pageOf<OrganizationRow>(db, ORGANIZATION_SELECT, ORGANIZATIONS, w, 'o.rank, o.name, o.id', page);
}

const CLINIC_SELECT = `c.id, c.public_id as "publicId", c.name, c.is_active as "isActive", c.time_zone as "timeZone", c.address,
  c.location, coalesce(c.department_id, c.clinic_collection_id, c.company_id) as organization, c.updated_at as "updatedAt"`;

export function clinicsPage(db: Database, w: Where, page: Page) {
  return pageOf<ClinicRow>(db, CLINIC_SELECT, 'clinics c', w, 'c.name, c.id', page);
}

const SERVICE_SELECT = `s.id, s.public_id as "publicId", s.name, s.description, s.price::text as price, s.duration_minutes as "durationMinutes",
  s.is_active as "isActive", s.clinic_id as "clinicId", c.name as "clinicName", null::text as currency, s.updated_at as "updatedAt"`;

export function servicesPage(db: Database, w: Where, page: Page) {
  return pageOf<ServiceRow>(db, SERVICE_SELECT, 'services s join clinics c on c.company_id = s.company_id and c.id = s.clinic_id', w, 's.name, s.id', page);
}

const APPOINTMENT_FROM = `appointments a
  join patients p on p.company_id = a.company_id and p.id = a.patient_id
  join employees e on e.company_id = a.company_id and e.id = a.doctor_id
  join clinics c on c.company_id = a.company_id and c.id = a.clinic_id
  join services s on s.company_id = a.company_id and s.id = a.service_id
  left join encounters en on en.company_id = a.company_id and en.appointment_id = a.id
  left join encounter_notes n on n.company_id = a.company_id and n.encounter_id = en.id`;
/** When an appointment last changed for FHIR: its own change, or its visit's note being marked sensitive or unmarked. */
const APPOINTMENT_UPDATED = 'greatest(a.updated_at, n.sensitive_changed_at)';
const APPOINTMENT_SELECT = `a.id, a.public_id as "publicId", a.status, a.starts_at as "startsAt", a.ends_at as "endsAt", a.reason,
  a.cancellation_reason as "cancellationReason", a.created_at as "createdAt", ${APPOINTMENT_UPDATED} as "updatedAt", a.version,
  coalesce(n.sensitive, false) as sensitive,
  a.patient_id as "patientId", p.name as "patientName", a.doctor_id as "doctorId", e.name as "doctorName",
  a.clinic_id as "clinicId", c.name as "clinicName", a.service_id as "serviceId", s.name as "serviceName"`;

/** One batch of a whole-company read for the bulk export: rows after `afterId` in id order (keyset paging). */
export async function exportBatch(db: Database, type: ExportType, companyId: string, afterId: string | null, size: number, since: Date | null = null): Promise<unknown[]> {
  const spec = EXPORT_SPECS[type];
  const w = spec.where(companyId);
  if (since) w.add(`${spec.updated ?? `${spec.alias}.updated_at`} >= ?`, since);
  if (afterId) w.add(`${spec.alias}.id > ?`, afterId);
  return db.query(`select ${spec.select} from ${spec.from} where ${w.sql} order by ${spec.alias}.id limit ${size}`, w.params);
}

export const EXPORT_TYPES = ['Patient', 'Practitioner', 'PractitionerRole', 'Organization', 'Location', 'HealthcareService', 'Appointment', 'Schedule'] as const;
export type ExportType = (typeof EXPORT_TYPES)[number];

const doctorsSpec = { alias: 'e', select: DOCTOR_SELECT, from: 'employees e', where: doctorWhere };
/** What each type's export reads; `updated` is when a row last changed, where that is not its own `updated_at`. */
const EXPORT_SPECS: Record<ExportType, { alias: string; select: string; from: string; where: (companyId: string) => Where; updated?: string }> = {
  Patient: { alias: 'p', select: PATIENT_SELECT, from: 'patients p', where: (c) => new Where(c, 'p') },
  Practitioner: doctorsSpec,
  PractitionerRole: doctorsSpec,
  Schedule: doctorsSpec,
  Organization: { alias: 'o', select: ORGANIZATION_SELECT, from: ORGANIZATIONS, where: (c) => new Where(c, 'o') },
  Location: { alias: 'c', select: CLINIC_SELECT, from: 'clinics c', where: (c) => new Where(c, 'c') },
  HealthcareService: { alias: 's', select: SERVICE_SELECT, from: 'services s join clinics c on c.company_id = s.company_id and c.id = s.clinic_id', where: (c) => new Where(c, 's') },
  Appointment: { alias: 'a', select: APPOINTMENT_SELECT, from: APPOINTMENT_FROM, where: (c) => new Where(c, 'a'), updated: APPOINTMENT_UPDATED },
};

/** Clinics of a doctor with what free-slot search needs. */
export function doctorClinicCalendars(db: Database, companyId: string, doctorId: string) {
  return db.query<{ id: string; name: string; timeZone: string; workingHours: unknown; holidays: unknown; averageVisitMinutes: number; isActive: boolean }>(
    `select c.id, c.name, c.time_zone as "timeZone", c.working_hours as "workingHours", c.holidays, c.average_visit_minutes as "averageVisitMinutes",
            c.is_active as "isActive"
       from employee_clinics ec join clinics c on c.company_id = ec.company_id and c.id = ec.clinic_id
      where ec.company_id = $1 and ec.employee_id = $2 order by c.name`,
    [companyId, doctorId],
  );
}

/** A doctor's appointments that hold time within a window (for busy slots). */
export function doctorBusy(db: Database, companyId: string, doctorId: string, from: Date, before: Date, statuses: readonly AppointmentStatus[]) {
  return db.query<{ id: string; startsAt: Date; endsAt: Date; clinicName: string }>(
    `select a.id, a.starts_at as "startsAt", a.ends_at as "endsAt", c.name as "clinicName"
       from appointments a join clinics c on c.company_id = a.company_id and c.id = a.clinic_id
      where a.company_id = $1 and a.doctor_id = $2 and a.starts_at < $4 and a.ends_at > $3 and a.status = any($5)
      order by a.starts_at limit 500`,
    [companyId, doctorId, from, before, statuses],
  );
}

// ---------------------------------------------------------------------------------------------------------
// Writes: the audit of patient reads, and the bulk exports with their files (fhir_exports, fhir_export_chunks)

/**
 * One audit entry per patient read through FHIR (`via` says which search), with the request's address, in the order
 * given. One statement whatever the number of patients (the ids travel as one array).
 */
export async function insertPatientReads(
  db: Db, ctx: RequestContext, who: { companyId: string; actorId: string; via: string }, patientIds: readonly string[],
): Promise<void> {
  if (!patientIds.length) return;
  await db.execute(sql`insert into audit_log (company_id, actor_id, action, entity, entity_id, changes, ip, user_agent, request_id)
    select ${who.companyId}::uuid, ${who.actorId}::uuid, 'read', 'patient', t.id, jsonb_build_object('via', ${who.via}::text),
           ${ctx.ip ?? null}::text, ${ctx.userAgent ?? null}::text, ${ctx.requestId ?? null}::text
      from unnest(${sql.param([...patientIds])}::text[]) with ordinality as t(id, n)
     order by t.n`);
}

export type ExportRow = typeof fhirExports.$inferSelect;

/**
 * A new running export; a second running export of the company breaks the unique index (23505). Its time is the
 * moment the row is written (not its transaction's start), so an export started after another finished is dated after it.
 */
export async function insertExport(db: Db, values: { companyId: string; requestedBy: string; request: string; types: string[]; since: Date | null }) {
  const [row] = await db.insert(fhirExports).values({ ...values, createdAt: sql`clock_timestamp()` }).returning({ id: fhirExports.id });
  return row!;
}

/** The export `id` of the company, only if `requestedBy` started it (an export is its requester's alone). */
export async function findExportRow(db: Db, companyId: string, id: string, requestedBy: string): Promise<ExportRow | undefined> {
  const [row] = await db.select().from(fhirExports)
    .where(and(eq(fhirExports.companyId, companyId), eq(fhirExports.id, id), eq(fhirExports.requestedBy, requestedBy))).limit(1);
  return row;
}

/** Removes an export, its files with it (the chunks cascade). */
export async function deleteExport(db: Db, companyId: string, id: string): Promise<void> {
  await db.delete(fhirExports).where(and(eq(fhirExports.companyId, companyId), eq(fhirExports.id, id)));
}

/** Removes the company's (null: every company's) exports created before `before`, with their files; returns how many. */
export async function deleteExportsBefore(db: Db, companyId: string | null, before: Date): Promise<number> {
  const gone = await db.delete(fhirExports)
    .where(and(companyId ? eq(fhirExports.companyId, companyId) : undefined, lt(fhirExports.createdAt, before)))
    .returning({ id: fhirExports.id });
  return gone.length;
}

/** Tells a still running export it is alive; false when it is no longer running (cancelled: its row is gone). */
export async function heartbeatExport(db: Db, companyId: string, id: string): Promise<boolean> {
  const [still] = await db.update(fhirExports).set({ heartbeatAt: new Date() })
    .where(and(eq(fhirExports.companyId, companyId), eq(fhirExports.id, id), eq(fhirExports.status, 'running')))
    .returning({ id: fhirExports.id });
  return Boolean(still);
}

/** A running export is done, with what each of its files holds. */
export async function finishExport(db: Db, companyId: string, id: string, output: Array<{ type: string; count: number; bytes: number }>): Promise<void> {
  await db.update(fhirExports).set({ status: 'done', output, finishedAt: new Date() })
    .where(and(eq(fhirExports.companyId, companyId), eq(fhirExports.id, id), eq(fhirExports.status, 'running')));
}

/**
 * Marks running exports whose heartbeat is older than `cutoff` failed with `reason` (their server died): the
 * company's (and only `id` when given), or every company's (the sweep). The heartbeat is re-checked in the same
 * statement, so an export that has just shown a sign of life is left running. Returns how many were failed.
 */
export async function failStaleExports(db: Db, scope: { companyId?: string; id?: string }, cutoff: Date, reason: string): Promise<number> {
  const rows = await db.update(fhirExports).set({ status: 'failed', error: reason, finishedAt: new Date() })
    .where(and(
      scope.companyId ? eq(fhirExports.companyId, scope.companyId) : undefined, scope.id ? eq(fhirExports.id, scope.id) : undefined,
      eq(fhirExports.status, 'running'), lt(fhirExports.heartbeatAt, cutoff),
    ))
    .returning({ id: fhirExports.id });
  return rows.length;
}

/** An export failed (`onlyRunning`: only if it is still marked running). */
export async function failExport(db: Db, companyId: string, id: string, error: string, opts: { onlyRunning: boolean }): Promise<void> {
  await db.update(fhirExports).set({ status: 'failed', error, finishedAt: new Date() })
    .where(and(eq(fhirExports.companyId, companyId), eq(fhirExports.id, id), opts.onlyRunning ? eq(fhirExports.status, 'running') : undefined));
}

export async function insertExportChunk(db: Db, values: { companyId: string; exportId: string; type: string; seq: number; data: Buffer }): Promise<void> {
  await db.insert(fhirExportChunks).values(values);
}

/** Up to `limit` chunks of one export file, from `fromSeq` on, in order. */
export function exportChunksFrom(db: Db, companyId: string, exportId: string, type: string, fromSeq: number, limit: number) {
  return db.select({ seq: fhirExportChunks.seq, data: fhirExportChunks.data }).from(fhirExportChunks)
    .where(and(eq(fhirExportChunks.companyId, companyId), eq(fhirExportChunks.exportId, exportId), eq(fhirExportChunks.type, type), gte(fhirExportChunks.seq, fromSeq)))
    .orderBy(asc(fhirExportChunks.seq))
    .limit(limit);
}
