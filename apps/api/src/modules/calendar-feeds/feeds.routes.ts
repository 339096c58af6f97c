import { calendarFeedCreateInput, calendarFeedListQuery, calendarFeedRecord, idParams, listSchema, messageOnlySchema, okSchema } from '@clinic/shared';
import { z } from 'zod';
import type { App, Deps } from '../../lib/app-types.js';
import { t } from '../../lib/i18n.js';
import { listEnvelope } from '../../lib/list.js';
import { requestContext } from '../../lib/request-context.js';
import { callerOf } from '../../plugins/auth.js';
import { sendError } from '../../plugins/errors.js';
import { createFeed, listFeeds, renderFeed, revokeFeed, rotateFeed } from './feeds.service.js';

const tags = ['calendar feeds'];
// Doctors manage their own feed; the service lets administrators manage every feed of the company.
const permission = 'appointment_read' as const;

export function calendarFeedRoutes(app: App, deps: Deps) {
  app.get('/api/calendar-feeds', {
    config: { permission },
    schema: { tags, querystring: calendarFeedListQuery, response: { 200: listSchema(calendarFeedRecord) } },
    handler: async (req) => {
      const { data, total } = await listFeeds(deps, callerOf(req), req.query);
      return listEnvelope(data, req.query, total);
    },
  });

  app.post('/api/calendar-feeds', {
    config: { permission },
    schema: { tags, body: calendarFeedCreateInput, response: { 201: okSchema(calendarFeedRecord) } },
    handler: async (req, reply) => {
      const data = await createFeed(deps, requestContext(req), callerOf(req), req.body);
      return reply.status(201).send({ success: true as const, message: t(req, 'success.feeds.created'), data });
    },
  });

  app.post('/api/calendar-feeds/:id/rotate', {
    config: { permission },
    schema: { tags, params: idParams, response: { 200: okSchema(calendarFeedRecord) } },
    handler: async (req) => ({
      success: true as const, message: t(req, 'success.feeds.rotated'), data: await rotateFeed(deps, requestContext(req), callerOf(req), req.params.id),
    }),
  });

  app.delete('/api/calendar-feeds/:id', {
    config: { permission },
    schema: { tags, params: idParams, response: { 200: messageOnlySchema } },
    handler: async (req) => {
      await revokeFeed(deps, requestContext(req), callerOf(req), req.params.id);
      return { success: true as const, message: t(req, 'success.feeds.revoked') };
    },
  });

  // The feed itself: the secret in the address is the credential (calendar apps cannot send a token).
  app.get('/api/calendars/:file', {
    config: { public: true },
    schema: { tags, params: z.object({ file: z.string().max(100) }) },
    handler: async (req, reply) => {
      const feed = await renderFeed(deps, requestContext(req), req.params.file);
      if (!feed) return sendError(req, reply, 404, 'NOT_FOUND', 'errors.notFound');
      reply.header('etag', feed.etag).header('cache-control', 'private, max-age=300');
      if (req.headers['if-none-match'] === feed.etag) return reply.status(304).send();
      return reply.type('text/calendar; charset=utf-8').header('content-disposition', 'inline; filename="appointments.ics"').send(feed.body);
    },
  });
}
