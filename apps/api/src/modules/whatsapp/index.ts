/** The WhatsApp module's public entry: what other modules may use of it (ESLint forbids reaching past it). */
export { sendTrackedText, WHATSAPP_FALLBACK_JOB, whatsappFallbackJobHandler, type TextTrack, type TrackedTextSent } from './whatsapp.service.js';
export { cleanUpWhatsAppMessages } from './whatsapp.repository.js';
export { whatsappRoutes } from './whatsapp.routes.js';
