import { and, asc, between, desc, eq, gte, inArray, isNotNull, lt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  appointments, clinics, employeeClinics, employees, patients, queueCounters, queueTicketEvents, queueTickets, services, waitingRoomSettings,
} from '../../db/schema/index.js';
import { qualified, rowsOf } from '../../lib/sql.js';

/*
 * The waiting room's queries, each scoped to the caller's company: settings, numbers, tickets with what the queue
 * shows of their visit, their history, and the conditional writes that call, skip and move them.
 */

export type TicketRow = typeof queueTickets.$inferSelect;
export type SettingsRow = typeof waitingRoomSettings.$inferSelect;

export async function findClinic(db: Db, companyId: string, clinicId: string) {
  const [row] = await db.select({ id: clinics.id, name: clinics.name, publicId: clinics.publicId, timeZone: clinics.timeZone, averageVisitMinutes: clinics.averageVisitMinutes })
    .from(clinics).where(and(eq(clinics.companyId, companyId), eq(clinics.id, clinicId))).limit(1);
  return row ?? null;
}
export type ClinicRow = NonNullable<Awaited<ReturnType<typeof findClinic>>>;

export async function findSettings(db: Db, companyId: string, clinicId: string): Promise<SettingsRow | null> {
  const [row] = await db.select().from(waitingRoomSettings)
    .where(and(eq(waitingRoomSettings.companyId, companyId), eq(waitingRoomSettings.clinicId, clinicId))).limit(1);
  return row ?? null;
}

type SettingsValues = Pick<SettingsRow, 'prefixBy' | 'prefixes' | 'rooms' | 'showNames' | 'sendLink' | 'announce' | 'updatedAt'>;

/** A clinic's first settings; null when someone saved them meanwhile. */
export async function insertSettings(db: Db, companyId: string, clinicId: string, values: SettingsValues): Promise<SettingsRow | null> {
  const [row] = await db.insert(waitingRoomSettings).values({ companyId, clinicId, ...values }).onConflictDoNothing().returning();
  return row ?? null;
}

/** The settings changed from the version loaded; null when they are at another version now. */
export async function updateSettings(db: Db, companyId: string, clinicId: string, version: number, values: SettingsValues): Promise<SettingsRow | null> {
  const [row] = await db.update(waitingRoomSettings).set({ ...values, version: sql`${waitingRoomSettings.version} + 1` })
    .where(and(eq(waitingRoomSettings.companyId, companyId), eq(waitingRoomSettings.clinicId, clinicId), eq(waitingRoomSettings.version, version)))
    .returning();
  return row ?? null;
}

/** Of these ids, those of doctors working at the clinic and those of the clinic's services. */
export async function clinicParties(db: Db, companyId: string, clinicId: string, ids: string[]) {
  if (!ids.length) return { doctors: new Set<string>(), services: new Set<string>() };
  const doctors = await db.select({ id: employeeClinics.employeeId }).from(employeeClinics)
    .where(and(eq(employeeClinics.companyId, companyId), eq(employeeClinics.clinicId, clinicId), inArray(employeeClinics.employeeId, ids)));
  const found = await db.select({ id: services.id }).from(services)
    .where(and(eq(services.companyId, companyId), eq(services.clinicId, clinicId), inArray(services.id, ids)));
  return { doctors: new Set(doctors.map((d) => d.id)), services: new Set(found.map((s) => s.id)) };
}

/**
 * Which tickets are a clinic's queue now: every ticket of its local `day`, and those of earlier days (from `firstDay`)
 * whose visit is still open (checked in, or with the doctor) and which were issued since `since`. A visit checked in
 * before midnight stays in the queue after it; one left open for more than a day does not.
 */
export interface QueueScope {
  day: string;
  firstDay: string;
  since: Date;
}

/** The visit statuses of a ticket carried over from an earlier day: still the queue's. */
const OPEN = sql`('arrived', 'in_consultation')`;

