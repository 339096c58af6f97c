import { sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client.js';

/**
 * Live events for open browsers: "a notification for these people", "an appointment of this clinic changed".
 * Published with NOTIFY on the database, so every API server sharing it (each LISTENs) passes them to its own
 * open streams; on the embedded database the same happens in-process. Events carry ids only, never patient data:
 * a browser that receives one refetches through the API, with its own permissions. An open stream is tied to its
 * person by `guardStream` (lib/credential-liveness.ts): it closes when they are deactivated, deleted or signed out,
 * or their company is closed.
 */
export interface LiveEvent {
  /** Company. */
  c: string;
  /**
   * 'notification': recipients `r` have new notifications; 'appointment': appointment `a` of clinic `k` changed;
   * 'queue': the waiting room of clinic `k` changed (a ticket given, called, skipped, prioritised or moved).
   */
  t: 'notification' | 'appointment' | 'queue';
  r?: string[];
  a?: string;
  k?: string;
}

const CHANNEL = 'clinic_live';
/** NOTIFY payloads are capped at 8000 bytes: recipients are sent in slices well below that. */
const RECIPIENTS_PER_EVENT = 100;

export class LiveEvents {
  private readonly listeners = new Set<(e: LiveEvent) => void>();
  private stop: (() => Promise<void>) | null = null;

  constructor(private readonly database: Database) {}

  async start(): Promise<void> {
    if (this.stop) return;
    this.stop = await this.database.listen(CHANNEL, (payload) => {
      let event: LiveEvent;
      try {
        event = JSON.parse(payload) as LiveEvent;
      } catch {
        return;
      }
      for (const fn of this.listeners) fn(event);
    });
  }

  async close(): Promise<void> {
    const stop = this.stop;
    this.stop = null;
    this.listeners.clear();
    await stop?.();
  }

  subscribe(fn: (e: LiveEvent) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  /** Sends an event to every server (inside a transaction: when it commits). */
  async publish(db: Db, event: LiveEvent): Promise<void> {
    const slices = event.r && event.r.length > RECIPIENTS_PER_EVENT
      ? Array.from({ length: Math.ceil(event.r.length / RECIPIENTS_PER_EVENT) }, (_, i) => ({ ...event, r: event.r!.slice(i * RECIPIENTS_PER_EVENT, (i + 1) * RECIPIENTS_PER_EVENT) }))
      : [event];
    for (const e of slices) await db.execute(sql`select pg_notify(${CHANNEL}, ${JSON.stringify(e)})`);
  }
}
