/**
 * Private iCalendar feeds. A doctor makes one for their own appointments; an administrator for any doctor or for a
 * clinic. The address holds a random secret of which only a hash is kept: rotating replaces it (the old address
 * stops at once) and revoking ends it. The feed covers a bounded window and shows patients by initials unless the
 * feed was made to show names.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  CALENDAR_FEED_DAYS_AHEAD, CALENDAR_FEED_DAYS_BACK, type CalendarFeedCreateInput, type CalendarFeedRecord, hasPermission,
  inZone, pageWindow, safeTimeZone,
} from '@clinic/shared';
import ical, { ICalCalendarMethod, ICalEventStatus } from 'ical-generator';
import type { Caller, Deps } from '../../lib/app-types.js';
import { recordAudit } from '../../lib/audit.js';
import { credentialIsLive } from '../../lib/credential-liveness.js';
import { inTransaction } from '../../lib/transaction.js';
import { AppError, forbidden, notFound, validationFailed } from '../../lib/errors.js';
import { exactTotal } from '../../lib/list.js';
import type { RequestContext } from '../../lib/request-context.js';
import { initials, vtimezone } from './feeds.domain.js';
import {
  clinicExists, countFeeds, doctorExists, feedEvents, feedOwnerName, findFeeds, findLiveFeedBySecretHash, insertFeed, replaceSecret, revoke,
  type FeedRow, type FeedScope, type FeedWithNames,
} from './feeds.repository.js';

const DAY = 86_400_000;
/** At most this many events in one feed (a clinic's busiest 120 days stay well below it). */
export const FEED_EVENT_CAP = 5000;
const SECRET = /^([A-Za-z0-9_-]{43})\.ics$/;

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('hex');
const newSecret = () => randomBytes(32).toString('base64url');
const feedUrl = (ctx: RequestContext, secret: string) => `${ctx.origin}/api/calendars/${secret}.ics`;

