import {
  idParams, messageOnlySchema, okSchema, seriesBookingResult, seriesCancelQuery, seriesCreateInput, seriesCreateQuery, seriesRecord, seriesUpdateInput,
} from '@clinic/shared';
import { z } from 'zod';
import type { App, Deps } from '../../lib/app-types.js';
import { t } from '../../lib/i18n.js';
import { requestContext } from '../../lib/request-context.js';
import { callerOf } from '../../plugins/auth.js';
import { cancelSeries, createSeries, getSeries, updateSeries } from './series.service.js';

const tags = ['appointments'];

export function seriesRoutes(app: App, deps: Deps) {
  app.post('/api/appointment-series', {
    config: { permission: 'appointment_write', accessNeutral: true },
    schema: {
      tags,
      description: `A recurring series (RFC 5545 RRULE, expanded in the clinic's time zone; at most 200 occurrences). With
        \`preview=true\` nothing is booked and each occurrence is answered free or with the reason a single booking would
        give; otherwise every free occurrence is booked in one transaction and the refused ones are returned.`,
      querystring: seriesCreateQuery,
      body: seriesCreateInput,
      response: { 200: okSchema(seriesBookingResult), 201: okSchema(seriesBookingResult) },
    },
    handler: async (req, reply) => {
      const preview = req.query.preview === 'true';
      const data = await createSeries(deps, requestContext(req), callerOf(req), req.body, preview);
      if (preview) return { success: true as const, data };
      return reply.status(201).send({ success: true as const, message: t(req, 'success.series.booked', { count: data.booked, refused: data.refused }), data });
    },
  });

  app.get('/api/appointment-series/:id', {
    config: { permission: 'appointment_read' },
    schema: { tags, params: idParams, response: { 200: okSchema(seriesRecord) } },
    handler: async (req) => ({ success: true as const, data: await getSeries(deps, callerOf(req), req.params.id) }),
  });

  app.patch('/api/appointment-series/:id', {
    config: { permission: 'appointment_write', accessNeutral: true },
    schema: {
      tags,
      description: 'Moves this occurrence, this and the following ones, or all scheduled occurrences; completed ones never change. All or nothing.',
      params: idParams, body: seriesUpdateInput, response: { 200: z.object({ success: z.literal(true), message: z.string(), data: z.object({ count: z.number() }) }) },
    },
    handler: async (req) => {
      const count = await updateSeries(deps, requestContext(req), callerOf(req), req.params.id, req.body);
      return { success: true as const, message: t(req, 'success.series.moved', { count }), data: { count } };
    },
  });

  app.delete('/api/appointment-series/:id', {
    config: { permission: 'appointment_write', accessNeutral: true },
    schema: {
      tags,
      description: 'Cancels this occurrence, this and the following ones, or all scheduled occurrences; completed ones never change.',
      params: idParams, querystring: seriesCancelQuery, response: { 200: messageOnlySchema },
    },
    handler: async (req) => {
      const count = await cancelSeries(deps, requestContext(req), callerOf(req), req.params.id, req.query);
      return { success: true as const, message: t(req, 'success.series.cancelled', { count }) };
    },
  });
}
