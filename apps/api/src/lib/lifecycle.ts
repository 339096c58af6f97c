import type { ServerResponse } from 'node:http';

/**
 * Where the server is in its life, for a graceful stop: `draining` once it begins to shut down (readiness answers
 * 503, answers say `Connection: close` so clients open their next connection elsewhere), and how many requests are
 * being answered, so the connections are closed only once the last one has its answer. Long-lived event streams are
 * not counted (they end when the server closes, and the browser reconnects to another server).
 */
export class Lifecycle {
  draining = false;
  private inFlight = 0;
  private readonly waiting = new Set<() => void>();

  /** Counts a request until its answer is sent or its client goes. */
  track(res: ServerResponse): void {
    this.inFlight += 1;
    res.once('close', () => {
      this.inFlight -= 1;
      if (this.inFlight === 0) for (const wake of this.waiting) wake();
    });
  }

  get requestsInFlight(): number {
    return this.inFlight;
  }

  /** Resolves once no request is being answered, or after `timeoutMs` (true: all answered). */
  idle(timeoutMs: number): Promise<boolean> {
    if (this.inFlight === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const done = (ok: boolean) => {
        clearTimeout(timer);
        this.waiting.delete(wake);
        resolve(ok);
      };
      const wake = () => done(true);
      const timer = setTimeout(() => done(false), timeoutMs);
      this.waiting.add(wake);
    });
  }
}