function toRecord(row: FeedWithNames, url?: string): CalendarFeedRecord {
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
function mine(caller: Caller): FeedScope {
  return { companyId: caller.companyId, doctorId: isAdmin(caller) ? null : caller.id };
}

/** A page of the feeds the caller may manage, latest first, and how many there are. */
export async function listFeeds(deps: Deps, caller: Caller, q: { page: number; limit: number; allData?: boolean | undefined }) {
  const w = pageWindow(q);
  const rows = await findFeeds(deps.db, mine(caller), undefined, w);
  const total = await exactTotal(rows.length, w, () => countFeeds(deps.db, mine(caller)));
  return { data: rows.map((r): CalendarFeedRecord => toRecord(r)), total };
}

export async function createFeed(deps: Deps, ctx: RequestContext, caller: Caller, input: CalendarFeedCreateInput): Promise<CalendarFeedRecord> {
  if (!!input.doctor === !!input.clinic) throw validationFailed({ doctor: 'errors.feeds.targetRequired' });
  if (input.clinic && !isAdmin(caller)) throw forbidden();
  if (input.doctor && input.doctor !== caller.id && !isAdmin(caller)) throw new AppError(403, 'FORBIDDEN', 'errors.feeds.notYourFeed');
  const exists = input.doctor
    ? await doctorExists(deps.db, caller.companyId, input.doctor)
    : await clinicExists(deps.db, caller.companyId, input.clinic!);
  if (!exists) throw notFound();
  const secret = newSecret();
  const id = await inTransaction(deps.db, async (tx) => {
    const feedId = await insertFeed(tx, {
      companyId: caller.companyId, doctorId: input.doctor ?? null, clinicId: input.clinic ?? null, showNames: input.showNames,
      secretHash: hashOf(secret), createdBy: caller.id,
    });
    await recordAudit(tx, ctx, {
      companyId: caller.companyId, actorId: caller.id, action: 'create', entity: 'calendar_feed', entityId: feedId,
      changes: { after: { doctor: input.doctor ?? null, clinic: input.clinic ?? null, showNames: input.showNames } },
    });
    return feedId;
  });
  const [created] = await findFeeds(deps.db, mine(caller), id);
  return toRecord(created!, feedUrl(ctx, secret));
}

export async function rotateFeed(deps: Deps, ctx: RequestContext, caller: Caller, id: string): Promise<CalendarFeedRecord> {
  const secret = newSecret();
  await inTransaction(deps.db, async (tx) => {
    if (!(await replaceSecret(tx, mine(caller), id, hashOf(secret), new Date()))) throw notFound();
    await recordAudit(tx, ctx, { companyId: caller.companyId, actorId: caller.id, action: 'rotate', entity: 'calendar_feed', entityId: id });
  });
  const [rotated] = await findFeeds(deps.db, mine(caller), id);
  return toRecord(rotated!, feedUrl(ctx, secret));
}

export async function revokeFeed(deps: Deps, ctx: RequestContext, caller: Caller, id: string): Promise<void> {
  await inTransaction(deps.db, async (tx) => {
    if (!(await revoke(tx, mine(caller), id, new Date()))) throw notFound();
    await recordAudit(tx, ctx, { companyId: caller.companyId, actorId: caller.id, action: 'revoke', entity: 'calendar_feed', entityId: id });
  });
}

/**
 * A feed acts for the person who made it: it answers only while they are active, their company is open and they still
 * hold what making it needed (a doctor's own feed: appointment_read; any other feed: admin). Deactivation, deletion
 * and closing also revoke it for good; a withdrawn permission only silences it until the permission returns.
 */
async function ownerMayStillRead(deps: Deps, feed: FeedRow): Promise<boolean> {
  if (!feed.createdBy) return false;
  const need = feed.doctorId !== null && feed.doctorId === feed.createdBy ? 'appointment_read' : 'admin';
  return credentialIsLive(deps.db, { companyId: feed.companyId, employeeId: feed.createdBy }, need);
}

/** The feed's iCalendar text and its ETag, or null for an unknown, rotated or revoked address, or one whose maker ended. */
export async function renderFeed(deps: Deps, ctx: RequestContext, file: string, now = new Date()): Promise<{ body: string; etag: string } | null> {
  const m = SECRET.exec(file);
  if (!m) return null;
  const feed = await findLiveFeedBySecretHash(deps.db, hashOf(m[1]!));
  if (!feed || !(await ownerMayStillRead(deps, feed))) return null;
  const from = new Date(now.getTime() - CALENDAR_FEED_DAYS_BACK * DAY);
  const to = new Date(now.getTime() + CALENDAR_FEED_DAYS_AHEAD * DAY);
  const events = await feedEvents(deps.database, feed, from, to, FEED_EVENT_CAP);
  const ownerName = await feedOwnerName(deps.db, feed);
  const windowStart = from.getTime() - DAY;
  const windowEnd = to.getTime() + DAY;
  const calendar = ical({
    name: ownerName ?? 'Clinic',
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
      start: inZone(new Date(e.startsAt), zone),
      end: inZone(new Date(e.endsAt), zone),
      timezone: zone,
      stamp: new Date(e.updatedAt),
      lastModified: new Date(e.updatedAt),
      sequence: Math.max(0, e.version - 1),
      summary: `${who} · ${e.serviceName}`,
      location: [e.clinicName, e.clinicAddress].filter(Boolean).join(', '),
      description: [`${e.publicId}`, feed.doctorId ? null : e.doctorName, e.status === 'cancelled' ? null : e.reason && feed.showNames ? e.reason : null]
        .filter(Boolean).join('\n'),
      url: `${ctx.origin}/patients/details/${e.patientId}`,
      status: e.status === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
  }
  const body = calendar.toString();
  await recordAudit(deps.db, ctx, { companyId: feed.companyId, actorId: null, action: 'read', entity: 'calendar_feed', entityId: feed.id, changes: { events: events.length } });
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
}
