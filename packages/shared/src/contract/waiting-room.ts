import { idParams, listSchema, messageOnlySchema, okSchema } from '../schemas/common.js';
import {
  accuracyQuery, callNextInput, displayBoard, displayCreateInput, displayListQuery, displayPaired, displayPairing, displayPairInput,
  displayRecord, publicTicketView, queueQuery, queueTicketQuery, queueView, ticketDetail, ticketRecord, ticketUpdateInput,
  ticketVersionInput, waitAccuracy, waitingRoomSettings, waitingRoomSettingsInput,
} from '../schemas/waiting-room.js';
import { route } from './route.js';

const tags = ['waiting room'];

/**
 * The waiting room: a clinic's queue today, calling the next patient, a ticket's priority, skip, recall and transfer,
 * the clinic's settings, the waiting-time accuracy report, the displays (administration), and the two pages that
 * open without a staff sign-in: the paired screen (its display token in the `x-display-token` header) and the
 * patient's own ticket (the signed token of the text they were sent).
 */
export const waitingRoomRoutes = {
  queue: route({ method: 'GET', path: '/api/waiting-room', access: 'appointment_read', tags, query: queueQuery, response: { 200: okSchema(queueView) } }),
  callNext: route({ method: 'POST', path: '/api/waiting-room/call-next', access: 'appointment_write', tags, body: callNextInput, response: { 200: okSchema(ticketRecord) } }),
  ticket: route({ method: 'GET', path: '/api/waiting-room/tickets/:id', access: 'appointment_read', tags, params: idParams, response: { 200: okSchema(ticketDetail) } }),
  /** Call this ticket now (out of turn, or back after a skip), or announce a called one again (recall). */
  call: route({ method: 'POST', path: '/api/waiting-room/tickets/:id/call', access: 'appointment_write', tags, params: idParams, body: ticketVersionInput, response: { 200: okSchema(ticketRecord) } }),
  skip: route({ method: 'POST', path: '/api/waiting-room/tickets/:id/skip', access: 'appointment_write', tags, params: idParams, body: ticketVersionInput, response: { 200: okSchema(ticketRecord) } }),
  update: route({ method: 'PATCH', path: '/api/waiting-room/tickets/:id', access: 'appointment_write', tags, params: idParams, body: ticketUpdateInput, response: { 200: okSchema(ticketRecord) } }),
  accuracy: route({ method: 'GET', path: '/api/waiting-room/accuracy', access: 'dashboard_read', tags, query: accuracyQuery, response: { 200: okSchema(waitAccuracy) } }),
  settings: route({ method: 'GET', path: '/api/clinics/:id/waiting-room-settings', access: 'clinic_read', tags, params: idParams, response: { 200: okSchema(waitingRoomSettings) } }),
  saveSettings: route({ method: 'PUT', path: '/api/clinics/:id/waiting-room-settings', access: 'clinic_write', tags, params: idParams, body: waitingRoomSettingsInput, response: { 200: okSchema(waitingRoomSettings) } }),

  displays: route({ method: 'GET', path: '/api/waiting-room/displays', access: 'clinic_write', tags, query: displayListQuery, response: { 200: listSchema(displayRecord) } }),
  createDisplay: route({ method: 'POST', path: '/api/waiting-room/displays', access: 'clinic_write', tags, body: displayCreateInput, response: { 201: okSchema(displayPairing) } }),
  /** A new pairing code for a display (the screen was replaced, or its code lapsed); its current pairing ends. */
  pairingCode: route({ method: 'POST', path: '/api/waiting-room/displays/:id/pairing-code', access: 'clinic_write', tags, params: idParams, response: { 200: okSchema(displayPairing) } }),
  /** Revokes a display: its screen is refused from then on, and its open stream closes. */
  revokeDisplay: route({ method: 'DELETE', path: '/api/waiting-room/displays/:id', access: 'clinic_write', tags, params: idParams, response: { 200: messageOnlySchema } }),

  pairDisplay: route({ method: 'POST', path: '/api/public/display/pair', access: 'public', tags, body: displayPairInput, response: { 200: okSchema(displayPaired) } }),
  displayBoard: route({ method: 'GET', path: '/api/public/display', access: 'public', tags, response: { 200: okSchema(displayBoard) } }),
  /** Server-sent events for a paired display: `queue` whenever its clinic's queue changed (refetch the board). */
  displayLive: route({ method: 'GET', path: '/api/public/display/live', access: 'public', tags, response: 'stream' }),
  publicTicket: route({ method: 'GET', path: '/api/public/queue', access: 'public', tags, query: queueTicketQuery, response: { 200: okSchema(publicTicketView) } }),
  /** Server-sent events for the patient's page: `queue` whenever their clinic's queue changed. */
  publicTicketLive: route({ method: 'GET', path: '/api/public/queue/live', access: 'public', tags, query: queueTicketQuery, response: 'stream' }),
};
