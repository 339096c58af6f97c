/**
 * Private iCalendar feeds. A doctor makes one for their own appointments; an administrator for any doctor or for a
 * clinic. The address holds a random secret of which only a hash is kept: rotating replaces it (the old address
 * stops at once) and revoking ends it. The feed covers a bounded window and shows patients by initials unless the
 * feed was made to show names.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  CALENDAR_FEED_DAYS_AHEAD, CALENDAR_FEED_DAYS_BACK, hasPermission, type CalendarFeedCreateInput, type CalendarFeedRecord,
} from '@clinic/shared';
import { and, desc, eq, getTableColumns, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import { DateTime } from 'luxon';
import { calendarFeeds, clinics, employees } from '../../db/schema/index.js';
import { safeTimeZone } from '../../domain/scheduling/time-zone.js';
import type { Caller, Deps } from '../../lib/app-types.js';
import { recordAudit } from '../../lib/audit.js';
import { AppError, forbidden, notFound, validationFailed } from '../../lib/errors.js';
import { initials, vtimezone } from './feeds.domain.js';

const DAY = 86_400_000;
/** At most this many events in one feed (a clinic's busiest 120 days stay well below it). */
export const FEED_EVENT_CAP = 5000;
const SECRET = /^([A-Za-z0-9_-]{43})\.ics$/;

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');
const newSecret = () => randomBytes(32).toString('base64url');
const origin = (req: FastifyRequest) => `${req.protocol}://${req.host}`;
const feedUrl = (req: FastifyRequest, secret: string) => `${origin(req)}/api/calendars/${secret}.ics`;

type FeedRow = typeof calendarFeeds.$inferSelect & { doctorName: string | null; clinicName: string | null };

function toRecord(row: FeedRow, url?: string): CalendarFeedRecord {
  return {
    _id: row.id,
    doctor: row.doctorId ? { _id: row.doctorId, name: row.doctorName ?? '' } : null,
    clinic: row.clinicId ? { _id: row.clinicId, name: row.clinicName ?? '' } : null,
    showNames: row.showNames,
    createdAt: row.createdAt.toISOString(),
    rotatedAt: row.rotatedAt?.toISOString() ?? null,
    ...(url ? { url } : {}),
  };
}

const isAdmin = (caller: Caller) => hasPermission(caller.permissions, 'admin');

/** Feeds the caller may manage: all of the company's for an administrator, their own doctor feed otherwise. */
function mine(caller: Caller) {
  const live = and(eq(calendarFeeds.companyId, caller.companyId), isNull(calendarFeeds.revokedAt));
  return isAdmin(caller) ? live : and(live, eq(calendarFeeds.doctorId, caller.id));
}

async function feedRows(deps: Deps, caller: Caller, id?: string): Promise<FeedRow[]> {
  return deps.db
    .select({ ...getTableColumns(calendarFeeds), doctorName: employees.name, clinicName: clinics.name })
    .from(calendarFeeds)
    .leftJoin(employees, and(eq(employees.companyId, calendarFeeds.companyId), eq(employees.id, calendarFeeds.doctorId)))
    .leftJoin(clinics, and(eq(clinics.companyId, calendarFeeds.companyId), eq(clinics.id, calendarFeeds.clinicId)))
    .where(and(mine(caller), id ? eq(calendarFeeds.id, id) : undefined))
    .orderBy(desc(calendarFeeds.createdAt))
    .limit(200);
}

export async function listFeeds(deps: Deps, caller: Caller): Promise<CalendarFeedRecord[]> {
  return (await feedRows(deps, caller)).map((r) => toRecord(r));
}

export async function createFeed(deps: Deps, req: FastifyRequest, caller: Caller, input: CalendarFeedCreateInput): Promise<CalendarFeedRecord> {
  if (!!input.doctor === !!input.clinic) throw validationFailed({ doctor: 'errors.feeds.targetRequired' });
  if (input.clinic && !isAdmin(caller)) throw forbidden();
  if (input.doctor && input.doctor !== caller.id && !isAdmin(caller)) throw new AppError(403, 'FORBIDDEN', 'errors.feeds.notYourFeed');
  if (input.doctor) {
    const [doctor] = await deps.db.select({ id: employees.id }).from(employees)
      .where(and(eq(employees.companyId, caller.companyId), eq(employees.id, input.doctor), eq(employees.employeeType, 'Doctor'))).limit(1);
    if (!doctor) throw notFound();
  } else {
    const [clinic] = await deps.db.select({ id: clinics.id }).from(clinics)
      .where(and(eq(clinics.companyId, caller.companyId), eq(clinics.id, input.clinic!))).limit(1);
    if (!clinic) throw notFound();
  }
  const secret = newSecret();
  const [row] = await deps.db.insert(calendarFeeds).values({
    companyId: caller.companyId, doctorId: input.doctor ?? null, clinicId: input.clinic ?? null, showNames: input.showNames,
    secretHash: hashOf(secret), createdBy: caller.id,
  }).returning({ id: calendarFeeds.id });
  await recordAudit(deps.db, req, {
    companyId: caller.companyId, actorId: caller.id, action: 'create', entity: 'calendar_feed', entityId: row!.id,
    changes: { after: { doctor: input.doctor ?? null, clinic: input.clinic ?? null, showNames: input.showNames } },
  });
  const [created] = await feedRows(deps, caller, row!.id);
  return toRecord(created!, feedUrl(req, secret));
}

