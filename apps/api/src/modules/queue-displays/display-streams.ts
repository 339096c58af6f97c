import type { Deps } from '../../lib/app-types.js';
import { stillPaired } from './display-board.js';
import type { PairedDisplay } from './queue-displays.repository.js';

/** An open display stream checks its display at least this often (and on every event of its clinic). */
export const DISPLAY_RECHECK_MS = 30_000;
/** Open streams one display may hold at once (a screen reconnecting, a second tab): more is a copied token. */
export const STREAMS_PER_DISPLAY = 3;

export interface DisplayViewer {
  send(event: string): void;
  end(): void;
}

/**
 * The open streams of this server grouped by display (and the token they were opened with): one subscription, one
 * watcher and one timer per display, and one "still paired?" check per display for each event of its clinic, whatever
 * the number of its streams. A check runs on the event that started it (published after its change committed), so a
 * revoked or re-paired screen's streams all end on the revocation's event, never on an answer read before it.
 */
export class DisplayStreams {
  private readonly groups = new Map<string, DisplayGroup>();

  constructor(private readonly deps: Deps) {}

  /** Adds a stream of the display (once it is open); the function that removes it (from the stream's close). */
  add(display: PairedDisplay, viewer: DisplayViewer): () => void {
    const key = `${display.companyId}:${display.id}:${display.tokenHash}`;
    let group = this.groups.get(key);
    if (!group) this.groups.set(key, (group = new DisplayGroup(this.deps, display)));
    group.viewers.add(viewer);
    const own = group;
    return () => {
      own.viewers.delete(viewer);
      if (own.viewers.size || this.groups.get(key) !== own) return;
      own.dispose();
      this.groups.delete(key);
    };
  }

  /** Ends every open stream (the server is closing). */
  endAll(): void {
    for (const group of [...this.groups.values()]) group.endAll();
  }
}

class DisplayGroup {
  readonly viewers = new Set<DisplayViewer>();
  private readonly unsubscribe: (() => void) | undefined;
  private readonly unwatch: () => void;
  private readonly recheck: NodeJS.Timeout;

  constructor(private readonly deps: Deps, private readonly display: PairedDisplay) {
    this.unsubscribe = deps.live?.subscribe((e) => {
      if (e.c !== display.companyId || e.k !== display.clinicId || (e.t !== 'queue' && e.t !== 'appointment')) return;
      void this.check().then((ok) => {
        if (ok) for (const v of this.viewers) v.send('queue');
      });
    });
    this.unwatch = deps.callers.onCompanyChange((companyId) => {
      if (companyId === display.companyId) void this.check();
    });
    this.recheck = setInterval(() => void this.check(), DISPLAY_RECHECK_MS);
  }

  /** Re-reads the display; ends its streams once it may no longer read (a failed read waits for the next check). */
  private async check(): Promise<boolean> {
    try {
      if (await stillPaired(this.deps, this.display)) return true;
      this.endAll();
      return false;
    } catch {
      return true;
    }
  }

  endAll(): void {
    for (const v of [...this.viewers]) v.end();
  }

  dispose(): void {
    clearInterval(this.recheck);
    this.unsubscribe?.();
    this.unwatch();
  }
}
