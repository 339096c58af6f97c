import {
  hasPermission, isMessageKey, type NotificationKind, type NotificationListQuery, type NotificationRecord, pageWindow, safeTimeZone, translate,
} from '@clinic/shared';
import type { Caller, Deps } from '../../lib/app-types.js';
import { AppError } from '../../lib/errors.js';
import type { RequestContext } from '../../lib/request-context.js';
import { zonedWords } from '../reminders/index.js';
import {
  actorName, administratorIds, appointmentFacts, countUnread, findNotifications, insertNotifications, markOneRead, markUnreadRead, recipientsFor,
  type NotificationRow,
} from './notifications.repository.js';

/**
 * Notifies the staff concerned about an appointment (`actorId` null: the patient, through their link): their bells
 * ring. Returns the recipients and the appointment's clinic (null: no such appointment).
 */
export async function notifyStaff(
  deps: Pick<Deps, 'db' | 'live'>, companyId: string, appointmentId: string, kind: NotificationKind, actorId: string | null, extra: Record<string, string> = {},
): Promise<{ recipients: string[]; clinicId: string | null }> {
  const a = await appointmentFacts(deps.db, companyId, appointmentId, actorId);
  if (!a) return { recipients: [], clinicId: null };
  const recipients = await recipientsFor(deps.db, companyId, a, actorId);
  const params = { patient: a.patient, doctor: a.doctor, clinic: a.clinic, at: a.startsAt.toISOString(), timeZone: a.timeZone, actor: a.actor, ...extra };
  if (recipients.length) {
    await insertNotifications(deps.db, companyId, recipients, { kind, entity: 'appointment', entityId: appointmentId, params });
    await deps.live?.publish(deps.db, { c: companyId, t: 'notification', r: recipients });
  }
  return { recipients, clinicId: a.clinicId };
}

/**
 * Rings the bell of every administrator of the company (except the actor) about a record that is not an
 * appointment (e.g. a sensitive note opened by another clinician). Returns the recipients.
 */
export async function notifyAdministrators(
  deps: Pick<Deps, 'db' | 'live'>, companyId: string, n: { kind: NotificationKind; entity: string; entityId: string; actorId: string; params: Record<string, string> },
): Promise<string[]> {
  const recipients = await administratorIds(deps.db, companyId, n.actorId);
  if (recipients.length) {
    const params = { ...n.params, actor: await actorName(deps.db, companyId, n.actorId) };
    await insertNotifications(deps.db, companyId, recipients, { kind: n.kind, entity: n.entity, entityId: n.entityId, params });
    await deps.live?.publish(deps.db, { c: companyId, t: 'notification', r: recipients });
  }
  return recipients;
}

/**
 * Rings the bells of the named employees (except the actor) about a record that is not an appointment (e.g. an
 * abnormal result for its ordering doctor). Given a transaction (`withDb`), the notification commits with the change.
 */
export async function notifyEmployees(
  deps: Pick<Deps, 'db' | 'live'>, companyId: string, recipientIds: string[], n: { kind: NotificationKind; entity: string; entityId: string; actorId: string | null; params: Record<string, string> },
): Promise<string[]> {
  const recipients = [...new Set(recipientIds)].filter((id) => id !== n.actorId);
  if (recipients.length) {
    const params = { ...n.params, actor: await actorName(deps.db, companyId, n.actorId) };
    await insertNotifications(deps.db, companyId, recipients, { kind: n.kind, entity: n.entity, entityId: n.entityId, params });
    await deps.live?.publish(deps.db, { c: companyId, t: 'notification', r: recipients });
  }
  return recipients;
}

/** Notifies the staff concerned (notifyStaff) and tells open browsers that the appointment changed. Returns the recipients. */
export async function notifyAppointment(
  deps: Pick<Deps, 'db' | 'live'>, companyId: string, appointmentId: string, kind: NotificationKind, actorId: string | null, extra: Record<string, string> = {},
): Promise<string[]> {
  const { recipients, clinicId } = await notifyStaff(deps, companyId, appointmentId, kind, actorId, extra);
  if (clinicId !== null) await announceAppointment(deps, companyId, appointmentId, clinicId);
  return recipients;
}

/** Open browsers refetch the appointment's views (a change that notifies nobody, such as a check-in). */
export async function announceAppointment(deps: Pick<Deps, 'db' | 'live'>, companyId: string, appointmentId: string, clinicId: string): Promise<void> {
  await deps.live?.publish(deps.db, { c: companyId, t: 'appointment', a: appointmentId, k: clinicId });
}

function toRecord(ctx: RequestContext, row: NotificationRow): NotificationRecord {
  const lang = ctx.language;
  const p = Object.fromEntries(Object.entries((row.params ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v ?? '')]));
  const at = p.at || p.datetime;
  const when = at && !Number.isNaN(Date.parse(at)) ? zonedWords(new Date(at), safeTimeZone(p.timeZone), lang === 'ar' ? 'ar' : 'en') : null;
  const byPatient = `notifications.byPatient.${row.kind}`;
  // A booking made online that waits for the desk says so.
  const kindKey = row.kind === 'online_booking' && p.requested === 'true' ? 'online_booking_requested' : row.kind;
  const key = !p.actor && isMessageKey(byPatient) ? byPatient : `notifications.${kindKey}`;
  const count = Number(p.count);
  const text = translate(key, lang, {
    ...p,
    // A counted text picks its plural form from the number.
    ...(p.count && Number.isSafeInteger(count) ? { count } : {}),
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
    link: !row.entityId ? null
      : row.entity === 'appointment' ? `/appointments?id=${row.entityId}`
        : row.entity === 'encounter' ? `/encounters/${row.entityId}`
          // An abnormal result opens the patient's page, where the order's results are acknowledged.
          : row.entity === 'order' && p.patientId ? `/patients/details/${p.patientId}` : null,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Notifications that carry clinical content (an abnormal result's tests, the reason a sensitive note was opened): shown
 * only while their recipient may read the clinical record, like the record itself (a permission withdrawn since hides them).
 */
const CLINICAL_KINDS: readonly NotificationKind[] = ['result_abnormal', 'sensitive_note_opened'];
const hiddenKinds = (caller: Caller) => (hasPermission(caller.permissions, 'clinical_read') ? [] : CLINICAL_KINDS);

export async function listNotifications(deps: Deps, ctx: RequestContext, caller: Caller, q: NotificationListQuery) {
  const { rows, total } = await findNotifications(deps.db, caller.companyId, caller.id, { unreadOnly: q.unread === 'true', ...pageWindow(q), exceptKinds: hiddenKinds(caller) });
  return { data: rows.map((r) => toRecord(ctx, r)), total };
}

export async function unreadCount(deps: Deps, caller: Caller): Promise<number> {
  return countUnread(deps.db, caller.companyId, caller.id, hiddenKinds(caller));
}

export async function markRead(deps: Deps, caller: Caller, id: string, now = new Date()): Promise<void> {
  if (!(await markOneRead(deps.db, caller.companyId, caller.id, id, now))) throw new AppError(404, 'NOT_FOUND', 'errors.reminders.notificationNotFound');
  await deps.live?.publish(deps.db, { c: caller.companyId, t: 'notification', r: [caller.id] });
}

export async function markAllRead(deps: Deps, caller: Caller, now = new Date()): Promise<number> {
  const marked = await markUnreadRead(deps.db, caller.companyId, caller.id, now);
  await deps.live?.publish(deps.db, { c: caller.companyId, t: 'notification', r: [caller.id] });
  return marked;
}
