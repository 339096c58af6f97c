import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { isMessageKey, translate, type NotificationKind, type NotificationRecord } from '@clinic/shared';
import type { Db } from '../../db/client.js';
import { notifications } from '../../db/schema/index.js';
import type { Caller, Deps } from '../../lib/app-types.js';
import { AppError } from '../../lib/errors.js';
import { requestLanguage } from '../../lib/i18n.js';
import { safeTimeZone } from '../../domain/scheduling/time-zone.js';
import { rowsOf } from '../organisation/org-support.js';
import { zonedWords } from '../reminders/reminders.domain.js';

/** What a notification about an appointment needs, read once. */
interface AppointmentFacts {
  id: string;
  clinicId: string;
  doctorId: string;
  startsAt: Date;
  timeZone: string;
  patient: string;
  doctor: string;
  clinic: string;
}

async function appointmentFacts(db: Db, companyId: string, appointmentId: string): Promise<AppointmentFacts | null> {
  const rows = rowsOf<{ id: string; clinic_id: string; doctor_id: string; starts_at: string | Date; time_zone: string; patient: string; doctor: string; clinic: string }>(
    await db.execute(sql`
      select a.id, a.clinic_id, a.doctor_id, a.starts_at, c.time_zone, p.name as patient, e.name as doctor, c.name as clinic
      from appointments a
      join patients p on p.company_id = a.company_id and p.id = a.patient_id
      join employees e on e.company_id = a.company_id and e.id = a.doctor_id
      join clinics c on c.company_id = a.company_id and c.id = a.clinic_id
      where a.company_id = ${companyId} and a.id = ${appointmentId}`),
  );
  const r = rows[0];
  if (!r) return null;
  return { id: r.id, clinicId: r.clinic_id, doctorId: r.doctor_id, startsAt: new Date(r.starts_at), timeZone: safeTimeZone(r.time_zone), patient: r.patient, doctor: r.doctor, clinic: r.clinic };
}

/**
 * Who hears about an appointment: active staff of the company who may read appointments (or administer it), and who
 * work at its clinic (staff assigned to no clinic cover all of them; administrators always hear). A doctor hears
 * about their own patients only. The person who made the change does not notify themselves.
 */
async function recipientsFor(db: Db, companyId: string, a: AppointmentFacts, actorId: string | null): Promise<string[]> {
  const rows = rowsOf<{ id: string }>(await db.execute(sql`
    select e.id from employees e
    where e.company_id = ${companyId} and e.is_active
      and (${actorId}::uuid is null or e.id <> ${actorId}::uuid)
      and exists (
        select 1 from employee_roles er join role_permissions rp on rp.company_id = er.company_id and rp.role_id = er.role_id
        where er.company_id = e.company_id and er.employee_id = e.id and rp.permission in ('admin', 'appointment_read'))
      and (
        exists (
          select 1 from employee_roles er join role_permissions rp on rp.company_id = er.company_id and rp.role_id = er.role_id
          where er.company_id = e.company_id and er.employee_id = e.id and rp.permission = 'admin')
        or (e.employee_type = 'Doctor' and e.id = ${a.doctorId})
        or (e.employee_type <> 'Doctor' and (
          not exists (select 1 from employee_clinics ec where ec.company_id = e.company_id and ec.employee_id = e.id)
          or exists (select 1 from employee_clinics ec where ec.company_id = e.company_id and ec.employee_id = e.id and ec.clinic_id = ${a.clinicId})))
      )
    limit 1000`));
  return rows.map((r) => r.id);
}

async function actorName(db: Db, companyId: string, actorId: string | null): Promise<string> {
  if (!actorId) return '';
  const rows = rowsOf<{ name: string }>(await db.execute(sql`select name from employees where company_id = ${companyId} and id = ${actorId}`));
  return rows[0]?.name ?? '';
}

/**
 * Notifies the staff concerned about an appointment (`actorId` null: the patient, through their link) and tells
 * open browsers that it changed. Returns the recipients.
 */
