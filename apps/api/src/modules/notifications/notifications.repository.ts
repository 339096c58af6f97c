/** Every query of the staff's notifications. All of them are scoped by company. */
import { and, desc, eq, isNull, notInArray, sql } from 'drizzle-orm';
import type { NotificationKind } from '@clinic/shared';
import { safeTimeZone } from '@clinic/shared';
import type { Db } from '../../db/client.js';
import { exactTotal } from '../../lib/list.js';
import { notifications } from '../../db/schema/index.js';
import { employeeHolds, rowsOf } from '../../lib/sql.js';

export type NotificationRow = typeof notifications.$inferSelect;

/** What a notification about an appointment needs, read once. */
export interface AppointmentFacts {
  id: string;
  clinicId: string;
  doctorId: string;
  startsAt: Date;
  timeZone: string;
  patient: string;
  doctor: string;
  clinic: string;
  /** The name of the employee who made the change ('' for none: the patient, through their link). */
  actor: string;
}

/** The appointment's facts and, in the same statement, the name of the employee `actorId` who made the change. */
export async function appointmentFacts(db: Db, companyId: string, appointmentId: string, actorId: string | null = null): Promise<AppointmentFacts | null> {
  const rows = rowsOf<{ id: string; clinic_id: string; doctor_id: string; starts_at: string | Date; time_zone: string; patient: string; doctor: string; clinic: string; actor: string | null }>(
    await db.execute(sql`
      select a.id, a.clinic_id, a.doctor_id, a.starts_at, c.time_zone, p.name as patient, e.name as doctor, c.name as clinic,
        (select x.name from employees x where x.company_id = a.company_id and x.id = ${actorId}::uuid) as actor
      from appointments a
      join patients p on p.company_id = a.company_id and p.id = a.patient_id
      join employees e on e.company_id = a.company_id and e.id = a.doctor_id
      join clinics c on c.company_id = a.company_id and c.id = a.clinic_id
      where a.company_id = ${companyId} and a.id = ${appointmentId}`),
  );
  const r = rows[0];
  if (!r) return null;
  return { id: r.id, clinicId: r.clinic_id, doctorId: r.doctor_id, startsAt: new Date(r.starts_at), timeZone: safeTimeZone(r.time_zone), patient: r.patient, doctor: r.doctor, clinic: r.clinic, actor: r.actor ?? '' };
}

/**
 * Who hears about an appointment: active staff of the company who may read appointments (or administer it), and who
 * work at its clinic (staff assigned to no clinic cover all of them; administrators always hear). A doctor hears
 * about their own patients only. The person who made the change does not notify themselves.
 */
export async function recipientsFor(db: Db, companyId: string, a: Pick<AppointmentFacts, 'clinicId' | 'doctorId'>, actorId: string | null): Promise<string[]> {
  const rows = rowsOf<{ id: string }>(await db.execute(sql`
    select e.id from employees e
    where e.company_id = ${companyId} and e.is_active
      and (${actorId}::uuid is null or e.id <> ${actorId}::uuid)
      and ${employeeHolds(['admin', 'appointment_read'])}
      and (
        ${employeeHolds(['admin'])}
        or (e.employee_type = 'Doctor' and e.id = ${a.doctorId})
        or (e.employee_type <> 'Doctor' and (
          not exists (select 1 from employee_clinics ec where ec.company_id = e.company_id and ec.employee_id = e.id)
          or exists (select 1 from employee_clinics ec where ec.company_id = e.company_id and ec.employee_id = e.id and ec.clinic_id = ${a.clinicId})))
      )
    limit 1000`));
  return rows.map((r) => r.id);
}

/** The company's active administrators (the `admin` permission through a role) other than `exceptId`. */
export async function administratorIds(db: Db, companyId: string, exceptId: string | null): Promise<string[]> {
  const rows = rowsOf<{ id: string }>(await db.execute(sql`
    select e.id from employees e
    where e.company_id = ${companyId} and e.is_active
      and (${exceptId}::uuid is null or e.id <> ${exceptId}::uuid)
      and ${employeeHolds(['admin'])}
    limit 1000`));
  return rows.map((r) => r.id);
}

/** The employee's name, or '' (no actor, or no such employee). */
export async function actorName(db: Db, companyId: string, actorId: string | null): Promise<string> {
  if (!actorId) return '';
  const rows = rowsOf<{ name: string }>(await db.execute(sql`select name from employees where company_id = ${companyId} and id = ${actorId}`));
  return rows[0]?.name ?? '';
}

/** One notification about an entity per recipient, with the same parameters. */
export async function insertNotifications(
  db: Db, companyId: string, recipientIds: string[], n: { kind: NotificationKind; entity: string; entityId: string; params: Record<string, string> },
): Promise<void> {
  await db.insert(notifications).values(recipientIds.map((recipientId) => ({ companyId, recipientId, ...n })));
}

/** The recipient's latest notifications (only the unread ones when asked), newest first. */
/** A page of a user's notifications, latest first, and how many there are. */
export async function findNotifications(
  db: Db, companyId: string, recipientId: string, q: { unreadOnly: boolean; limit: number; offset: number; exceptKinds?: readonly NotificationKind[] },
) {
  const where = and(
    eq(notifications.companyId, companyId), eq(notifications.recipientId, recipientId),
    q.unreadOnly ? isNull(notifications.readAt) : undefined,
    q.exceptKinds?.length ? notInArray(notifications.kind, [...q.exceptKinds]) : undefined,
  );
  const rows: NotificationRow[] = await db.select().from(notifications).where(where)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(q.limit).offset(q.offset);
  const total = await exactTotal(rows.length, q, async () => {
    const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(notifications).where(where);
    return Number(row?.n ?? 0);
  });
  return { rows, total };
}

export async function countUnread(db: Db, companyId: string, recipientId: string, exceptKinds: readonly NotificationKind[] = []): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(notifications)
    .where(and(
      eq(notifications.companyId, companyId), eq(notifications.recipientId, recipientId), isNull(notifications.readAt),
      exceptKinds.length ? notInArray(notifications.kind, [...exceptKinds]) : undefined,
    ));
  return Number(row?.n ?? 0);
}

/** Marks one of the recipient's notifications read (keeping the first reading's time); false when they have no such notification. */
export async function markOneRead(db: Db, companyId: string, recipientId: string, id: string, at: Date): Promise<boolean> {
  const rows = await db.update(notifications).set({ readAt: sql`coalesce(${notifications.readAt}, ${at.toISOString()}::timestamptz)` })
    .where(and(eq(notifications.companyId, companyId), eq(notifications.recipientId, recipientId), eq(notifications.id, id)))
    .returning({ id: notifications.id });
  return rows.length > 0;
}

/** Marks every unread notification of the recipient read; returns how many. */
export async function markUnreadRead(db: Db, companyId: string, recipientId: string, at: Date): Promise<number> {
  const rows = await db.update(notifications).set({ readAt: at })
    .where(and(eq(notifications.companyId, companyId), eq(notifications.recipientId, recipientId), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return rows.length;
}
