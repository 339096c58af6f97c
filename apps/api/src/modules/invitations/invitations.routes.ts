import {
  idParams, invitationAcceptInput, invitationAccepted, invitationCreateInput, invitationLookupInput, invitationSent, invitationView, okSchema,
} from '@clinic/shared';
import type { App, Deps } from '../../lib/app-types.js';
import { t } from '../../lib/i18n.js';
import { requestContext } from '../../lib/request-context.js';
import { callerOf } from '../../plugins/auth.js';
import { acceptInvitation, createInvitation, lookupInvitation, resendInvitation } from './invitations.service.js';

const tags = ['invitations'];

/*
 * Inviting a member of staff by e-mail (user_create), and the invited person's page (public: the signed link is the
 * only key; it travels in the body, never in an address that logs keep).
 */
export function invitationRoutes(app: App, deps: Deps) {
  app.post('/api/invitations', {
    config: { permission: 'user_create' },
    schema: { tags, body: invitationCreateInput, response: { 201: okSchema(invitationSent) } },
    handler: async (req, reply) => {
      const data = await createInvitation(deps, requestContext(req), callerOf(req), req.body);
      reply.code(201);
      return { success: true as const, message: t(req, data.emailed ? 'success.invitationSent' : 'success.invitationCreated', { email: data.email }), data };
    },
  });

  app.post('/api/employees/:id/invitation', {
    config: { permission: 'user_create' },
    schema: { tags, params: idParams, response: { 201: okSchema(invitationSent) } },
    handler: async (req, reply) => {
      const data = await resendInvitation(deps, requestContext(req), callerOf(req), req.params.id);
      reply.code(201);
      return { success: true as const, message: t(req, data.emailed ? 'success.invitationSent' : 'success.invitationCreated', { email: data.email }), data };
    },
  });

  app.post('/api/invitations/lookup', {
    config: { public: true },
    schema: { tags, body: invitationLookupInput, response: { 200: okSchema(invitationView) } },
    handler: async (req) => ({ success: true as const, data: await lookupInvitation(deps, req.body.token) }),
  });

  app.post('/api/invitations/accept', {
    config: { public: true },
    schema: { tags, body: invitationAcceptInput, response: { 200: okSchema(invitationAccepted) } },
    handler: async (req) => ({
      success: true as const, message: t(req, 'success.invitationAccepted'), data: await acceptInvitation(deps, requestContext(req), req.body),
    }),
  });
}
