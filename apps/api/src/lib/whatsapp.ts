import type { Config } from '../config.js';

/**
 * WhatsApp Business through Meta's Cloud API: an approved template message to one number.
 * POST <WHATSAPP_API_URL>/<phone number id>/messages with the access token as a bearer; the answer names the message
 * (`messages[0].id`); a refusal carries `error.message` (and a code), which is what the caller sees. One request, no
 * retries here: the caller falls back to SMS or its job retries.
 */

export interface WhatsAppTemplate {
  /** E.164 (+966501234567); sent as digits only, as Meta expects. */
  to: string;
  /** The approved template's name. */
  name: string;
  /** The template's language code as approved (e.g. 'en', 'ar'). */
  languageCode: string;
  /** The body's parameters, in order ({{1}}, {{2}}, ...). */
  params: string[];
}

const TIMEOUT_MS = 15_000;

export function whatsAppConfigured(config: Pick<Config, 'whatsapp'>): boolean {
  return Boolean(config.whatsapp.phoneNumberId && config.whatsapp.token);
}

/** The request body Meta documents for a template message with body parameters. */
export function templateBody(m: WhatsAppTemplate) {
  return {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: m.to.replace(/\D/g, ''),
    type: 'template',
    template: {
      name: m.name,
      language: { code: m.languageCode },
      ...(m.params.length ? { components: [{ type: 'body', parameters: m.params.map((text) => ({ type: 'text', text })) }] } : {}),
    },
  };
}

interface MetaAnswer {
  messages?: Array<{ id?: string }>;
  error?: { message?: string; code?: number; error_data?: { details?: string } };
}

/** Sends one template message; answers Meta's message id. Throws with Meta's error message when refused. */
export async function sendWhatsAppTemplate(config: Pick<Config, 'whatsapp'>, m: WhatsAppTemplate): Promise<string> {
  const w = config.whatsapp;
  if (!w.phoneNumberId || !w.token) throw new Error('WhatsApp is not configured');
  let res: Response;
  try {
    res = await fetch(`${w.apiUrl}/${encodeURIComponent(w.phoneNumberId)}/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${w.token}` },
      body: JSON.stringify(templateBody(m)),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    throw new Error(`WhatsApp unreachable: ${error instanceof Error ? error.message : String(error)}`.slice(0, 300), { cause: error });
  }
  const raw = await res.text().catch(() => '');
  let answer: MetaAnswer = {};
  try {
    answer = JSON.parse(raw) as MetaAnswer;
  } catch {
    // Not JSON (a proxy's page): its text is the answer.
  }
  const id = answer.messages?.[0]?.id;
  if (!res.ok || !id) {
    const e = answer.error;
    const why = e?.message ? `${e.message}${e.error_data?.details ? `: ${e.error_data.details}` : ''}` : raw.replace(/\s+/g, ' ');
    throw new Error(`WhatsApp ${res.status}: ${why}`.slice(0, 300));
  }
  return id;
}
