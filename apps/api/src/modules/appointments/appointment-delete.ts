import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { DELETABLE_APPOINTMENT_STATUSES } from '@clinic/shared';
import type { Db } from '../../db/client.js';
import { appointments, invoices, payments, reminders } from '../../db/schema/index.js';
import { clockNow, type Caller, type Deps } from '../../lib/app-types.js';
import { recordAudit } from '../../lib/audit.js';
import { conflict } from '../../lib/errors.js';
import type { RequestContext } from '../../lib/request-context.js';
import { emit } from '../events/index.js';
import { notFound } from './appointment-rules.js';
import { lockAppointment } from './appointments.repository.js';
import { auditable, getAppointment } from './appointments.service.js';

/*
 * Deleting an appointment is an administrator's correction of a booking made by mistake (permission
 * appointment_delete). The front desk cancels with a reason instead, which keeps the visit's history. An appointment
 * with any history is never deleted, by anyone: the patient came (or was marked as not coming), it has a visit note,
 * an invoice (and so possibly payments), or a reminder went out to the patient.
 */

/** Why an appointment keeps its history, most weighty first. */
export type DeleteRefusal = 'payment' | 'invoice' | 'visit' | 'note' | 'reminder';

const invoiceOf = (db: Db) => db.select({ one: sql`1` }).from(invoices)
  .where(and(eq(invoices.companyId, appointments.companyId), eq(invoices.appointmentId, appointments.id)));
const paymentOf = (db: Db) => db.select({ one: sql`1` }).from(payments)
  .innerJoin(invoices, and(eq(invoices.companyId, payments.companyId), eq(invoices.id, payments.invoiceId)))
  .where(and(eq(invoices.companyId, appointments.companyId), eq(invoices.appointmentId, appointments.id)));
const sentReminderOf = (db: Db) => db.select({ one: sql`1` }).from(reminders)
  .where(and(eq(reminders.companyId, appointments.companyId), eq(reminders.appointmentId, appointments.id), eq(reminders.status, 'sent')));

/**
 * Removes the appointment in one statement that also checks it has no history (the row is locked first, so a visit
 * step or a note being written at the same moment is waited for and seen). `gone`: no such appointment here.
 */
async function deleteWithoutHistory(
  db: Db, companyId: string, id: string, record: (tx: Db) => Promise<unknown>,
): Promise<'deleted' | 'gone' | DeleteRefusal> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    if (!(await lockAppointment(tx, companyId, id))) return 'gone';
    const deleted = await tx.delete(appointments).where(and(
      eq(appointments.companyId, companyId), eq(appointments.id, id),
      inArray(appointments.status, DELETABLE_APPOINTMENT_STATUSES), isNull(appointments.arrivedAt), isNull(appointments.visitNote), eq(appointments.reminderSent, false),
      sql`not exists (${invoiceOf(tx)})`, sql`not exists (${sentReminderOf(tx)})`,
    )).returning({ id: appointments.id });
    if (deleted.length) {
      await record(tx);
      return 'deleted';
    }
    const [why] = await tx.select({
      status: appointments.status, arrivedAt: appointments.arrivedAt, visitNote: appointments.visitNote, reminderSent: appointments.reminderSent,
      invoice: sql<boolean>`exists (${invoiceOf(tx)})`, payment: sql<boolean>`exists (${paymentOf(tx)})`, sent: sql<boolean>`exists (${sentReminderOf(tx)})`,
    }).from(appointments).where(and(eq(appointments.companyId, companyId), eq(appointments.id, id))).limit(1);
    if (!why) return 'gone';
    if (why.payment) return 'payment';
    if (why.invoice) return 'invoice';
    if (why.arrivedAt || !(DELETABLE_APPOINTMENT_STATUSES as readonly string[]).includes(why.status)) return 'visit';
    if (why.visitNote !== null) return 'note';
    return 'reminder';
  });
}

/** Deletes a booking made by mistake: 404 when it is not the company's, 409 (saying why, and to cancel instead) when it has history. */
export async function deleteAppointment(deps: Deps, ctx: RequestContext, caller: Caller, id: string): Promise<void> {
  const before = await getAppointment(deps, caller, id);
  // Only the request that removed the row records it: a simultaneous second delete is a 404.
  // The removal, its audit row and its event (open boards refresh) commit together.
  const outcome = await deleteWithoutHistory(deps.db, caller.companyId, id, async (tx) => {
    await recordAudit(tx, ctx, {
      companyId: caller.companyId, actorId: caller.id, action: 'delete', entity: 'appointment', entityId: id, changes: { before: auditable(before) },
    });
    await emit(tx, { type: 'appointment.deleted', companyId: caller.companyId, actorId: caller.id, appointmentId: id, clinicId: before.clinic._id, at: clockNow(deps).toISOString() });
  });
  if (outcome === 'gone') throw notFound('appointment');
  if (outcome !== 'deleted') throw conflict('APPOINTMENT_HAS_HISTORY', `errors.scheduling.deleteRefused.${outcome}`);
}
