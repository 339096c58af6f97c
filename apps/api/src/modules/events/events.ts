import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { type ClaimedJob, errorText, JOBS_CHANNEL, type JobHandler } from '../jobs/index.js';
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
 * retry or a second run changes nothing more. The followers of an event run in one transaction with one mark (a
 * booking's reminders, bell and live refresh: one commit); when one of them fails, that transaction is undone and
 * each runs in its own, so a follower that fails leaves the others' work done and the event retried with the
 * queue's backoff; the change itself is never undone.
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
  /** `appointment.booked`: 'online' when the patient booked on the public page (which rings its own bell). */
  source?: 'staff' | 'online';
  /** `appointment.status_changed`: the new status. */
  status?: string;
  /**
   * The other appointments the same change booked, moved or cancelled (a series' later occurrences): reminders
   * follow each of them; staff are told once, about `appointmentId`.
   */
  also?: string[];
}

/** A patient's record was created or changed (webhooks follow them). */
export interface PatientEvent {
  type: 'patient.created' | 'patient.updated';
  companyId: string;
  actorId: string | null;
  patientId: string;
  at: string;
}

/** An invoice was issued, or paid in full (webhooks follow them). */
export interface InvoiceEvent {
  type: 'invoice.issued' | 'invoice.paid';
  companyId: string;
  actorId: string | null;
  invoiceId: string;
  at: string;
}

export type DomainEvent = AppointmentEvent | PatientEvent | InvoiceEvent;
export type DomainEventType = DomainEvent['type'];
/** The kinds of event that carry one of the types `T`. */
export type EventOf<T extends DomainEventType> = DomainEvent extends infer E
  ? E extends { type: infer U } ? ([Extract<U, T>] extends [never] ? never : E) : never
  : never;

/** The job kind of a recorded event. */
export const EVENT_JOB = 'domain.event';
/** Attempts before an event is given up (failed, visible in the queue): with the backoff, about four hours. */
const EVENT_ATTEMPTS = 8;

/**
 * Records `event` in the transaction `tx` of the change (and wakes the runners when it commits). Returns the
 * event's id (its job's).
 */
export async function emit(tx: Db, event: DomainEvent): Promise<string> {
  // One statement: the event's job row, and the wake-up NOTIFY (sent when the transaction commits).
  const rows = rowsOf<{ id: string }>(await tx.execute(sql`
    with j as (
      insert into jobs (company_id, kind, payload, run_at, max_attempts)
      values (${event.companyId}::uuid, ${EVENT_JOB}, ${JSON.stringify({ event })}::jsonb, ${new Date().toISOString()}::timestamptz, ${EVENT_ATTEMPTS}::int)
      returning id)
    select j.id, pg_notify(${JOBS_CHANNEL}, '') from j`));
  return rows[0]!.id;
}

/** A follower: does its part of what follows an event, through `tx` (its transaction). */
export type Follower<E extends DomainEvent = DomainEvent> = (tx: Db, event: E, now: Date) => Promise<void>;

/**
 * Marks the event's row as handled by those of `names` it is not yet marked for, in one statement (inside the
 * followers' transaction, so the marks and the followers' work commit together): the names this call marked.
 */
async function markHandled(tx: Db, companyId: string, eventId: string, names: readonly string[]): Promise<string[]> {
  const marked = await tx.execute(sql`
    with old as (select payload->'handled' as handled from jobs where company_id = ${companyId} and id = ${eventId} for update),
    todo as (
      select coalesce(jsonb_agg(n.name order by n.ord), '[]'::jsonb) as names
      from old, jsonb_array_elements_text(${JSON.stringify(names)}::jsonb) with ordinality as n(name, ord)
      where not coalesce(old.handled, '[]'::jsonb) @> jsonb_build_array(n.name))
    update jobs set payload = jsonb_set(payload, '{handled}', coalesce(payload->'handled', '[]'::jsonb) || todo.names)
    from todo
    where jobs.company_id = ${companyId} and jobs.id = ${eventId} and jsonb_array_length(todo.names) > 0
    returning todo.names`);
  const row = rowsOf<{ names: string[] | string }>(marked)[0];
  if (!row) return [];
  return typeof row.names === 'string' ? (JSON.parse(row.names) as string[]) : row.names;
}

/** The followers of each event type, registered once per server at start. */
export class DomainEvents {
  private readonly followers: Array<{ name: string; types: readonly DomainEventType[]; run: Follower }> = [];

  constructor(private readonly db: Db, private readonly log?: FastifyBaseLogger) {}

  /** `name` identifies the follower in the event's row (what it has handled): stable, one per follower. */
  on<T extends DomainEventType>(name: string, types: readonly T[], run: Follower<EventOf<T>>): void {
    if (this.followers.some((f) => f.name === name)) throw new Error(`follower ${name} registered twice`);
    // Only events of `types` reach the follower (followersOf), so it sees the event kinds it named.
    this.followers.push({ name, types, run: run as Follower });
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
    return (await this.handleTogether(companyId, eventId, event, [name], now)).length > 0;
  }

  /**
   * Runs the followers `names` not yet marked on the event, all in one transaction with one mark for all of them:
   * the names that ran. A failure of any leaves none of their work nor their marks.
   */
  private async handleTogether(companyId: string, eventId: string, event: DomainEvent, names: readonly string[], now: Date): Promise<string[]> {
    const followers = names.map((name) => this.followers.find((f) => f.name === name) ?? null);
    if (followers.includes(null)) throw new Error(`no follower among ${names.join(', ')}`);
    return inTransaction(this.db, async (tx) => {
      const todo = await markHandled(tx, companyId, eventId, names);
      for (const f of followers) if (todo.includes(f!.name)) await f!.run(tx, event, now);
      return todo;
    });
  }

  /** The job handler of recorded events: every follower of the event's type, each on its own; fails if any failed. */
  jobHandler(): JobHandler {
    return {
      run: async (job: ClaimedJob, now: Date) => {
        const event = job.payload.event as DomainEvent;
        const names = this.followersOf(event.type);
        if (!names.length) return;
        // Usually every follower succeeds: all of them in one transaction. When one fails, that work is undone and
        // each follower runs on its own, so the others' work stays done and only the failing one is retried.
        try {
          await this.handleTogether(job.companyId, job.id, event, names, now);
          return;
        } catch (error) {
          if (names.length < 2) {
            this.log?.warn({ err: error, eventId: job.id, type: event.type, follower: names[0] }, 'event follower failed');
            throw new Error(`${names[0]}: ${errorText(error)}`, { cause: error });
          }
        }
        const failures: string[] = [];
        for (const name of names) {
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
