import { buildPagination, routes } from '@clinic/shared';
import type { App, Deps } from '../../lib/app-types.js';
import { serve } from '../../lib/contract-routes.js';
import { t } from '../../lib/i18n.js';
import { requestContext } from '../../lib/request-context.js';
import { callerOf } from '../../plugins/auth.js';
import {
  createEndpoint, getEndpoint, listDeliveries, listEndpoints, removeEndpoint, replayDelivery, rotateSecret, sendTestEvent, updateEndpoint,
} from './webhooks.service.js';

const r = routes.webhooks;

/** Webhook endpoints and their deliveries (webhooks_manage). */
export function webhookRoutes(app: App, deps: Deps) {
  serve(app, r.list, async (req) => ({ success: true as const, data: await listEndpoints(deps, requestContext(req), callerOf(req)) }));
  serve(app, r.get, async (req) => ({ success: true as const, data: await getEndpoint(deps, requestContext(req), callerOf(req), req.params.id) }));
  serve(app, r.create, async (req, reply) => {
    const data = await createEndpoint(deps, requestContext(req), callerOf(req), req.body);
    reply.code(201);
    return { success: true as const, message: t(req, 'success.webhooks.created'), data };
  });
  serve(app, r.update, async (req) => ({
    success: true as const, message: t(req, 'success.webhooks.updated'), data: await updateEndpoint(deps, requestContext(req), callerOf(req), req.params.id, req.body),
  }));
  serve(app, r.remove, async (req) => {
    await removeEndpoint(deps, requestContext(req), callerOf(req), req.params.id);
    return { success: true as const, message: t(req, 'success.webhooks.deleted') };
  });
  serve(app, r.rotateSecret, async (req) => ({
    success: true as const, message: t(req, 'success.webhooks.rotated'), data: await rotateSecret(deps, requestContext(req), callerOf(req), req.params.id),
  }));
  serve(app, r.sendTest, async (req, reply) => {
    const data = await sendTestEvent(deps, requestContext(req), callerOf(req), req.params.id);
    reply.code(201);
    return { success: true as const, message: t(req, 'success.webhooks.testQueued'), data };
  });
  serve(app, r.deliveries, async (req) => {
    const { data, total, page, limit } = await listDeliveries(deps, requestContext(req), callerOf(req), req.params.id, req.query);
    return { success: true as const, data, pagination: buildPagination(page, limit, total) };
  });
  serve(app, r.replay, async (req, reply) => {
    const data = await replayDelivery(deps, requestContext(req), callerOf(req), req.params.id);
    reply.code(201);
    return { success: true as const, message: t(req, 'success.webhooks.replayQueued'), data };
  });
}
