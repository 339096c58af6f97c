/**
 * Every query of the public booking page. The page names an organisation by its booking address (slug); everything
 * after that is scoped by that organisation's id.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { clinicOnlineBooking, companies, onlineBookings, patientLinkUses, phoneVerifications } from '../../db/schema/index.js';
import { rowsOf } from '../../lib/sql.js';

/** The open organisation at a booking address, or null (no such address, or the organisation is closed). */
export async function findOpenCompanyBySlug(db: Db, slug: string) {
  const [row] = await db.select({ id: companies.id, name: companies.name, timeZone: companies.timeZone, hijriMode: companies.hijriMode })
    .from(companies).where(and(eq(companies.bookingSlug, slug.toLowerCase()), isNull(companies.closedAt))).limit(1);
  return row ?? null;
}

export interface OnlineClinicRow {
  id: string; name: string; complex: string | null; address: string | null; location: { x: number; y: number } | null;
  time_zone: string; first_day_of_week: number; mode: string; min_notice_minutes: number; horizon_days: number;
  max_per_phone_day: number; max_per_phone_week: number; cancellation_policy: { en?: string; ar?: string } | null;
  service_ids: string[]; doctor_ids: string[]; average_visit_minutes: number;
}

const clinicColumns = sql`
  c.id, c.name, cc.name as complex, c.address, c.location, c.time_zone, c.first_day_of_week, c.average_visit_minutes,
  o.mode, o.min_notice_minutes, o.horizon_days, o.max_per_phone_day, o.max_per_phone_week, o.cancellation_policy, o.service_ids, o.doctor_ids`;

/** The organisation's active clinics that take online bookings, with their settings, by name. */
export async function findOnlineClinics(db: Db, companyId: string, clinicId?: string): Promise<OnlineClinicRow[]> {
  return rowsOf<OnlineClinicRow>(await db.execute(sql`
    select ${clinicColumns}
    from clinic_online_booking o
    join clinics c on c.company_id = o.company_id and c.id = o.clinic_id
    left join clinic_collections cc on cc.company_id = c.company_id and cc.id = c.clinic_collection_id
    where o.company_id = ${companyId} and o.enabled and c.is_active ${clinicId ? sql`and c.id = ${clinicId}` : sql``}
    order by c.name, c.id
    limit 200`));
}

/** One clinic's online settings, enabled or not (the patient's link of a visit booked while they were on). */
export async function findClinicSettings(db: Db, companyId: string, clinicId: string) {
  const [row] = await db.select().from(clinicOnlineBooking)
    .where(and(eq(clinicOnlineBooking.companyId, companyId), eq(clinicOnlineBooking.clinicId, clinicId))).limit(1);
  return row ?? null;
}

export interface OfferedService { id: string; name: string; duration_minutes: number | null; price: string | null; clinic_id: string }
export interface OfferedDoctor { id: string; name: string; clinic_id: string; speciality: string | null; service_ids: string[] }

/**
 * Of the services and doctors the clinics list for online booking, those still active and still the clinic's (a
 * service of the clinic, a doctor working there, providing at least one listed service).
 */
export async function findOffer(db: Db, companyId: string, clinicIds: string[]) {
  if (!clinicIds.length) return { services: [] as OfferedService[], doctors: [] as OfferedDoctor[] };
  const ids = JSON.stringify(clinicIds);
  const services = rowsOf<OfferedService>(await db.execute(sql`
    select s.id, s.name, s.duration_minutes, s.price::text as price, s.clinic_id
    from clinic_online_booking o
    join services s on s.company_id = o.company_id and s.clinic_id = o.clinic_id and o.service_ids @> to_jsonb(s.id::text)
    where o.company_id = ${companyId} and o.clinic_id in (select (jsonb_array_elements_text(${ids}::jsonb))::uuid) and s.is_active
    order by s.name, s.id`));
  const doctors = rowsOf<OfferedDoctor>(await db.execute(sql`
    select e.id, e.name, o.clinic_id,
      (select sp.name from employee_specializations ss join specializations sp on sp.company_id = ss.company_id and sp.id = ss.specialization_id
        where ss.company_id = e.company_id and ss.employee_id = e.id order by sp.name limit 1) as speciality,
      coalesce((select jsonb_agg(sd.service_id::text order by sd.service_id) from service_doctors sd
        join services s on s.company_id = sd.company_id and s.id = sd.service_id
        where sd.company_id = e.company_id and sd.employee_id = e.id and s.clinic_id = o.clinic_id and s.is_active
          and o.service_ids @> to_jsonb(s.id::text)), '[]'::jsonb) as service_ids
    from clinic_online_booking o
    join employee_clinics ec on ec.company_id = o.company_id and ec.clinic_id = o.clinic_id
    join employees e on e.company_id = ec.company_id and e.id = ec.employee_id and o.doctor_ids @> to_jsonb(e.id::text)
    where o.company_id = ${companyId} and o.clinic_id in (select (jsonb_array_elements_text(${ids}::jsonb))::uuid)
      and e.is_active and e.employee_type = 'Doctor'
    order by e.name, e.id`));
  return { services, doctors: doctors.filter((d) => d.service_ids.length > 0) };
}