/** The scope as a condition on `queue_tickets` joined with its `appointments` (the tables' own names). */
export function inQueueScope(s: QueueScope): SQL {
  return sql`(${queueTickets.day} = ${s.day}::date or (${queueTickets.day} >= ${s.firstDay}::date
    and ${queueTickets.issuedAt} >= ${s.since.toISOString()}::timestamptz and ${appointments.status} in ${OPEN}))`;
}

/**
 * The next number of a clinic's day and prefix: one statement, so simultaneous check-ins never share one. The day's
 * first is 1, or, while tickets of earlier days with the prefix are still in the queue, the one after the highest of
 * them: a number is never shown twice in the queue.
 */
export async function nextNumber(db: Db, companyId: string, clinicId: string, scope: QueueScope, prefix: string): Promise<number> {
  const carried = sql`(select max(q.number) from queue_tickets q join appointments a on a.company_id = q.company_id and a.id = q.appointment_id
    where q.company_id = ${companyId}::uuid and q.clinic_id = ${clinicId}::uuid and q.prefix = ${prefix} and q.day < ${scope.day}::date
      and q.day >= ${scope.firstDay}::date and q.issued_at >= ${scope.since.toISOString()}::timestamptz and a.status in ${OPEN})`;
  const [row] = await db.insert(queueCounters).values({ companyId, clinicId, day: scope.day, prefix, last: sql`coalesce(${carried}, 0) + 1` })
    .onConflictDoUpdate({ target: [queueCounters.companyId, queueCounters.clinicId, queueCounters.day, queueCounters.prefix], set: { last: sql`${queueCounters.last} + 1` } })
    .returning({ last: queueCounters.last });
  return row!.last;
}

export async function insertTicket(db: Db, values: typeof queueTickets.$inferInsert): Promise<TicketRow> {
  const [row] = await db.insert(queueTickets).values(values).onConflictDoNothing({ target: [queueTickets.companyId, queueTickets.appointmentId] }).returning();
  return row!;
}

export async function findTicketOfAppointment(db: Db, companyId: string, appointmentId: string): Promise<TicketRow | null> {
  const [row] = await db.select().from(queueTickets).where(and(eq(queueTickets.companyId, companyId), eq(queueTickets.appointmentId, appointmentId))).limit(1);
  return row ?? null;
}

export async function insertEvent(db: Db, values: typeof queueTicketEvents.$inferInsert) {
  const [row] = await db.insert(queueTicketEvents).values(values).returning({ id: queueTicketEvents.id });
  return row!;
}

/** A ticket with what the queue shows of its visit: the visit's status and steps, the patient, doctor and service. */
const shown = {
  ticket: queueTickets,
  status: appointments.status,
  calledInAt: appointments.calledInAt,
  completedAt: appointments.completedAt,
  cancelledAt: appointments.cancelledAt,
  noShowAt: appointments.noShowAt,
  patient: { _id: patients.id, name: patients.name, publicId: patients.publicId },
  doctor: { _id: employees.id, name: employees.name, publicId: employees.publicId },
  service: { _id: services.id, name: services.name, publicId: services.publicId, durationMinutes: services.durationMinutes },
};

function shownTickets(db: Db, where: SQL | undefined) {
  return db.select(shown).from(queueTickets)
    .innerJoin(appointments, and(eq(appointments.companyId, queueTickets.companyId), eq(appointments.id, queueTickets.appointmentId)))
    .innerJoin(patients, and(eq(patients.companyId, appointments.companyId), eq(patients.id, appointments.patientId)))
    .innerJoin(employees, and(eq(employees.companyId, queueTickets.companyId), eq(employees.id, queueTickets.doctorId)))
    .innerJoin(services, and(eq(services.companyId, appointments.companyId), eq(services.id, appointments.serviceId)))
    .where(where);
}
export type ShownTicket = Awaited<ReturnType<typeof shownTickets>>[number];

