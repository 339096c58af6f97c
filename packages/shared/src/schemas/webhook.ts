import { z } from 'zod';
import { pageQuerySchema } from './common.js';

/** The events an endpoint can subscribe to, grouped as the settings screen shows them. */
export const WEBHOOK_EVENT_GROUPS = {
  appointment: [
    'appointment.booked', 'appointment.rescheduled', 'appointment.cancelled', 'appointment.no_show',
    'appointment.status_changed', 'appointment.updated', 'appointment.deleted', 'appointment.confirmed',
  ],
  patient: ['patient.created', 'patient.updated'],
  invoice: ['invoice.issued', 'invoice.paid'],
} as const;
export const WEBHOOK_EVENTS = [
  ...WEBHOOK_EVENT_GROUPS.appointment, ...WEBHOOK_EVENT_GROUPS.patient, ...WEBHOOK_EVENT_GROUPS.invoice,
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];
/** The type of the test event ("send test event"), delivered only on request. */
export const WEBHOOK_TEST_EVENT = 'webhook.test';

export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 500;
/** Endpoints per organisation. */
export const WEBHOOK_ENDPOINTS_MAX = 20;

const url = z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(WEBHOOK_URL_MAX, { error: 'validation.tooLong' })
  .refine((v) => URL.canParse(v) && ['http:', 'https:'].includes(new URL(v).protocol), { error: 'errors.webhooks.urlInvalid' });

export const webhookEndpointInput = z.strictObject({
  url,
  description: z.string().trim().max(WEBHOOK_DESCRIPTION_MAX, { error: 'validation.tooLong' }).default(''),
  events: z.array(z.enum(WEBHOOK_EVENTS, { error: 'validation.invalidValue' }), { error: 'validation.required' })
    .min(1, { error: 'errors.webhooks.noEvents' }).max(WEBHOOK_EVENTS.length, { error: 'validation.invalidValue' })
    .transform((list) => [...new Set(list)]),
  enabled: z.boolean().default(true),
});
export type WebhookEndpointInput = z.input<typeof webhookEndpointInput>;

export const webhookEndpointUpdate = webhookEndpointInput.extend({ version: z.number().int().min(1) });
export type WebhookEndpointUpdate = z.input<typeof webhookEndpointUpdate>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

export const webhookEndpointRecord = z.object({
  _id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.string()),
  enabled: z.boolean(),
  disabledReason: z.string().nullable(),
  disabledAt: z.string().nullable(),
  consecutiveFailures: z.number(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number(),
  /** The newest delivery's status and when it was made (null: none yet). */
  lastDelivery: z.object({ status: z.enum(WEBHOOK_DELIVERY_STATUSES), responseStatus: z.number().nullable(), at: z.string() }).nullable(),
});
export type WebhookEndpointRecord = z.infer<typeof webhookEndpointRecord>;

/** The answer of a creation and of a secret's rotation: the only times the secret is shown. */
export const webhookEndpointWithSecret = webhookEndpointRecord.extend({ secret: z.string() });
export type WebhookEndpointWithSecret = z.infer<typeof webhookEndpointWithSecret>;

export const webhookDeliveryRecord = z.object({
  _id: z.string(),
  endpointId: z.string(),
  messageId: z.string(),
  eventType: z.string(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number(),
  responseStatus: z.number().nullable(),
  responseBody: z.string().nullable(),
  lastError: z.string().nullable(),
  replayOf: z.string().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
  deliveredAt: z.string().nullable(),
  payload: z.record(z.string(), z.unknown()),
});
export type WebhookDeliveryRecord = z.infer<typeof webhookDeliveryRecord>;

export const webhookDeliveryQuery = pageQuerySchema;
export const webhookVersionBody = z.object({ version: z.number().int().min(1) });
