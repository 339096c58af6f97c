import { routes } from '@clinic/shared';
import type { App, Deps } from '../../lib/app-types.js';
import { serve } from '../../lib/contract-routes.js';
import { t } from '../../lib/i18n.js';
import { listEnvelope } from '../../lib/list.js';
import { requestContext } from '../../lib/request-context.js';
import { callerOf } from '../../plugins/auth.js';
import { sendError } from '../../plugins/errors.js';
import { createFeed, listFeeds, renderFeed, revokeFeed, rotateFeed } from './feeds.service.js';

const r = routes.calendarFeeds;

export function calendarFeedRoutes(app: App, deps: Deps) {
  serve(app, r.list, async (req) => {
    const { data, total } = await listFeeds(deps, callerOf(req), req.query);
    return listEnvelope(data, req.query, total);
  });

  serve(app, r.create, async (req, reply) => {
    const data = await createFeed(deps, requestContext(req), callerOf(req), req.body);
    return reply.status(201).send({ success: true as const, message: t(req, 'success.feeds.created'), data });
  });

  serve(app, r.rotate, async (req) => ({
    success: true as const, message: t(req, 'success.feeds.rotated'), data: await rotateFeed(deps, requestContext(req), callerOf(req), req.params.id),
  }));

  serve(app, r.remove, async (req) => {
    await revokeFeed(deps, requestContext(req), callerOf(req), req.params.id);
    return { success: true as const, message: t(req, 'success.feeds.revoked') };
  });

  // The feed itself: the secret in the address is the credential (calendar apps cannot send a token).
  serve(app, r.file, async (req, reply) => {
    const feed = await renderFeed(deps, requestContext(req), req.params.file);
    if (!feed) return sendError(req, reply, 404, 'NOT_FOUND', 'errors.notFound');
    reply.header('etag', feed.etag).header('cache-control', 'private, max-age=300');
    if (req.headers['if-none-match'] === feed.etag) return reply.status(304).send();
    return reply.type('text/calendar; charset=utf-8').header('content-disposition', 'inline; filename="appointments.ics"').send(feed.body);
  });
}