/** Every ticket of a clinic's queue (its day's, and those carried over from earlier days). */
export function scopeTickets(db: Db, companyId: string, clinicId: string, scope: QueueScope): Promise<ShownTicket[]> {
  return shownTickets(db, and(eq(queueTickets.companyId, companyId), eq(queueTickets.clinicId, clinicId), inQueueScope(scope)));
}

export async function findShownTicket(db: Db, companyId: string, id: string): Promise<ShownTicket | null> {
  const [row] = await shownTickets(db, and(eq(queueTickets.companyId, companyId), eq(queueTickets.id, id))).limit(1);
  return row ?? null;
}

/** The consultations completed in a clinic between two instants (called in → completed), by doctor. */
export function consultations(db: Db, companyId: string, clinicId: string, from: Date, to: Date) {
  return db.select({ doctorId: appointments.doctorId, from: appointments.calledInAt, to: appointments.completedAt }).from(appointments)
    .where(and(
      eq(appointments.companyId, companyId), eq(appointments.clinicId, clinicId), gte(appointments.calledInAt, from), lt(appointments.calledInAt, to),
      isNotNull(appointments.completedAt),
    ));
}

/** What happened to a ticket, oldest first, with who did it. */
export function ticketHistory(db: Db, companyId: string, ticketId: string) {
  return db.select({
    kind: queueTicketEvents.kind, at: queueTicketEvents.at, details: queueTicketEvents.details,
    actor: sql<{ _id: string; name: string; publicId: string } | null>`(select json_build_object('_id', e.id, 'name', e.name, 'publicId', e.public_id)
      from employees e where e.company_id = ${qualified(queueTicketEvents.companyId)} and e.id = ${qualified(queueTicketEvents.actorId)})`,
  }).from(queueTicketEvents)
    .where(and(eq(queueTicketEvents.companyId, companyId), eq(queueTicketEvents.ticketId, ticketId)))
    .orderBy(asc(queueTicketEvents.at), asc(queueTicketEvents.id));
}

const ORDER = sql`case q.priority when 'urgent' then 0 when 'elderly' then 1 else 2 end, q.issued_at, q.number`;

/**
 * Calls the next ticket of a clinic's queue (of one doctor, when given), in one statement: it picks the first waiting
 * ticket whose visit is still checked in, in call order, skipping any ticket another desk is calling at this moment,
 * and marks it called. Two desks calling at once call two different tickets. The visit's row is locked too (shared):
 * a cancellation or no-show of it committing meanwhile is waited for and re-checked (a visit no longer checked in is
 * passed over), and one starting after waits for the call. Null when no one is waiting.
 */
export async function callNextTicket(db: Db, companyId: string, clinicId: string, scope: QueueScope, doctorId: string | undefined, now: Date): Promise<string | null> {
  const at = now.toISOString();
  const rows = rowsOf<{ id: string }>(await db.execute(sql`
    update queue_tickets t set state = 'called', called_at = ${at}::timestamptz, first_called_at = coalesce(t.first_called_at, ${at}::timestamptz),
      call_count = t.call_count + 1, version = t.version + 1
    where (t.company_id, t.id) = (
      select q.company_id, q.id from queue_tickets q
      join appointments a on a.company_id = q.company_id and a.id = q.appointment_id
      where q.company_id = ${companyId}::uuid and q.clinic_id = ${clinicId}::uuid and q.state = 'waiting' and a.status = 'arrived'
        and q.day >= ${scope.firstDay}::date and (q.day = ${scope.day}::date or q.issued_at >= ${scope.since.toISOString()}::timestamptz)
        ${doctorId ? sql`and q.doctor_id = ${doctorId}::uuid` : sql``}
      order by ${ORDER}
      limit 1
      for update of q skip locked
      for share of a)
      and t.state = 'waiting'
    returning t.id`));
  return rows[0]?.id ?? null;
}

/**
 * Changes a ticket only while it is at the version the change was decided on, in one of `states`, and its visit is
 * still checked in. The visit's row is locked (shared) for that check: a cancellation or no-show committing
 * meanwhile is waited for and the status read again, so a visit that left is never called. Null when any of that no
 * longer holds (nothing changed).
 */
