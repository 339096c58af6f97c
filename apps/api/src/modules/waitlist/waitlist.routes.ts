import {
  appointmentRecord, idParams, listSchema, messageOnlySchema, okSchema, waitlistBookInput, waitlistCloseQuery, waitlistCreateInput, waitlistListQuery,
  waitlistMatches, waitlistMatchesQuery, waitlistRecord,
} from '@clinic/shared';
import type { App, Deps } from '../../lib/app-types.js';
import { t } from '../../lib/i18n.js';
import { listEnvelope } from '../../lib/list.js';
import { requestContext } from '../../lib/request-context.js';
import { callerOf } from '../../plugins/auth.js';
import { addToWaitlist, bookFromWaitlist, closeWaitlistEntry, listWaitlist } from './waitlist.service.js';
import { waitlistMatches as matches } from './waitlist.matches.js';

const tags = ['waitlist'];

export function waitlistRoutes(app: App, deps: Deps) {
  app.get('/api/waitlist', {
    config: { permission: 'appointment_read' },
    schema: {
      tags, description: 'Waitlist entries of a status (open by default): highest priority first, then the longest waiting, a page at a time.',
      querystring: waitlistListQuery, response: { 200: listSchema(waitlistRecord) },
    },
    handler: async (req) => {
      const { data, total } = await listWaitlist(deps, callerOf(req), req.query);
      return listEnvelope(data, req.query, total);
    },
  });

  app.get('/api/waitlist/matches', {
    config: { permission: 'appointment_read' },
    schema: { tags, querystring: waitlistMatchesQuery, response: { 200: okSchema(waitlistMatches) } },
    handler: async (req) => ({ success: true as const, data: await matches(deps, callerOf(req).companyId, req.query) }),
  });

  app.post('/api/waitlist', {
    config: { permission: 'appointment_write', accessNeutral: true },
    schema: { tags, body: waitlistCreateInput, response: { 201: okSchema(waitlistRecord) } },
    handler: async (req, reply) => {
      const data = await addToWaitlist(deps, requestContext(req), callerOf(req), req.body);
      return reply.status(201).send({ success: true as const, message: t(req, 'success.waitlist.added'), data });
    },
  });

  app.post('/api/waitlist/:id/book', {
    config: { permission: 'appointment_write', accessNeutral: true },
    schema: {
      tags, description: 'Books the entry\'s patient into a freed appointment\'s slot (or a doctor and time) and closes the entry with it, atomically.',
      params: idParams, body: waitlistBookInput, response: { 201: okSchema(appointmentRecord) },
    },
    handler: async (req, reply) => {
      const data = await bookFromWaitlist(deps, requestContext(req), callerOf(req), req.params.id, req.body);
      return reply.status(201).send({ success: true as const, message: t(req, 'success.waitlist.booked'), data });
    },
  });

  app.delete('/api/waitlist/:id', {
    config: { permission: 'appointment_write', accessNeutral: true },
    schema: { tags, params: idParams, querystring: waitlistCloseQuery, response: { 200: messageOnlySchema } },
    handler: async (req) => {
      await closeWaitlistEntry(deps, requestContext(req), callerOf(req), req.params.id, req.query.version);
      return { success: true as const, message: t(req, 'success.waitlist.closed') };
    },
  });
}