// ---------------------------------------------------------------------------------------------------------------
// One-time codes

/**
 * Codes asked over the last hour for a number and from an address (across organisations), and at an organisation,
 * each with the oldest one's time.
 */
export async function recentCodes(db: Db, companyId: string, phone: string, ip: string, since: Date) {
  const after = sql`created_at > ${since.toISOString()}::timestamptz`;
  const [row] = rowsOf<{
    by_phone: number; by_ip: number; by_company: number; phone_oldest: string | Date | null; ip_oldest: string | Date | null; company_oldest: string | Date | null;
  }>(await db.execute(sql`
    select
      (select count(*)::int from phone_verifications where phone = ${phone} and ${after}) as by_phone,
      (select min(created_at) from phone_verifications where phone = ${phone} and ${after}) as phone_oldest,
      (select count(*)::int from phone_verifications where ip = ${ip} and ${after}) as by_ip,
      (select min(created_at) from phone_verifications where ip = ${ip} and ${after}) as ip_oldest,
      (select count(*)::int from phone_verifications where company_id = ${companyId} and ${after}) as by_company,
      (select min(created_at) from phone_verifications where company_id = ${companyId} and ${after}) as company_oldest`));
  const at = (v: string | Date | null | undefined) => (v ? new Date(v) : null);
  return {
    byPhone: Number(row?.by_phone ?? 0), byIp: Number(row?.by_ip ?? 0), byCompany: Number(row?.by_company ?? 0),
    phoneOldest: at(row?.phone_oldest), ipOldest: at(row?.ip_oldest), companyOldest: at(row?.company_oldest),
  };
}

/**
 * Serialises the code requests of one number, of one address and of one organisation (the hourly counts hold under
 * concurrency). Always taken in this order.
 */
