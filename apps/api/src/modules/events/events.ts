import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { type ClaimedJob, errorText, insertJob, type JobHandler, wakeRunners } from '../jobs/index.js';
import { inTransaction } from '../../lib/transaction.js';
import { rowsOf } from '../../lib/sql.js';

/*
 * Domain events: what happened to a record, told to whoever follows it, after the change has committed.
 *
 * A change records its event with `emit(tx, event)` in its own transaction, so the change, its audit row and its
 * event commit together or not at all (a refused or rolled-back change has no event). The event is a job of the
 * job queue (modules/jobs): it survives a restart, and the runners are woken at commit to handle it at once rather
 * than at their next poll. Handling runs every follower registered for the event's type, each in its own
 * transaction together with a mark on the event's row that it did; a follower that already did is skipped, so a
 * retry or a second run changes nothing more. A follower that fails leaves the others' work done and the event
 * retried with the queue's backoff; the change itself is never undone.
 *
 * The module that changes a record imports only this module, never its followers' modules.
 */

export const APPOINTMENT_EVENTS = [
  'appointment.booked', 'appointment.rescheduled', 'appointment.cancelled', 'appointment.no_show',
  'appointment.status_changed', 'appointment.updated', 'appointment.deleted', 'appointment.confirmed',
] as const;
export type AppointmentEventType = (typeof APPOINTMENT_EVENTS)[number];

export interface AppointmentEvent {
  type: AppointmentEventType;
  companyId: string;
  /** Who made the change; null: the patient, through their link. */
  actorId: string | null;
  appointmentId: string;
  /** The appointment's clinic (an `appointment.deleted` event's row is gone by the time it is handled). */
  clinicId: string;
  /** The instant of the change, as its service saw it (ISO 8601). */
  at: string;
  /** `appointment.status_changed`: the new status. */
  status?: string;
  /**
   * The other appointments the same change booked, moved or cancelled (a series' later occurrences): reminders
   * follow each of them; staff are told once, about `appointmentId`.
   */
  also?: string[];
}

export type DomainEvent = AppointmentEvent;
export type DomainEventType = DomainEvent['type'];

/** The job kind of a recorded event. */
export const EVENT_JOB = 'domain.event';
/** Attempts before an event is given up (failed, visible in the queue): with the backoff, about four hours. */
const EVENT_ATTEMPTS = 8;

/**
 * Records `event` in the transaction `tx` of the change (and wakes the runners when it commits). Returns the
 * event's id (its job's).
 */
export async function emit(tx: Db, event: DomainEvent): Promise<string> {
  const id = await insertJob(tx, { companyId: event.companyId, kind: EVENT_JOB, payload: { event }, runAt: new Date(), maxAttempts: EVENT_ATTEMPTS });
  await wakeRunners(tx);
  return id;
}

/** A follower: does its part of what follows an event, through `tx` (its transaction). */
export type Follower = (tx: Db, event: DomainEvent, now: Date) => Promise<void>;

/**
 * Marks the event's row as handled by `name`, unless it already is: true when this call marked it (inside the
 * follower's transaction, so the mark and the follower's work commit together).
 */
async function markHandled(tx: Db, companyId: string, eventId: string, name: string): Promise<boolean> {
  const marked = await tx.execute(sql`
    update jobs set payload = jsonb_set(payload, '{handled}', coalesce(payload->'handled', '[]'::jsonb) || jsonb_build_array(${name}::text))
    where company_id = ${companyId} and id = ${eventId}
      and not coalesce(payload->'handled', '[]'::jsonb) @> jsonb_build_array(${name}::text)
    returning id`);
  return rowsOf(marked).length > 0;
}

/** The followers of each event type, registered once per server at start. */
export class DomainEvents {
  private readonly followers: Array<{ name: string; types: readonly DomainEventType[]; run: Follower }> = [];

  constructor(private readonly db: Db, private readonly log?: FastifyBaseLogger) {}

  /** `name` identifies the follower in the event's row (what it has handled): stable, one per follower. */
  on(name: string, types: readonly DomainEventType[], run: Follower): void {
    if (this.followers.some((f) => f.name === name)) throw new Error(`follower ${name} registered twice`);
    this.followers.push({ name, types, run });
  }

  /** The followers of a type, in the order they were registered. */
  followersOf(type: DomainEventType): string[] {
    return this.followers.filter((f) => f.types.includes(type)).map((f) => f.name);
  }

  /**
   * Runs one follower for a recorded event unless it already has; true when it ran. Its work and the mark commit
   * together: a failure leaves neither, a second run does nothing.
   */
  async handle(companyId: string, eventId: string, event: DomainEvent, name: string, now = new Date()): Promise<boolean> {
    const follower = this.followers.find((f) => f.name === name);
    if (!follower) throw new Error(`no follower ${name}`);
    return inTransaction(this.db, async (tx) => {
      if (!(await markHandled(tx, companyId, eventId, name))) return false;
      await follower.run(tx, event, now);
      return true;
    });
  }

  /** The job handler of recorded events: every follower of the event's type, each on its own; fails if any failed. */
  jobHandler(): JobHandler {
    return {
      run: async (job: ClaimedJob, now: Date) => {
        const event = job.payload.event as DomainEvent;
        const failures: string[] = [];
        for (const name of this.followersOf(event.type)) {
          try {
            await this.handle(job.companyId, job.id, event, name, now);
          } catch (error) {
            this.log?.warn({ err: error, eventId: job.id, type: event.type, follower: name }, 'event follower failed');
            failures.push(`${name}: ${errorText(error)}`);
          }
        }
        if (failures.length) throw new Error(failures.join('; '));
      },
      failed: async (job, error) => {
        this.log?.error({ eventId: job.id, kind: job.kind, error }, 'event given up after its last attempt');
      },
    };
  }
}
