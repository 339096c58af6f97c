import { routes } from '@clinic/shared';
import type { App, Deps } from '../../lib/app-types.js';
import { serve } from '../../lib/contract-routes.js';
import { openEventStream } from '../../lib/event-stream.js';
import { t } from '../../lib/i18n.js';
import { listEnvelope } from '../../lib/list.js';
import { requestContext } from '../../lib/request-context.js';
import { callerOf } from '../../plugins/auth.js';
import { displayBoard, displayOfToken, stillPaired, tokenRefused } from './display-board.js';
import { createDisplay, listDisplays, newPairingCodeFor, pairDisplay, revokeDisplay } from './queue-displays.service.js';

const r = routes.waitingRoom;
/** Display changes grant or take no one's access: the company's cached callers stay. */
const accessNeutral = { config: { accessNeutral: true } };
/** An open display stream checks its display at least this often (and on every event of its clinic). */
export const DISPLAY_RECHECK_MS = 30_000;

const tokenOf = (headers: Record<string, string | string[] | undefined>) => {
  const value = headers['x-display-token'];
  return typeof value === 'string' ? value : undefined;
};

/*
 * The displays: their administration (clinic_write), the screen's pairing, its board and its live stream (public:
 * the display token in the `x-display-token` header is the only key, never in an address that logs keep).
 */
export function queueDisplayRoutes(app: App, deps: Deps) {
  const streams = new Set<{ end(): void }>();
  // Before the server stops taking connections (which waits for open ones): the screens reconnect to another server.
  app.addHook('preClose', async () => {
    for (const s of streams) s.end();
  });

  serve(app, r.displays, async (req) => {
    const { data, total } = await listDisplays(deps, callerOf(req), req.query);
    return listEnvelope(data, req.query, total);
  });

  serve(app, r.createDisplay, async (req, reply) => {
    const data = await createDisplay(deps, requestContext(req), callerOf(req), req.body);
    reply.code(201);
    return { success: true as const, message: t(req, 'success.queueDisplays.created', { name: data.display.name }), data };
  }, accessNeutral);

  serve(app, r.pairingCode, async (req) => {
    const { name, ...data } = await newPairingCodeFor(deps, requestContext(req), callerOf(req), req.params.id);
    return { success: true as const, message: t(req, 'success.queueDisplays.newCode', { name }), data };
  }, accessNeutral);

  serve(app, r.revokeDisplay, async (req) => {
    const { name } = await revokeDisplay(deps, requestContext(req), callerOf(req), req.params.id);
    return { success: true as const, message: t(req, 'success.queueDisplays.revoked', { name }) };
  }, accessNeutral);

  serve(app, r.pairDisplay, async (req) => {
    const data = await pairDisplay(deps, requestContext(req), req.body.code);
    return { success: true as const, message: t(req, 'success.queueDisplays.paired', { name: data.display.name }), data };
  });

  serve(app, r.displayBoard, async (req, reply) => {
    reply.header('cache-control', 'no-store');
    return { success: true as const, data: await displayBoard(deps, tokenOf(req.headers)) };
  });

  /**
   * Server-sent events for a paired screen: `ready` at the start, then `queue` whenever its clinic's queue or
   * appointments changed (the screen refetches its board on both, which is how it catches up after a lost network).
   * Ids only. The stream ends when the display is revoked or paired again (checked on each event of its clinic and
   * every DISPLAY_RECHECK_MS), when its company closes, and when the server closes.
   */
  serve(app, r.displayLive, async (req, reply) => {
    const display = await displayOfToken(deps, tokenOf(req.headers));
    if (!display) throw tokenRefused();
    const { raw, send } = openEventStream(req, reply);
    let open = true;
    const end = () => {
      if (open) raw.end();
      open = false;
    };
    /** Re-reads the display; ends the stream once it may no longer read (a failed read waits for the next check). */
    const check = async (): Promise<boolean> => {
      try {
        if (await stillPaired(deps, display)) return true;
        end();
        return false;
      } catch {
        return open;
      }
    };
    const unsubscribe = deps.live?.subscribe((e) => {
      if (e.c !== display.companyId || e.k !== display.clinicId || (e.t !== 'queue' && e.t !== 'appointment')) return;
      void check().then((ok) => {
        if (ok && open) send('queue');
      });
    });
    const unwatch = deps.callers.onCompanyChange((companyId) => {
      if (companyId === display.companyId) void check();
    });
    const recheck = setInterval(() => void check(), DISPLAY_RECHECK_MS);
    streams.add(raw);
    raw.on('close', () => {
      open = false;
      clearInterval(recheck);
      unsubscribe?.();
      unwatch();
      streams.delete(raw);
    });
  }, { config: { stream: true }, schema: { hide: true } });
}
