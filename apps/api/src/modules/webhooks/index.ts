/** The webhooks module's public entry: what other modules may use of it (ESLint forbids reaching past it). */
export { cleanUpDeliveries, followWithWebhooks, WEBHOOK_JOB, webhookJobHandler } from './webhooks.delivery.js';
export { webhookRoutes } from './webhooks.routes.js';
export { disabledEmailJobHandler, WEBHOOK_DISABLED_EMAIL_JOB } from './webhooks.email.js';