export async function notifyAppointment(
  deps: Pick<Deps, 'db' | 'live'>, companyId: string, appointmentId: string, kind: NotificationKind, actorId: string | null, extra: Record<string, string> = {},
): Promise<string[]> {
  const a = await appointmentFacts(deps.db, companyId, appointmentId);
  if (!a) return [];
  const recipients = await recipientsFor(deps.db, companyId, a, actorId);
  const params = { patient: a.patient, doctor: a.doctor, clinic: a.clinic, at: a.startsAt.toISOString(), timeZone: a.timeZone, actor: await actorName(deps.db, companyId, actorId), ...extra };
  if (recipients.length) {
    await deps.db.insert(notifications).values(recipients.map((recipientId) => ({ companyId, recipientId, kind, entity: 'appointment', entityId: appointmentId, params })));
    await deps.live?.publish(deps.db, { c: companyId, t: 'notification', r: recipients });
  }
  await deps.live?.publish(deps.db, { c: companyId, t: 'appointment', a: appointmentId, k: a.clinicId });
  return recipients;
}

/** Open browsers refetch the appointment's views (a change that notifies nobody, such as a check-in). */
export async function announceAppointment(deps: Pick<Deps, 'db' | 'live'>, companyId: string, appointmentId: string, clinicId: string): Promise<void> {
  await deps.live?.publish(deps.db, { c: companyId, t: 'appointment', a: appointmentId, k: clinicId });
}

type Row = typeof notifications.$inferSelect;

function toRecord(req: FastifyRequest, row: Row): NotificationRecord {
  const lang = requestLanguage(req);
  const p = Object.fromEntries(Object.entries((row.params ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v ?? '')]));
  const when = p.at ? zonedWords(new Date(p.at), safeTimeZone(p.timeZone), lang === 'ar' ? 'ar' : 'en') : null;
  const byPatient = `notifications.byPatient.${row.kind}`;
  const key = !p.actor && isMessageKey(byPatient) ? byPatient : `notifications.${row.kind}`;
  const text = translate(key, lang, {
    ...p,
    actor: p.actor || translate('notifications.patient', lang),
    when: when ? `${when.date} ${when.time}` : '',
    channel: p.channel ?? '',
  });
  return {
    _id: row.id,
    kind: row.kind as NotificationKind,
    entity: row.entity,
    entityId: row.entityId,
    params: p,
    text,
    link: row.entity === 'appointment' && row.entityId ? `/appointments?id=${row.entityId}` : null,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listNotifications(req: FastifyRequest, deps: Deps, caller: Caller, q: { unread?: 'true' | 'false' | undefined; limit: number }) {
  const rows = await deps.db.select().from(notifications)
    .where(and(
      eq(notifications.companyId, caller.companyId), eq(notifications.recipientId, caller.id),
      q.unread === 'true' ? isNull(notifications.readAt) : undefined,
    ))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(q.limit);
  return rows.map((r) => toRecord(req, r));
}

export async function unreadCount(deps: Deps, caller: Caller): Promise<number> {
  const [row] = await deps.db.select({ n: sql<number>`count(*)::int` }).from(notifications)
    .where(and(eq(notifications.companyId, caller.companyId), eq(notifications.recipientId, caller.id), isNull(notifications.readAt)));
  return Number(row?.n ?? 0);
}

export async function markRead(deps: Deps, caller: Caller, id: string, now = new Date()): Promise<void> {
  const rows = await deps.db.update(notifications).set({ readAt: sql`coalesce(${notifications.readAt}, ${now.toISOString()}::timestamptz)` })
    .where(and(eq(notifications.companyId, caller.companyId), eq(notifications.recipientId, caller.id), eq(notifications.id, id)))
    .returning({ id: notifications.id });
  if (!rows.length) throw new AppError(404, 'NOT_FOUND', 'errors.reminders.notificationNotFound');
  await deps.live?.publish(deps.db, { c: caller.companyId, t: 'notification', r: [caller.id] });
}

export async function markAllRead(deps: Deps, caller: Caller, now = new Date()): Promise<number> {
  const rows = await deps.db.update(notifications).set({ readAt: now })
    .where(and(eq(notifications.companyId, caller.companyId), eq(notifications.recipientId, caller.id), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  await deps.live?.publish(deps.db, { c: caller.companyId, t: 'notification', r: [caller.id] });
  return rows.length;
}
