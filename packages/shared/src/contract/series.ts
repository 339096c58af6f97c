import { idParams, messageOnlySchema, okSchema } from '../schemas/common.js';
import {
  seriesBookingResult, seriesCancelQuery, seriesChangeResult, seriesCreateInput, seriesCreateQuery, seriesRecord, seriesUpdateInput,
} from '../schemas/series.js';
import { route } from './route.js';

const tags = ['appointments'];
const result = okSchema(seriesBookingResult);

/** Recurring series of appointments: book (or preview), read, move and cancel occurrences. */
export const seriesRoutes = {
  /** `preview=true` answers 200 and books nothing; a booking answers 201. */
  create: route({ method: 'POST', path: '/api/appointment-series', access: 'appointment_write', tags, query: seriesCreateQuery, body: seriesCreateInput, response: { 200: result, 201: result } }),
  get: route({ method: 'GET', path: '/api/appointment-series/:id', access: 'appointment_read', tags, params: idParams, response: { 200: okSchema(seriesRecord) } }),
  patch: route({ method: 'PATCH', path: '/api/appointment-series/:id', access: 'appointment_write', tags, params: idParams, body: seriesUpdateInput, response: { 200: okSchema(seriesChangeResult) } }),
  remove: route({ method: 'DELETE', path: '/api/appointment-series/:id', access: 'appointment_write', tags, params: idParams, query: seriesCancelQuery, response: { 200: messageOnlySchema } }),
};
