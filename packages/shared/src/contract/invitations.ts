import { idParams, okSchema } from '../schemas/common.js';
import {
  invitationAcceptInput, invitationAccepted, invitationCreateInput, invitationLookupInput, invitationSent, invitationView,
} from '../schemas/invitation.js';
import { route } from './route.js';

const tags = ['invitations'];
const sent = okSchema(invitationSent);

/**
 * Inviting a member of staff by e-mail (user_create), and the invited person's page (public: the signed link is the
 * only key; it travels in the body, never in an address that logs keep).
 */
export const invitationRoutes = {
  create: route({ method: 'POST', path: '/api/invitations', access: 'user_create', tags, body: invitationCreateInput, response: { 201: sent } }),
  /** A new link for a pending or lapsed invitation; the old link stops working. */
  resend: route({ method: 'POST', path: '/api/employees/:id/invitation', access: 'user_create', tags, params: idParams, response: { 201: sent } }),
  lookup: route({ method: 'POST', path: '/api/invitations/lookup', access: 'public', tags, body: invitationLookupInput, response: { 200: okSchema(invitationView) } }),
  accept: route({ method: 'POST', path: '/api/invitations/accept', access: 'public', tags, body: invitationAcceptInput, response: { 200: okSchema(invitationAccepted) } }),
};
