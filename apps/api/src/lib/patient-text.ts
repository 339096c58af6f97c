import type { Config } from '../config.js';
import { sendSms } from './channels.js';

/**
 * A short text to a patient's mobile number (a one-time code, a reminder): on the channel the patient prefers when
 * they agreed to it, falling back to SMS when that channel fails. The answer says which channel delivered it.
 */

export type PatientTextChannel = 'sms' | 'whatsapp';

export interface PatientText {
  /** E.164, e.g. +966501234567. */
  to: string;
  /** What the patient prefers; WhatsApp only counts when `whatsappConsent` is true. */
  preferred: PatientTextChannel;
  whatsappConsent: boolean;
  language: 'en' | 'ar';
  /** The full text, for SMS. */
  text: string;
  /** The approved WhatsApp template and its body parameters in order, for WhatsApp. */
  template: { name: string; params: string[] };
}

export interface PatientTextSent {
  channel: PatientTextChannel;
  /** The provider's answer (or, after a fallback, both answers). */
  detail: string;
}

/** Whether any text channel is configured (a page that needs one says so when none is). */
export function canTextPatients(config: Pick<Config, 'sms'>): boolean {
  return Boolean(config.sms.url);
}

/** Sends one text; throws with the provider's answer when no channel could deliver it. */
export async function sendPatientText(config: Pick<Config, 'sms'>, m: PatientText): Promise<PatientTextSent> {
  return { channel: 'sms', detail: await sendSms(config, m.to, m.text) };
}
