import type { Config } from '../config.js';
import { sendSms } from './channels.js';
import { canonicalPhone } from './phone.js';
import { sendWhatsAppTemplate, whatsAppConfigured } from './whatsapp.js';

/**
 * A short text to a patient's mobile number (a one-time code, a reminder): on the channel the patient prefers when
 * they agreed to it, falling back to SMS when that channel fails. The answer says which channel delivered it.
 */

export type PatientTextChannel = 'sms' | 'whatsapp';
type TextConfig = Pick<Config, 'sms' | 'whatsapp'>;

export interface PatientText {
  /** E.164, e.g. +966501234567. */
  to: string;
  /** What the patient prefers; WhatsApp only counts when `whatsappConsent` is true. */
  preferred: PatientTextChannel;
  whatsappConsent: boolean;
  language: 'en' | 'ar';
  /** The full text, for SMS. */
  text: string;
  /** The approved WhatsApp template (config.whatsapp.templates) and its body parameters in order, for WhatsApp. */
  template: { name: string; params: string[] };
}

export interface PatientTextSent {
  channel: PatientTextChannel;
  /** The provider's answer (or, after a fallback, both answers). */
  detail: string;
  /** WhatsApp's id of the message it accepted (its statuses follow, modules/whatsapp). */
  messageId?: string;
}

/** Whether any text channel is configured (a page that needs one says so when none is). */
export function canTextPatients(config: TextConfig): boolean {
  return Boolean(config.sms.url) || whatsAppConfigured(config);
}

/**
 * The channels a text goes out on, in order: WhatsApp first when the patient prefers it, agreed to it and WhatsApp is
 * configured; then SMS when configured. Empty: no configured channel may reach this patient.
 */
export function patientTextRoute(config: TextConfig, m: Pick<PatientText, 'preferred' | 'whatsappConsent'>): PatientTextChannel[] {
  const route: PatientTextChannel[] = [];
  if (m.preferred === 'whatsapp' && m.whatsappConsent && whatsAppConfigured(config)) route.push('whatsapp');
  if (config.sms.url) route.push('sms');
  return route;
}

const reason = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Sends one text; throws with the providers' answers when no channel could deliver it. After a WhatsApp refusal the
 * text goes by SMS and `detail` keeps both answers ('WhatsApp 400: ...; sms 200 ...').
 */
export async function sendPatientText(config: TextConfig, m: PatientText): Promise<PatientTextSent> {
  const route = patientTextRoute(config, m);
  if (!route.length) throw new Error('no text channel is configured for this patient (SMS_GATEWAY_URL, WHATSAPP_TOKEN)');
  // A number stored before numbers were kept in one form (0501234567) goes out with its country code all the same.
  const to = canonicalPhone(m.to);
  const viaSms = () => sendSms(config, to, m.text);
  if (route[0] !== 'whatsapp') return { channel: 'sms', detail: await viaSms() };
  try {
    const languageCode = config.whatsapp.languages[m.language];
    const messageId = await sendWhatsAppTemplate(config, { to, name: m.template.name, languageCode, params: m.template.params });
    return { channel: 'whatsapp', detail: `whatsapp ${messageId}`, messageId };
  } catch (error) {
    if (!route.includes('sms')) throw error;
    const first = reason(error);
    try {
      return { channel: 'sms', detail: `${first}; sms ${await viaSms()}` };
    } catch (smsError) {
      throw new Error(`${first}; sms ${reason(smsError)}`, { cause: smsError });
    }
  }
}
