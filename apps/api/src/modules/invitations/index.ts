/** The invitations module's public entry: what other modules may use of it (ESLint forbids reaching past it). */
export { revokeInvitationsOf } from './invitations.service.js';
