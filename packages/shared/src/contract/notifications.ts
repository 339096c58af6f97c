import { idParams, listSchema, messageOnlySchema, okSchema } from '../schemas/common.js';
import { notificationListQuery, notificationRecord, notificationUnread } from '../schemas/reminder.js';
import { route } from './route.js';

const tags = ['notifications'];

/** The signed-in person's notifications, and the live stream of changes (server-sent events). */
export const notificationRoutes = {
  list: route({ method: 'GET', path: '/api/notifications', access: 'authenticated', tags, query: notificationListQuery, response: { 200: listSchema(notificationRecord) } }),
  unreadCount: route({ method: 'GET', path: '/api/notifications/unread-count', access: 'authenticated', tags, response: { 200: okSchema(notificationUnread) } }),
  read: route({ method: 'POST', path: '/api/notifications/:id/read', access: 'authenticated', tags, params: idParams, response: { 200: messageOnlySchema } }),
  readAll: route({ method: 'POST', path: '/api/notifications/read-all', access: 'authenticated', tags, response: { 200: messageOnlySchema } }),
  /** `notification` and `appointment` events for the caller, ids only; the browser refetches. */
  live: route({ method: 'GET', path: '/api/live', access: 'authenticated', tags, response: 'stream' }),
};