export async function changeTicket(
  db: Db, companyId: string, id: string, version: number, states: readonly string[], set: Partial<typeof queueTickets.$inferInsert>,
): Promise<TicketRow | null> {
  const [row] = await db.update(queueTickets)
    .set({ ...set, version: sql`${queueTickets.version} + 1` })
    .where(and(
      eq(queueTickets.companyId, companyId), eq(queueTickets.id, id), eq(queueTickets.version, version), inArray(queueTickets.state, [...states]),
      sql`exists (select 1 from appointments a where a.company_id = ${qualified(queueTickets.companyId)} and a.id = ${qualified(queueTickets.appointmentId)}
        and a.status = 'arrived' for share)`,
    ))
    .returning();
  return row ?? null;
}

/** The tickets of a period's clinic-local days (one clinic, or all), for the accuracy report, by doctor. */
export function accuracySamples(db: Db, companyId: string, clinicId: string | undefined, from: string, to: string) {
  return db.select({
    doctor: { _id: employees.id, name: employees.name, publicId: employees.publicId },
    estimate: queueTickets.estimatedWaitMinutes, issuedAt: queueTickets.issuedAt, firstCalledAt: queueTickets.firstCalledAt,
  }).from(queueTickets)
    .innerJoin(employees, and(eq(employees.companyId, queueTickets.companyId), eq(employees.id, queueTickets.doctorId)))
    .where(and(eq(queueTickets.companyId, companyId), clinicId ? eq(queueTickets.clinicId, clinicId) : undefined, between(queueTickets.day, from, to)))
    .orderBy(asc(employees.name), desc(queueTickets.issuedAt));
}

/** What the patient's text needs: the ticket, its visit's status, the patient's number and preferences, the clinic. */
export async function textFacts(db: Db, companyId: string, ticketId: string) {
  const [row] = await db.select({
    ticket: queueTickets, status: appointments.status, clinicName: clinics.name, timeZone: clinics.timeZone,
    phone: patients.phone, preferredChannel: patients.preferredChannel, whatsappConsent: sql<boolean>`${patients.whatsappConsentAt} is not null`,
    language: sql<string | null>`${patients.details}->>'preferredLanguage'`,
  }).from(queueTickets)
    .innerJoin(appointments, and(eq(appointments.companyId, queueTickets.companyId), eq(appointments.id, queueTickets.appointmentId)))
    .innerJoin(patients, and(eq(patients.companyId, appointments.companyId), eq(patients.id, appointments.patientId)))
    .innerJoin(clinics, and(eq(clinics.companyId, queueTickets.companyId), eq(clinics.id, queueTickets.clinicId)))
    .where(and(eq(queueTickets.companyId, companyId), eq(queueTickets.id, ticketId))).limit(1);
  return row ?? null;
}

/** The patient's mobile number, whether a text may reach them. */
export async function patientPhone(db: Db, companyId: string, appointmentId: string): Promise<string | null> {
  const [row] = await db.select({ phone: patients.phone }).from(appointments)
    .innerJoin(patients, and(eq(patients.companyId, appointments.companyId), eq(patients.id, appointments.patientId)))
    .where(and(eq(appointments.companyId, companyId), eq(appointments.id, appointmentId))).limit(1);
  return row?.phone ?? null;
}

export async function doctorName(db: Db, companyId: string, id: string): Promise<string | null> {
  const [row] = await db.select({ name: employees.name }).from(employees).where(and(eq(employees.companyId, companyId), eq(employees.id, id))).limit(1);
  return row?.name ?? null;
}

/** What a ticket is given from its visit: the clinic, doctor and service. */
export async function appointmentFacts(db: Db, companyId: string, id: string) {
  const [row] = await db.select({ clinicId: appointments.clinicId, doctorId: appointments.doctorId, serviceId: appointments.serviceId })
    .from(appointments).where(and(eq(appointments.companyId, companyId), eq(appointments.id, id))).limit(1);
  return row ?? null;
}