export async function rotateFeed(deps: Deps, req: FastifyRequest, caller: Caller, id: string): Promise<CalendarFeedRecord> {
  const secret = newSecret();
  const [row] = await deps.db.update(calendarFeeds).set({ secretHash: hashOf(secret), rotatedAt: new Date() })
    .where(and(mine(caller), eq(calendarFeeds.id, id))).returning({ id: calendarFeeds.id });
  if (!row) throw notFound();
  await recordAudit(deps.db, req, { companyId: caller.companyId, actorId: caller.id, action: 'rotate', entity: 'calendar_feed', entityId: id });
  const [rotated] = await feedRows(deps, caller, id);
  return toRecord(rotated!, feedUrl(req, secret));
}

export async function revokeFeed(deps: Deps, req: FastifyRequest, caller: Caller, id: string): Promise<void> {
  const [row] = await deps.db.update(calendarFeeds).set({ revokedAt: new Date() })
    .where(and(mine(caller), eq(calendarFeeds.id, id))).returning({ id: calendarFeeds.id });
  if (!row) throw notFound();
  await recordAudit(deps.db, req, { companyId: caller.companyId, actorId: caller.id, action: 'revoke', entity: 'calendar_feed', entityId: id });
}

interface FeedEvent {
  id: string; publicId: string; status: string; startsAt: Date; endsAt: Date; updatedAt: Date; version: number; reason: string;
  patientId: string; patientName: string; doctorName: string; clinicName: string; clinicAddress: string | null; timeZone: string; serviceName: string;
}

/** The feed's iCalendar text and its ETag, or null for an unknown, rotated or revoked address. */
export async function renderFeed(deps: Deps, req: FastifyRequest, file: string, now = new Date()): Promise<{ body: string; etag: string } | null> {
  const m = SECRET.exec(file);
  if (!m) return null;
  const [feed] = await deps.db.select().from(calendarFeeds)
    .where(and(eq(calendarFeeds.secretHash, hashOf(m[1]!)), isNull(calendarFeeds.revokedAt))).limit(1);
  if (!feed) return null;
  const from = new Date(now.getTime() - CALENDAR_FEED_DAYS_BACK * DAY);
  const to = new Date(now.getTime() + CALENDAR_FEED_DAYS_AHEAD * DAY);
  const events = await deps.database.query<FeedEvent>(
    `select a.id, a.public_id as "publicId", a.status, a.starts_at as "startsAt", a.ends_at as "endsAt", a.updated_at as "updatedAt",
            a.version, a.reason, a.patient_id as "patientId", p.name as "patientName", e.name as "doctorName", c.name as "clinicName",
            c.address as "clinicAddress", c.time_zone as "timeZone", s.name as "serviceName"
       from appointments a
       join patients p on p.company_id = a.company_id and p.id = a.patient_id
       join employees e on e.company_id = a.company_id and e.id = a.doctor_id
       join clinics c on c.company_id = a.company_id and c.id = a.clinic_id
       join services s on s.company_id = a.company_id and s.id = a.service_id
      where a.company_id = $1 and a.starts_at >= $2 and a.starts_at < $3
        and ${feed.doctorId ? 'a.doctor_id = $4' : 'a.clinic_id = $4'}
      order by a.starts_at, a.id
      limit ${FEED_EVENT_CAP}`,
    [feed.companyId, from, to, feed.doctorId ?? feed.clinicId],
  );
  const [owner] = feed.doctorId
    ? await deps.db.select({ name: employees.name }).from(employees).where(and(eq(employees.companyId, feed.companyId), eq(employees.id, feed.doctorId)))
    : await deps.db.select({ name: clinics.name }).from(clinics).where(and(eq(clinics.companyId, feed.companyId), eq(clinics.id, feed.clinicId!)));
  const windowStart = from.getTime() - DAY;
  const windowEnd = to.getTime() + DAY;
  const calendar = ical({
    name: owner?.name ?? 'Clinic',
    prodId: { company: 'Clinic', product: 'Appointments', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    ttl: 15 * 60,
    timezone: { name: null, generator: (zone) => vtimezone(zone, windowStart, windowEnd) },
  });
  for (const e of events) {
    const zone = safeTimeZone(e.timeZone);
    const who = feed.showNames ? e.patientName : initials(e.patientName);
    calendar.createEvent({
      id: `${e.id}@clinic`,
      start: DateTime.fromJSDate(new Date(e.startsAt)).setZone(zone),
      end: DateTime.fromJSDate(new Date(e.endsAt)).setZone(zone),
      timezone: zone,
      stamp: new Date(e.updatedAt),
      lastModified: new Date(e.updatedAt),
      sequence: Math.max(0, e.version - 1),
      summary: `${who} · ${e.serviceName}`,
      location: [e.clinicName, e.clinicAddress].filter(Boolean).join(', '),
      description: [`${e.publicId}`, feed.doctorId ? null : e.doctorName, e.status === 'cancelled' ? null : e.reason && feed.showNames ? e.reason : null]
        .filter(Boolean).join('\n'),
      url: `${origin(req)}/patients/details/${e.patientId}`,
      status: e.status === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  const body = calendar.toString();
  await recordAudit(deps.db, req, { companyId: feed.companyId, actorId: null, action: 'read', entity: 'calendar_feed', entityId: feed.id, changes: { events: events.length } });
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
}