export async function lockCodeRequests(db: Db, companyId: string, phone: string, ip: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(7313, hashtext(${`phone:${phone}`}))`);
  await db.execute(sql`select pg_advisory_xact_lock(7313, hashtext(${`ip:${ip}`}))`);
  await db.execute(sql`select pg_advisory_xact_lock(7313, hashtext(${`company:${companyId}`}))`);
}

/** Whether at least one active clinic of the organisation takes online bookings. */
export async function hasOnlineClinic(db: Db, companyId: string): Promise<boolean> {
  const rows = rowsOf(await db.execute(sql`
    select 1 from clinic_online_booking o join clinics c on c.company_id = o.company_id and c.id = o.clinic_id
    where o.company_id = ${companyId} and o.enabled and c.is_active limit 1`));
  return rows.length > 0;
}

export async function insertVerification(db: Db, v: typeof phoneVerifications.$inferInsert): Promise<void> {
  await db.insert(phoneVerifications).values(v);
}

export async function setVerificationChannel(db: Db, companyId: string, id: string, channel: string): Promise<void> {
  await db.update(phoneVerifications).set({ channel }).where(and(eq(phoneVerifications.companyId, companyId), eq(phoneVerifications.id, id)));
}

export async function findVerification(db: Db, companyId: string, id: string) {
  const [row] = await db.select().from(phoneVerifications).where(and(eq(phoneVerifications.companyId, companyId), eq(phoneVerifications.id, id))).limit(1);
  return row ?? null;
}

/**
 * Counts one try of a code still open (not used, not expired, fewer than `maxTries` before), in one statement so
 * simultaneous tries cannot exceed the limit; returns the stored hash and the tries now counted, or null.
 */
export async function countTry(db: Db, companyId: string, id: string, now: Date, maxTries: number) {
  const rows = rowsOf<{ code_hash: string; attempts: number; phone: string; channel: string | null }>(await db.execute(sql`
    update phone_verifications set attempts = attempts + 1
    where company_id = ${companyId} and id = ${id} and consumed_at is null and expires_at > ${now.toISOString()}::timestamptz and attempts < ${maxTries}
    returning code_hash, attempts, phone, channel`));
  return rows[0] ?? null;
}

/** Uses a verified code for one booking (once, also against a simultaneous request); false when it was used. */
export async function consumeVerification(db: Db, companyId: string, id: string, now: Date): Promise<boolean> {
  const rows = await db.update(phoneVerifications).set({ consumedAt: now, verifiedAt: sql`coalesce(${phoneVerifications.verifiedAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(phoneVerifications.companyId, companyId), eq(phoneVerifications.id, id), isNull(phoneVerifications.consumedAt)))
    .returning({ id: phoneVerifications.id });
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------------------------
// Bookings

/** Serialises the online bookings of one number at one organisation (the per-number limits hold under concurrency). */
export async function lockPhoneBookings(db: Db, companyId: string, phone: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(7314, hashtext(${`${companyId}:${phone}`}))`);
}

/** Online bookings of a number at a clinic since each instant (cancelled ones count: the limit is on asking). */
export async function countPhoneBookings(db: Db, companyId: string, clinicId: string, phone: string, dayStart: Date, weekStart: Date) {
  const [row] = rowsOf<{ day: number; week: number }>(await db.execute(sql`
    select count(*) filter (where created_at > ${dayStart.toISOString()}::timestamptz)::int as day, count(*)::int as week
    from online_bookings
    where company_id = ${companyId} and clinic_id = ${clinicId} and phone = ${phone} and created_at > ${weekStart.toISOString()}::timestamptz`));
  return { day: Number(row?.day ?? 0), week: Number(row?.week ?? 0) };
}

export async function insertOnlineBooking(db: Db, b: typeof onlineBookings.$inferInsert): Promise<void> {
  await db.insert(onlineBookings).values(b);
}

/** The patient of the organisation with this mobile number and date of birth (the earliest registered), or null. */
export async function findPatientByPhoneAndBirth(db: Db, companyId: string, phone: string, dateOfBirth: string) {
  const [row] = rowsOf<{ id: string; name: string; is_active: boolean }>(await db.execute(sql`
    select id, name, is_active from patients where company_id = ${companyId} and phone = ${phone} and date_of_birth = ${dateOfBirth}::date
    order by is_active desc, created_at limit 1`));
  return row ?? null;
}

export async function identityTaken(db: Db, companyId: string, identity: string): Promise<boolean> {
  const rows = rowsOf(await db.execute(sql`select 1 from patients where company_id = ${companyId} and identity = ${identity} limit 1`));
  return rows.length > 0;
}

/** Records the patient's consent to WhatsApp, given on the booking page, and makes it their channel. */
export async function recordWhatsappConsent(db: Db, companyId: string, patientId: string, at: Date): Promise<void> {
  await db.execute(sql`
    update patients set preferred_channel = 'whatsapp', whatsapp_consent_at = coalesce(whatsapp_consent_at, ${at.toISOString()}::timestamptz),
      whatsapp_consent_source = coalesce(whatsapp_consent_source, 'online')
    where company_id = ${companyId} and id = ${patientId}`);
}

/**
 * What the patient's link needs to move a visit: the appointment with its clinic's zone, service and doctor; null when
 * there is none or its patient record is inactive (deactivated).
 */
export async function findVisitToMove(db: Db, companyId: string, appointmentId: string) {
  const [row] = rowsOf<{
    id: string; clinic_id: string; service_id: string; doctor_id: string; patient_id: string; starts_at: string | Date; ends_at: string | Date;
    status: string; version: number; time_zone: string; clinic: string; doctor: string; service: string; address: string | null;
    location: { x: number; y: number } | null; preferred_language: string | null; hijri_mode: string;
  }>(await db.execute(sql`
    select a.id, a.clinic_id, a.service_id, a.doctor_id, a.patient_id, a.starts_at, a.ends_at, a.status, a.version, c.time_zone, c.name as clinic,
      e.name as doctor, s.name as service, c.address, c.location, p.details->>'preferredLanguage' as preferred_language, co.hijri_mode
    from appointments a
    join companies co on co.id = a.company_id
    join clinics c on c.company_id = a.company_id and c.id = a.clinic_id
    join employees e on e.company_id = a.company_id and e.id = a.doctor_id
    join services s on s.company_id = a.company_id and s.id = a.service_id
    join patients p on p.company_id = a.company_id and p.id = a.patient_id and p.is_active
    where a.company_id = ${companyId} and a.id = ${appointmentId}`));
  return row ?? null;
}

/** How many times the patient moved the appointment from their links (each move recorded by `recordPatientMove`). */
export async function countPatientMoves(db: Db, companyId: string, appointmentId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(patientLinkUses)
    .where(and(eq(patientLinkUses.companyId, companyId), eq(patientLinkUses.appointmentId, appointmentId), eq(patientLinkUses.action, 'move')));
  return Number(row?.n ?? 0);
}

/**
 * Records a move from the patient's link among the links' uses (action 'move'). Its row has an id of its own: the
 * table holds one row per link id (a link confirms or cancels once), and a link that moved may have confirmed before;
 * the link itself lapses with the time it was signed for.
 */
export async function recordPatientMove(db: Db, m: { companyId: string; appointmentId: string; usedAt: Date }): Promise<void> {
  await db.insert(patientLinkUses).values({ companyId: m.companyId, linkId: randomUUID(), appointmentId: m.appointmentId, action: 'move', usedAt: m.usedAt });
}

/**
 * Deletes, of the `batch` oldest one-time codes, those made before `before` (a code lives five minutes and the
 * limits count the last hour; the booking keeps the verified number itself). Answers how many it deleted.
 */
export async function deleteVerificationsBefore(db: Db, before: Date, batch: number): Promise<number> {
  const oldest = db.select({ companyId: phoneVerifications.companyId, id: phoneVerifications.id }).from(phoneVerifications)
    .where(lt(phoneVerifications.createdAt, before)).orderBy(phoneVerifications.createdAt).limit(batch);
  const deleted = await db.delete(phoneVerifications)
    .where(sql`(${phoneVerifications.companyId}, ${phoneVerifications.id}) in (${oldest})`)
    .returning({ id: phoneVerifications.id });
  return deleted.length;
}
