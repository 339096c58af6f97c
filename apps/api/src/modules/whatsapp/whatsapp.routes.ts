import { routes } from '@clinic/shared';
import type { App, Deps } from '../../lib/app-types.js';
import { clockNow } from '../../lib/app-types.js';
import { serve } from '../../lib/contract-routes.js';
import { AppError } from '../../lib/errors.js';
import { receiveStatuses, subscribeAnswer } from './whatsapp.service.js';

const r = routes.whatsapp;

/** Meta's WhatsApp webhook: the subscription check and the delivery statuses (whatsapp.service.ts). */
export function whatsappRoutes(app: App, deps: Deps) {
  serve(app, r.subscribe, async (req, reply) => {
    const challenge = subscribeAnswer(deps, req.query);
    if (challenge === null) throw new AppError(403, 'FORBIDDEN', 'errors.forbidden');
    return reply.type('text/plain; charset=utf-8').send(challenge);
  });

  // The statuses' body is kept as sent (its signature is over those bytes), on this route alone.
  void app.register(async (scope) => {
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: 1024 * 1024 }, (_req, body, done) => done(null, body));
    serve(scope as App, r.statuses, async (req) => {
      const signature = req.headers['x-hub-signature-256'];
      const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const applied = await receiveStatuses(deps, raw, typeof signature === 'string' ? signature : undefined, clockNow(deps));
      return { success: true as const, data: { applied } };
    });
  });
}
