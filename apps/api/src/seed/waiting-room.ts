import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import { localTime, safeTimeZone, ticketLabel, zonedInstant, addDays } from '@clinic/shared';
import type { Db } from '../db/client.js';
import {
  appointments, clinics, employeeClinics, employees, queueCounters, queueTicketEvents, queueTickets, waitingRoomSettings,
} from '../db/schema/index.js';
import { seededRandom } from './random.js';

/*
 * The demo's waiting rooms: each clinic numbers its tickets by doctor (A, B, C, ...) with a room per doctor, and
 * today's checked-in visits hold their tickets: those still waiting in the queue, those called in already called,
 * with the estimate each was given and its history. Runs after the scheduling seed.
 */

export async function seedWaitingRoom(db: Db, companyId: string, now = new Date()): Promise<void> {
  const flow = seededRandom(3434);
  const clinicRows = await db.select({ id: clinics.id, timeZone: clinics.timeZone }).from(clinics)
    .where(and(eq(clinics.companyId, companyId), eq(clinics.isActive, true))).orderBy(asc(clinics.publicId));
  for (const clinic of clinicRows) {
    const doctors = await db.select({ id: employees.id }).from(employeeClinics)
      .innerJoin(employees, and(eq(employees.companyId, employeeClinics.companyId), eq(employees.id, employeeClinics.employeeId)))
      .where(and(eq(employeeClinics.companyId, companyId), eq(employeeClinics.clinicId, clinic.id), eq(employees.employeeType, 'Doctor'), eq(employees.isActive, true)))
      .orderBy(asc(employees.publicId));
    if (!doctors.length) continue;
    const prefixes = Object.fromEntries(doctors.slice(0, 26).map((d, i) => [d.id, String.fromCharCode(65 + i)]));
    const rooms = Object.fromEntries(doctors.map((d, i) => [d.id, `Room ${i + 1}`]));
    await db.insert(waitingRoomSettings).values({ companyId, clinicId: clinic.id, prefixBy: 'doctor', prefixes, rooms, updatedAt: now }).onConflictDoNothing();

    // Today's checked-in visits, in the order they arrived.
    const tz = safeTimeZone(clinic.timeZone);
    const day = localTime(now, tz).date;
    const visits = await db.select({
      id: appointments.id, doctorId: appointments.doctorId, status: appointments.status, arrivedAt: appointments.arrivedAt, calledInAt: appointments.calledInAt,
    }).from(appointments)
      .where(and(
        eq(appointments.companyId, companyId), eq(appointments.clinicId, clinic.id), isNotNull(appointments.arrivedAt),
        inArray(appointments.status, ['arrived', 'in_consultation', 'completed']),
      ))
      .orderBy(asc(appointments.arrivedAt));
    const from = zonedInstant(day, '00:00', tz).getTime();
    const to = zonedInstant(addDays(day, 1), '00:00', tz).getTime();
    const today = visits.filter((v) => v.arrivedAt!.getTime() >= from && v.arrivedAt!.getTime() < to);
    const last = new Map<string, number>();
    for (const v of today) {
      const prefix = prefixes[v.doctorId] ?? '';
      const number = (last.get(prefix) ?? 0) + 1;
      last.set(prefix, number);
      const called = v.status !== 'arrived' && v.calledInAt ? v.calledInAt : null;
      const waited = called ? Math.round((called.getTime() - v.arrivedAt!.getTime()) / 60_000) : flow.int(5, 25);
      const [ticket] = await db.insert(queueTickets).values({
        companyId, clinicId: clinic.id, appointmentId: v.id, day, prefix, number, doctorId: v.doctorId, room: rooms[v.doctorId] ?? null,
        priority: flow.int(0, 9) === 0 ? 'elderly' : 'normal', state: called ? 'called' : 'waiting', issuedAt: v.arrivedAt!,
        calledAt: called, firstCalledAt: called, callCount: called ? 1 : 0,
        estimatedWaitMinutes: Math.max(0, waited + flow.int(-6, 6)), estimateBasis: number > 3 ? 'today' : 'nominal',
      }).onConflictDoNothing().returning();
      if (!ticket) continue;
      const label = ticketLabel(prefix, number);
      await db.insert(queueTicketEvents).values([
        { companyId, ticketId: ticket.id, clinicId: clinic.id, kind: 'issued', at: v.arrivedAt!, details: { label, room: ticket.room, doctor: v.doctorId } },
        ...(called ? [{ companyId, ticketId: ticket.id, clinicId: clinic.id, kind: 'called', at: called, details: { label, room: ticket.room, doctor: v.doctorId } }] : []),
      ]);
    }
    for (const [prefix, n] of last) {
      await db.insert(queueCounters).values({ companyId, clinicId: clinic.id, day, prefix, last: n })
        .onConflictDoUpdate({ target: [queueCounters.companyId, queueCounters.clinicId, queueCounters.day, queueCounters.prefix], set: { last: n } });
    }
  }
}
