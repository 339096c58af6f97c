import { calendarFeedCreateInput, calendarFeedListQuery, calendarFeedRecord, calendarFileParams } from '../schemas/calendar-feed.js';
import { idParams, listSchema, messageOnlySchema, okSchema } from '../schemas/common.js';
import { route } from './route.js';

const tags = ['calendar feeds'];
/** Doctors manage their own feed; the service lets administrators manage every feed of the company. */
const access = 'appointment_read';
const one = okSchema(calendarFeedRecord);

/** Calendar feeds (an .ics address a calendar app subscribes to) and the feed itself. */
export const calendarFeedRoutes = {
  list: route({ method: 'GET', path: '/api/calendar-feeds', access, tags, query: calendarFeedListQuery, response: { 200: listSchema(calendarFeedRecord) } }),
  create: route({ method: 'POST', path: '/api/calendar-feeds', access, tags, body: calendarFeedCreateInput, response: { 201: one } }),
  rotate: route({ method: 'POST', path: '/api/calendar-feeds/:id/rotate', access, tags, params: idParams, response: { 200: one } }),
  remove: route({ method: 'DELETE', path: '/api/calendar-feeds/:id', access, tags, params: idParams, response: { 200: messageOnlySchema } }),
  /** The feed: the secret in the address is the credential (calendar apps cannot send a token). */
  file: route({ method: 'GET', path: '/api/calendars/:file', access: 'public', tags, params: calendarFileParams, response: 'file' }),
};
