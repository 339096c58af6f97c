import { routes } from '@clinic/shared';
import type { App, Deps } from '../../lib/app-types.js';
import { serve } from '../../lib/contract-routes.js';
import { openEventStream, takePublicStream } from '../../lib/event-stream.js';
import { t } from '../../lib/i18n.js';
import { listEnvelope } from '../../lib/list.js';
import { requestContext } from '../../lib/request-context.js';
import { callerOf } from '../../plugins/auth.js';
import { displayBoard, displayOfToken, tokenRefused } from './display-board.js';
import { DisplayStreams, STREAMS_PER_DISPLAY } from './display-streams.js';
import { createDisplay, listDisplays, newPairingCodeFor, pairDisplay, revokeDisplay } from './queue-displays.service.js';

const r = routes.waitingRoom;
/** Display changes grant or take no one's access: the company's cached callers stay. */
const accessNeutral = { config: { accessNeutral: true } };

const tokenOf = (headers: Record<string, string | string[] | undefined>) => {
  const value = headers['x-display-token'];
  return typeof value === 'string' ? value : undefined;
};

/*
 * The displays: their administration (clinic_write), the screen's pairing, its board and its live stream (public:
 * the display token in the `x-display-token` header is the only key, never in an address that logs keep).
 */
export function queueDisplayRoutes(app: App, deps: Deps) {
  const streams = new DisplayStreams(deps);
  // Before the server stops taking connections (which waits for open ones): the screens reconnect to another server.
  app.addHook('preClose', async () => {
    streams.endAll();
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
   * Ids only. The stream ends when the display is revoked or paired again (checked once per display on each event of
   * its clinic and every DISPLAY_RECHECK_MS: display-streams.ts), when its company closes, and when the server closes.
   * At most STREAMS_PER_DISPLAY at once per display, and the operator's PUBLIC_STREAMS_PER_ADDRESS per client address (429).
   */
  serve(app, r.displayLive, async (req, reply) => {
    const display = await displayOfToken(deps, tokenOf(req.headers));
    if (!display) throw tokenRefused();
    const release = takePublicStream(req, { key: `display:${display.id}`, max: STREAMS_PER_DISPLAY }, deps.config.publicStreamsPerAddress);
    let remove = () => {};
    const stream = openEventStream(req, reply, () => {
      remove();
      release();
    });
    if (!stream) return;
    remove = streams.add(display, { send: (event) => stream.send(event), end: () => stream.raw.end() });
  }, { config: { stream: true }, schema: { hide: true } });
}
