import { routes } from '@clinic/shared';
import type { App, Deps } from '../../lib/app-types.js';
import { serve } from '../../lib/contract-routes.js';
import { t } from '../../lib/i18n.js';
import { listEnvelope } from '../../lib/list.js';
import { requestContext } from '../../lib/request-context.js';
import { callerOf } from '../../plugins/auth.js';
import { addToWaitlist, bookFromWaitlist, closeWaitlistEntry, listWaitlist } from './waitlist.service.js';
import { waitlistMatches as matches } from './waitlist.matches.js';

const r = routes.waitlist;
const accessNeutral = { config: { accessNeutral: true } };

export function waitlistRoutes(app: App, deps: Deps) {
  serve(app, r.list, async (req) => {
    const { data, total } = await listWaitlist(deps, callerOf(req), req.query);
    return listEnvelope(data, req.query, total);
  }, { schema: { description: 'Waitlist entries of a status (open by default): highest priority first, then the longest waiting, a page at a time.' } });

  serve(app, r.matches, async (req) => ({ success: true as const, data: await matches(deps, callerOf(req).companyId, req.query) }));

  serve(app, r.create, async (req, reply) => {
    const data = await addToWaitlist(deps, requestContext(req), callerOf(req), req.body);
    return reply.status(201).send({ success: true as const, message: t(req, 'success.waitlist.added'), data });
  }, accessNeutral);

  serve(app, r.book, async (req, reply) => {
    const data = await bookFromWaitlist(deps, requestContext(req), callerOf(req), req.params.id, req.body);
    return reply.status(201).send({ success: true as const, message: t(req, 'success.waitlist.booked'), data });
  }, {
    ...accessNeutral,
    schema: { description: 'Books the entry\'s patient into a freed appointment\'s slot (or a doctor and time) and closes the entry with it, atomically.' },
  });

  serve(app, r.remove, async (req) => {
    await closeWaitlistEntry(deps, requestContext(req), callerOf(req), req.params.id, req.query.version);
    return { success: true as const, message: t(req, 'success.waitlist.closed') };
  }, accessNeutral);
}
