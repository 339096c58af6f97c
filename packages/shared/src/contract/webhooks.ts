import { idParams, listSchema, messageOnlySchema, okSchema } from '../schemas/common.js';
import {
  webhookDeliveryQuery, webhookDeliveryRecord, webhookEndpointInput, webhookEndpointRecord, webhookEndpointUpdate, webhookEndpointWithSecret,
} from '../schemas/webhook.js';
import { route } from './route.js';

const tags = ['webhooks'];
const access = 'webhooks_manage';
const one = okSchema(webhookEndpointRecord);

/** Webhooks: a company's endpoints, their deliveries, a replay. */
export const webhookRoutes = {
  list: route({ method: 'GET', path: '/api/webhooks', access, tags, response: { 200: okSchema(webhookEndpointRecord.array()) } }),
  get: route({ method: 'GET', path: '/api/webhooks/:id', access, tags, params: idParams, response: { 200: one } }),
  create: route({ method: 'POST', path: '/api/webhooks', access, tags, body: webhookEndpointInput, response: { 201: okSchema(webhookEndpointWithSecret) } }),
  update: route({ method: 'PUT', path: '/api/webhooks/:id', access, tags, params: idParams, body: webhookEndpointUpdate, response: { 200: one } }),
  remove: route({ method: 'DELETE', path: '/api/webhooks/:id', access, tags, params: idParams, response: { 200: messageOnlySchema } }),
  rotateSecret: route({ method: 'POST', path: '/api/webhooks/:id/rotate-secret', access, tags, params: idParams, response: { 200: okSchema(webhookEndpointWithSecret) } }),
  sendTest: route({ method: 'POST', path: '/api/webhooks/:id/test', access, tags, params: idParams, response: { 201: okSchema(webhookDeliveryRecord) } }),
  deliveries: route({ method: 'GET', path: '/api/webhooks/:id/deliveries', access, tags, params: idParams, query: webhookDeliveryQuery, response: { 200: listSchema(webhookDeliveryRecord) } }),
  replay: route({ method: 'POST', path: '/api/webhooks/deliveries/:id/replay', access, tags, params: idParams, response: { 201: okSchema(webhookDeliveryRecord) } }),
};
