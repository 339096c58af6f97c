/**
 * Every query of the waiting-room displays, each scoped by company: the administration's list and changes, the
 * display a screen's token names (found by company and id, never by the token alone), and what its board shows.
 */
import { and, count, desc, eq, getTableColumns, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import {
  appointments, clinics, employees, patients, queueDisplays, queueTicketEvents, queueTickets, waitingRoomSettings,
} from '../../db/schema/index.js';
import { inQueueScope, type QueueScope } from '../waiting-room/index.js';

export type DisplayRow = typeof queueDisplays.$inferSelect;
export type DisplayWithClinic = DisplayRow & { clinicName: string };

const withClinic = { ...getTableColumns(queueDisplays), clinicName: clinics.name };

export async function findDisplays(
  db: Db, companyId: string, filter: { id?: string; clinicId?: string }, w = { limit: 1, offset: 0 },
): Promise<DisplayWithClinic[]> {
  return db
    .select(withClinic)
    .from(queueDisplays)
    .innerJoin(clinics, and(eq(clinics.companyId, queueDisplays.companyId), eq(clinics.id, queueDisplays.clinicId)))
    .where(and(
      eq(queueDisplays.companyId, companyId),
      filter.id ? eq(queueDisplays.id, filter.id) : undefined,
      filter.clinicId ? eq(queueDisplays.clinicId, filter.clinicId) : undefined,
    ))
    .orderBy(desc(queueDisplays.createdAt), desc(queueDisplays.id))
    .limit(w.limit).offset(w.offset);
}

export async function countDisplays(db: Db, companyId: string, clinicId?: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(queueDisplays)
    .where(and(eq(queueDisplays.companyId, companyId), clinicId ? eq(queueDisplays.clinicId, clinicId) : undefined));
  return row?.n ?? 0;
}

export async function clinicOf(db: Db, companyId: string, clinicId: string): Promise<{ id: string; name: string } | null> {
  const [row] = await db.select({ id: clinics.id, name: clinics.name }).from(clinics)
    .where(and(eq(clinics.companyId, companyId), eq(clinics.id, clinicId))).limit(1);
  return row ?? null;
}

export async function insertDisplay(
  db: Db, values: { companyId: string; clinicId: string; name: string; room: string | null; pairingExpiresAt: Date; createdBy: string; createdAt: Date },
): Promise<DisplayRow> {
  const [row] = await db.insert(queueDisplays).values(values).returning();
  return row!;
}

/**
 * A new pairing for a display not revoked: the screen paired so far loses its token, and the version moves on, so
 * every earlier code (which names the version it was made for) stops working. Null when revoked or unknown.
 */
export async function restartPairing(db: Db, companyId: string, id: string, expiresAt: Date): Promise<DisplayRow | null> {
  const [row] = await db.update(queueDisplays)
    .set({ pairingExpiresAt: expiresAt, tokenHash: null, pairedAt: null, version: sql`${queueDisplays.version} + 1` })
    .where(and(eq(queueDisplays.companyId, companyId), eq(queueDisplays.id, id), isNull(queueDisplays.revokedAt)))
    .returning();
  return row ?? null;
}

/** Pairs the screen: only the code made for this version of the display, still valid, and the display not revoked. */
export async function completePairing(
  db: Db, companyId: string, id: string, version: number, tokenHash: string, at: Date,
): Promise<DisplayRow | null> {
  const [row] = await db.update(queueDisplays)
    .set({ tokenHash, pairedAt: at, lastSeenAt: at, pairingExpiresAt: null, version: sql`${queueDisplays.version} + 1` })
    .where(and(
      eq(queueDisplays.companyId, companyId), eq(queueDisplays.id, id), eq(queueDisplays.version, version),
      isNull(queueDisplays.revokedAt), gt(queueDisplays.pairingExpiresAt, at),
    ))
    .returning();
  return row ?? null;
}

export async function revoke(db: Db, companyId: string, id: string, at: Date): Promise<DisplayRow | null> {
  const [row] = await db.update(queueDisplays)
    .set({ revokedAt: at, tokenHash: null, pairingExpiresAt: null, version: sql`${queueDisplays.version} + 1` })
    .where(and(eq(queueDisplays.companyId, companyId), eq(queueDisplays.id, id), isNull(queueDisplays.revokedAt)))
    .returning();
  return row ?? null;
}

/** The display a token names, with its clinic, while it is paired and not revoked. */
export async function pairedDisplay(db: Db, companyId: string, id: string) {
  const [row] = await db
    .select({
      id: queueDisplays.id, companyId: queueDisplays.companyId, clinicId: queueDisplays.clinicId, name: queueDisplays.name, room: queueDisplays.room,
      tokenHash: queueDisplays.tokenHash, lastSeenAt: queueDisplays.lastSeenAt, clinicName: clinics.name, timeZone: clinics.timeZone,
    })
    .from(queueDisplays)
    .innerJoin(clinics, and(eq(clinics.companyId, queueDisplays.companyId), eq(clinics.id, queueDisplays.clinicId)))
    .where(and(eq(queueDisplays.companyId, companyId), eq(queueDisplays.id, id), isNull(queueDisplays.revokedAt)))
    .limit(1);
  return row && row.tokenHash ? { ...row, tokenHash: row.tokenHash } : null;
}
export type PairedDisplay = NonNullable<Awaited<ReturnType<typeof pairedDisplay>>>;

/** Marks the screen seen (its list shows when it last asked). */
export async function touchDisplay(db: Db, companyId: string, id: string, at: Date): Promise<void> {
  await db.update(queueDisplays).set({ lastSeenAt: at })
    .where(and(eq(queueDisplays.companyId, companyId), eq(queueDisplays.id, id), isNull(queueDisplays.revokedAt)));
}

export async function displaySettings(db: Db, companyId: string, clinicId: string): Promise<{ showNames: boolean; announce: string }> {
  const [row] = await db.select({ showNames: waitingRoomSettings.showNames, announce: waitingRoomSettings.announce }).from(waitingRoomSettings)
    .where(and(eq(waitingRoomSettings.companyId, companyId), eq(waitingRoomSettings.clinicId, clinicId))).limit(1);
  return row ?? { showNames: false, announce: 'both' };
}

/** The room and doctor a ticket was called to, as the call recorded them (a later transfer does not move a past call). */
const callRoom = sql<string | null>`case when ${queueTicketEvents.details} ? 'room' then ${queueTicketEvents.details}->>'room' else ${queueTickets.room} end`;
const callDoctor = sql`coalesce((${queueTicketEvents.details}->>'doctor')::uuid, ${queueTickets.doctorId})`;

/** The calls (and recalls) of the clinic's queue (its day's tickets and those still open from before), or of one room, latest first. */
export async function recentCalls(db: Db, companyId: string, clinicId: string, scope: QueueScope, room: string | null, limit: number) {
  return db
    .select({
      id: queueTicketEvents.id, kind: queueTicketEvents.kind, at: queueTicketEvents.at, room: callRoom,
      label: sql<string | null>`${queueTicketEvents.details}->>'label'`, prefix: queueTickets.prefix, number: queueTickets.number,
      doctor: employees.name, patientName: patients.name,
    })
    .from(queueTicketEvents)
    .innerJoin(queueTickets, and(eq(queueTickets.companyId, queueTicketEvents.companyId), eq(queueTickets.id, queueTicketEvents.ticketId)))
    .innerJoin(appointments, and(eq(appointments.companyId, queueTickets.companyId), eq(appointments.id, queueTickets.appointmentId)))
    .innerJoin(patients, and(eq(patients.companyId, appointments.companyId), eq(patients.id, appointments.patientId)))
    .leftJoin(employees, and(eq(employees.companyId, queueTickets.companyId), sql`${employees.id} = ${callDoctor}`))
    .where(and(
      eq(queueTicketEvents.companyId, companyId), eq(queueTicketEvents.clinicId, clinicId), inArray(queueTicketEvents.kind, ['called', 'recalled']),
      eq(queueTickets.clinicId, clinicId), inQueueScope(scope), room === null ? undefined : sql`${callRoom} = ${room}`,
    ))
    .orderBy(desc(queueTicketEvents.at), desc(queueTicketEvents.id))
    .limit(limit);
}

/**
 * The queue's tickets still waiting (the visit still checked in, whatever its day), in the order they will be called:
 * one carried over from before midnight comes before today's numbers of its priority (it was given earlier).
 */
export async function waitingTickets(db: Db, companyId: string, clinicId: string, scope: QueueScope, room: string | null, limit: number) {
  return db
    .select({ prefix: queueTickets.prefix, number: queueTickets.number, room: queueTickets.room, patientName: patients.name })
    .from(queueTickets)
    .innerJoin(appointments, and(eq(appointments.companyId, queueTickets.companyId), eq(appointments.id, queueTickets.appointmentId)))
    .innerJoin(patients, and(eq(patients.companyId, appointments.companyId), eq(patients.id, appointments.patientId)))
    .where(and(
      eq(queueTickets.companyId, companyId), eq(queueTickets.clinicId, clinicId), inQueueScope(scope), eq(queueTickets.state, 'waiting'),
      eq(appointments.status, 'arrived'), room === null ? undefined : eq(queueTickets.room, room),
    ))
    .orderBy(
      sql`case ${queueTickets.priority} when 'urgent' then 0 when 'elderly' then 1 else 2 end`,
      queueTickets.issuedAt, queueTickets.number,
    )
    .limit(limit);
}
