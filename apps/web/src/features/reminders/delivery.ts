import type { WhatsAppDelivery } from '@clinic/shared';

/** What WhatsApp reported of a reminder: dimmed while under way, teal once it reached the patient, red when nothing did. */
export const DELIVERY_COLORS: Record<WhatsAppDelivery, string> = {
  accepted: 'dimmed', sent: 'dimmed', delivered: 'teal', read: 'teal', fell_back: 'orange', sending: 'orange', failed: 'red', fallback_failed: 'red',
};
