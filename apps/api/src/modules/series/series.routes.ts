import { routes } from '@clinic/shared';
import type { App, Deps } from '../../lib/app-types.js';
import { serve } from '../../lib/contract-routes.js';
import { t } from '../../lib/i18n.js';
import { requestContext } from '../../lib/request-context.js';
import { callerOf } from '../../plugins/auth.js';
import { cancelSeries, createSeries, getSeries, updateSeries } from './series.service.js';

const r = routes.series;
const accessNeutral = { accessNeutral: true };

export function seriesRoutes(app: App, deps: Deps) {
  serve(app, r.create, async (req, reply) => {
    const preview = req.query.preview === 'true';
    const data = await createSeries(deps, requestContext(req), callerOf(req), req.body, preview);
    if (preview) return { success: true as const, data };
    return reply.status(201).send({ success: true as const, message: t(req, 'success.series.booked', { count: data.booked, refused: data.refused }), data });
  }, {
    config: accessNeutral,
    schema: {
      description: `A recurring series (RFC 5545 RRULE, expanded in the clinic's time zone; at most 200 occurrences). With
        \`preview=true\` nothing is booked and each occurrence is answered free or with the reason a single booking would
        give; otherwise every free occurrence is booked in one transaction and the refused ones are returned.`,
    },
  });

  serve(app, r.get, async (req) => ({ success: true as const, data: await getSeries(deps, callerOf(req), req.params.id) }));

  serve(app, r.patch, async (req) => {
    const count = await updateSeries(deps, requestContext(req), callerOf(req), req.params.id, req.body);
    return { success: true as const, message: t(req, 'success.series.moved', { count }), data: { count } };
  }, {
    config: accessNeutral,
    schema: { description: 'Moves this occurrence, this and the following ones, or all scheduled occurrences; completed ones never change. All or nothing.' },
  });

  serve(app, r.remove, async (req) => {
    const count = await cancelSeries(deps, requestContext(req), callerOf(req), req.params.id, req.query);
    return { success: true as const, message: t(req, 'success.series.cancelled', { count }) };
  }, {
    config: accessNeutral,
    schema: { description: 'Cancels this occurrence, this and the following ones, or all scheduled occurrences; completed ones never change.' },
  });
}
