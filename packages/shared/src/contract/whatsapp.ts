import { z } from 'zod';
import { okSchema } from '../schemas/common.js';
import { route } from './route.js';

const tags = ['whatsapp'];

/** What Meta sends when the webhook is subscribed: the operator's verify token and a challenge to echo. */
export const whatsappSubscribeQuery = z.object({
  'hub.mode': z.string().max(50).optional(),
  'hub.verify_token': z.string().max(500).optional(),
  'hub.challenge': z.string().max(500).optional(),
});

/**
 * Meta's WhatsApp webhook (one per server, set up by the operator): the subscription check, and the delivery
 * statuses of the texts WhatsApp accepted (sent, delivered, read, failed). The body is read as sent, for its
 * signature (X-Hub-Signature-256 with the app's secret), so it has no schema here.
 */
export const whatsappRoutes = {
  subscribe: route({ method: 'GET', path: '/api/whatsapp/webhook', access: 'public', tags, query: whatsappSubscribeQuery, response: 'file' }),
  statuses: route({ method: 'POST', path: '/api/whatsapp/webhook', access: 'public', tags, response: { 200: okSchema(z.object({ applied: z.number() })) } }),
};
