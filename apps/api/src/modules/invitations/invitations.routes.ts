import { routes } from '@clinic/shared';
import type { App, Deps } from '../../lib/app-types.js';
import { serve } from '../../lib/contract-routes.js';
import { t } from '../../lib/i18n.js';
import { requestContext } from '../../lib/request-context.js';
import { callerOf } from '../../plugins/auth.js';
import { acceptInvitation, createInvitation, lookupInvitation, resendInvitation } from './invitations.service.js';

const r = routes.invitations;

/*
 * Inviting a member of staff by e-mail (user_create), and the invited person's page (public: the signed link is the
 * only key; it travels in the body, never in an address that logs keep).
 */
export function invitationRoutes(app: App, deps: Deps) {
  serve(app, r.create, async (req, reply) => {
    const data = await createInvitation(deps, requestContext(req), callerOf(req), req.body);
    reply.code(201);
    return { success: true as const, message: t(req, data.emailed ? 'success.invitationSent' : 'success.invitationCreated', { email: data.email }), data };
  });

  serve(app, r.resend, async (req, reply) => {
    const data = await resendInvitation(deps, requestContext(req), callerOf(req), req.params.id);
    reply.code(201);
    return { success: true as const, message: t(req, data.emailed ? 'success.invitationSent' : 'success.invitationCreated', { email: data.email }), data };
  });

  serve(app, r.lookup, async (req) => ({ success: true as const, data: await lookupInvitation(deps, req.body.token) }));

  serve(app, r.accept, async (req) => ({
    success: true as const, message: t(req, 'success.invitationAccepted'), data: await acceptInvitation(deps, requestContext(req), req.body),
  }));
}
