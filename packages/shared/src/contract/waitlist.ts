import { appointmentRecord } from '../schemas/appointment.js';
import { idParams, listSchema, messageOnlySchema, okSchema } from '../schemas/common.js';
import {
  waitlistBookInput, waitlistCloseQuery, waitlistCreateInput, waitlistListQuery, waitlistMatches, waitlistMatchesQuery, waitlistRecord,
} from '../schemas/series.js';
import { route } from './route.js';

const tags = ['waitlist'];

/** The waitlist: entries of a status, the entries a freed slot fits, adding, booking from and closing an entry. */
export const waitlistRoutes = {
  list: route({ method: 'GET', path: '/api/waitlist', access: 'appointment_read', tags, query: waitlistListQuery, response: { 200: listSchema(waitlistRecord) } }),
  matches: route({ method: 'GET', path: '/api/waitlist/matches', access: 'appointment_read', tags, query: waitlistMatchesQuery, response: { 200: okSchema(waitlistMatches) } }),
  create: route({ method: 'POST', path: '/api/waitlist', access: 'appointment_write', tags, body: waitlistCreateInput, response: { 201: okSchema(waitlistRecord) } }),
  book: route({ method: 'POST', path: '/api/waitlist/:id/book', access: 'appointment_write', tags, params: idParams, body: waitlistBookInput, response: { 201: okSchema(appointmentRecord) } }),
  remove: route({ method: 'DELETE', path: '/api/waitlist/:id', access: 'appointment_write', tags, params: idParams, query: waitlistCloseQuery, response: { 200: messageOnlySchema } }),
};
