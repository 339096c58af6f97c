import { routes } from '@clinic/shared';
import { clockNow, type App, type Deps } from '../../lib/app-types.js';
import { serve } from '../../lib/contract-routes.js';
import { openEventStream, takePublicStream } from '../../lib/event-stream.js';
import { AppError } from '../../lib/errors.js';
import { t } from '../../lib/i18n.js';
import { requestContext } from '../../lib/request-context.js';
import { callerOf } from '../../plugins/auth.js';
import { getAccuracy, openTicketLink, publicTicket } from './waiting-room.reports.js';
import { callNext, callTicket, getQueue, getTicket, skipTicket, updateTicket } from './waiting-room.service.js';
import { getSettings, saveSettings } from './waiting-room.settings.js';

const r = routes.waitingRoom;
/** None of these changes who may do what: the signed-in callers stay cached. */
const accessNeutral = { config: { accessNeutral: true } };
/** Open streams one patient's link may hold at once (a phone reconnecting, a second tab). */
export const STREAMS_PER_TICKET = 3;
/** An open patient stream re-reads its link this often: it ends soon after the visit does. */
export const TICKET_RECHECK_MS = 60_000;

/*
 * The waiting room (staff side): the clinic's queue, calling patients, a ticket's priority and transfer, the clinic's
 * settings and the accuracy report; and the patient's page (public: the signed link of their text is the only key).
 */
export function waitingRoomRoutes(app: App, deps: Deps) {
  const streams = new Set<{ end(): void }>();
  app.addHook('preClose', async () => {
    for (const s of streams) s.end();
  });

  serve(app, r.queue, async (req) => ({ success: true as const, data: await getQueue(deps, callerOf(req), req.query.clinic) }));

  serve(app, r.callNext, async (req) => {
    const data = await callNext(deps, requestContext(req), callerOf(req), req.body);
    return { success: true as const, message: t(req, 'success.waitingRoom.called', { label: data.label }), data };
  }, accessNeutral);

  serve(app, r.ticket, async (req) => ({ success: true as const, data: await getTicket(deps, callerOf(req), req.params.id) }));

  serve(app, r.call, async (req) => {
    const { record, recall } = await callTicket(deps, requestContext(req), callerOf(req), req.params.id, req.body.version);
    return { success: true as const, message: t(req, recall ? 'success.waitingRoom.recalled' : 'success.waitingRoom.called', { label: record.label }), data: record };
  }, accessNeutral);

  serve(app, r.skip, async (req) => {
    const data = await skipTicket(deps, requestContext(req), callerOf(req), req.params.id, req.body.version);
    return { success: true as const, message: t(req, 'success.waitingRoom.skipped', { label: data.label }), data };
  }, accessNeutral);

  serve(app, r.update, async (req) => {
    const data = await updateTicket(deps, requestContext(req), callerOf(req), req.params.id, req.body);
    return { success: true as const, message: t(req, 'success.waitingRoom.updated', { label: data.label }), data };
  }, accessNeutral);

  serve(app, r.accuracy, async (req) => ({ success: true as const, data: await getAccuracy(deps, callerOf(req), req.query) }));

  serve(app, r.settings, async (req) => ({ success: true as const, data: await getSettings(deps, callerOf(req), req.params.id) }));

  serve(app, r.saveSettings, async (req) => ({
    success: true as const, message: t(req, 'success.waitingRoom.settingsSaved'),
    data: await saveSettings(deps, requestContext(req), callerOf(req), req.params.id, req.body),
  }), accessNeutral);

  serve(app, r.publicTicket, async (req) => ({ success: true as const, data: await publicTicket(deps, req.query.token) }));

  /**
   * Server-sent events for the patient's page, authorised by their link: `ready`, then `queue` whenever their clinic's
   * queue or appointments changed (ids only: the page refetches). Ends when the link lapses (re-read every
   * TICKET_RECHECK_MS: the visit's end lapses it) and when the server closes; the page reconnects. At most
   * STREAMS_PER_TICKET at once per ticket, and the operator's PUBLIC_STREAMS_PER_ADDRESS per client address (429).
   */
  serve(app, r.publicTicketLive, async (req, reply) => {
    const link = await openTicketLink(deps, req.query.token);
    const release = takePublicStream(req, { key: `ticket:${link.ticketId}`, max: STREAMS_PER_TICKET }, deps.config.publicStreamsPerAddress);
    let stop = () => {};
    const stream = openEventStream(req, reply, () => {
      stop();
      release();
    });
    if (!stream) return;
    const { raw, send } = stream;
    const unsubscribe = deps.live?.subscribe((e) => {
      if (e.c !== link.companyId || e.k !== link.clinicId || (e.t !== 'queue' && e.t !== 'appointment')) return;
      send('queue');
    });
    const lapse = setTimeout(() => raw.end(), Math.max(0, Math.min(link.expiresAt.getTime() - clockNow(deps).getTime(), 2 ** 31 - 1)));
    // A refusal ends the stream (the page then reads why); a database that did not answer waits for the next round.
    const recheck = setInterval(() => void openTicketLink(deps, req.query.token).catch((err: unknown) => {
      if (err instanceof AppError) raw.end();
    }), TICKET_RECHECK_MS);
    streams.add(raw);
    stop = () => {
      clearTimeout(lapse);
      clearInterval(recheck);
      unsubscribe?.();
      streams.delete(raw);
    };
  }, { config: { stream: true }, schema: { hide: true } });
}
