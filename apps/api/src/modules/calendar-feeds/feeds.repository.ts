/**
 * Every query of the calendar feeds, each scoped by company, except finding a feed by its secret's hash: the address
 * is the credential and names no company (what is read next is scoped by the feed's company).
 */
import { and, count, desc, eq, getTableColumns, isNull } from 'drizzle-orm';
import type { Database, Db } from '../../db/client.js';
import { calendarFeeds, clinics, employees } from '../../db/schema/index.js';

export type FeedRow = typeof calendarFeeds.$inferSelect;
export type FeedWithNames = FeedRow & { doctorName: string | null; clinicName: string | null };

/**
 * The live (not revoked) feeds a caller may manage: all of the company's when `doctorId` is null, otherwise only
 * that doctor's feed.
 */
export interface FeedScope {
  companyId: string;
  doctorId: string | null;
}

function scoped(scope: FeedScope) {
  const live = and(eq(calendarFeeds.companyId, scope.companyId), isNull(calendarFeeds.revokedAt));
  return scope.doctorId === null ? live : and(live, eq(calendarFeeds.doctorId, scope.doctorId));
}

/** The feeds in scope (one when `id` is given), latest first, with their doctor's and clinic's names. */
export async function findFeeds(db: Db, scope: FeedScope, id?: string, w = { limit: 1, offset: 0 }): Promise<FeedWithNames[]> {
  return db
    .select({ ...getTableColumns(calendarFeeds), doctorName: employees.name, clinicName: clinics.name })
    .from(calendarFeeds)
    .leftJoin(employees, and(eq(employees.companyId, calendarFeeds.companyId), eq(employees.id, calendarFeeds.doctorId)))
    .leftJoin(clinics, and(eq(clinics.companyId, calendarFeeds.companyId), eq(clinics.id, calendarFeeds.clinicId)))
    .where(and(scoped(scope), id ? eq(calendarFeeds.id, id) : undefined))
    .orderBy(desc(calendarFeeds.createdAt), desc(calendarFeeds.id))
    .limit(w.limit).offset(w.offset);
}

/** How many live feeds are in scope. */
export async function countFeeds(db: Db, scope: FeedScope): Promise<number> {
  const [row] = await db.select({ n: count() }).from(calendarFeeds).where(scoped(scope));
  return row?.n ?? 0;
}

export async function doctorExists(db: Db, companyId: string, doctorId: string): Promise<boolean> {
  const [doctor] = await db.select({ id: employees.id }).from(employees)
    .where(and(eq(employees.companyId, companyId), eq(employees.id, doctorId), eq(employees.employeeType, 'Doctor'))).limit(1);
  return !!doctor;
}

export async function clinicExists(db: Db, companyId: string, clinicId: string): Promise<boolean> {
  const [clinic] = await db.select({ id: clinics.id }).from(clinics)
    .where(and(eq(clinics.companyId, companyId), eq(clinics.id, clinicId))).limit(1);
  return !!clinic;
}

export async function insertFeed(
  db: Db,
  values: { companyId: string; doctorId: string | null; clinicId: string | null; showNames: boolean; secretHash: string; createdBy: string },
): Promise<string> {
  const [row] = await db.insert(calendarFeeds).values(values).returning({ id: calendarFeeds.id });
  return row!.id;
}

/** Replaces a feed's secret, if the feed is in scope and live; false otherwise. */
export async function replaceSecret(db: Db, scope: FeedScope, id: string, secretHash: string, at: Date): Promise<boolean> {
  const [row] = await db.update(calendarFeeds).set({ secretHash, rotatedAt: at })
    .where(and(scoped(scope), eq(calendarFeeds.id, id))).returning({ id: calendarFeeds.id });
  return !!row;
}

/** Ends a feed, if it is in scope and live; false otherwise. */
export async function revoke(db: Db, scope: FeedScope, id: string, at: Date): Promise<boolean> {
  const [row] = await db.update(calendarFeeds).set({ revokedAt: at })
    .where(and(scoped(scope), eq(calendarFeeds.id, id))).returning({ id: calendarFeeds.id });
  return !!row;
}

/** The live feed whose secret has this hash, whichever company it belongs to. */
export async function findLiveFeedBySecretHash(db: Db, secretHash: string): Promise<FeedRow | null> {
  const [feed] = await db.select().from(calendarFeeds)
    .where(and(eq(calendarFeeds.secretHash, secretHash), isNull(calendarFeeds.revokedAt))).limit(1);
  return feed ?? null;
}

export interface FeedEvent {
  id: string; publicId: string; status: string; startsAt: Date; endsAt: Date; updatedAt: Date; version: number; reason: string;
  patientId: string; patientName: string; doctorName: string; clinicName: string; clinicAddress: string | null; timeZone: string; serviceName: string;
}

/**
 * The appointments of a feed's doctor or clinic starting in [from, to), earliest first, at most `cap`. A visit whose
 * encounter note is marked sensitive comes without its reason (an outside calendar is no place for it), and counts as
 * changed when the mark last flipped.
 */
export async function feedEvents(database: Database, feed: FeedRow, from: Date, to: Date, cap: number): Promise<FeedEvent[]> {
  return database.query<FeedEvent>(
    `select a.id, a.public_id as "publicId", a.status, a.starts_at as "startsAt", a.ends_at as "endsAt",
            greatest(a.updated_at, n.sensitive_changed_at) as "updatedAt", a.version,
            case when n.sensitive then '' else a.reason end as reason,
            a.patient_id as "patientId", p.name as "patientName", e.name as "doctorName", c.name as "clinicName",
            c.address as "clinicAddress", c.time_zone as "timeZone", s.name as "serviceName"
       from appointments a
       join patients p on p.company_id = a.company_id and p.id = a.patient_id
       join employees e on e.company_id = a.company_id and e.id = a.doctor_id
       join clinics c on c.company_id = a.company_id and c.id = a.clinic_id
       join services s on s.company_id = a.company_id and s.id = a.service_id
       left join encounters en on en.company_id = a.company_id and en.appointment_id = a.id
       left join encounter_notes n on n.company_id = a.company_id and n.encounter_id = en.id
      where a.company_id = $1 and a.starts_at >= $2 and a.starts_at < $3
        and ${feed.doctorId ? 'a.doctor_id = $4' : 'a.clinic_id = $4'}
      order by a.starts_at, a.id
      limit ${Math.max(0, Math.trunc(cap))}`,
    [feed.companyId, from, to, feed.doctorId ?? feed.clinicId],
  );
}

/** The name of the feed's doctor or clinic (the calendar's name), or null. */
export async function feedOwnerName(db: Db, feed: FeedRow): Promise<string | null> {
  const [owner] = feed.doctorId
    ? await db.select({ name: employees.name }).from(employees).where(and(eq(employees.companyId, feed.companyId), eq(employees.id, feed.doctorId)))
    : await db.select({ name: clinics.name }).from(clinics).where(and(eq(clinics.companyId, feed.companyId), eq(clinics.id, feed.clinicId!)));
  return owner?.name ?? null;
}
