/**
 * The patient's text channel and WhatsApp consent as the patient form changes them: consent is recorded with its date
 * and where it was given (the desk, here), kept as it was when the form does not say, and withdrawing it makes SMS the
 * channel again. WhatsApp is the preferred channel only with consent (the database checks it too).
 */
import type { PatientData, PatientDetails, PatientTextChannel } from '@clinic/shared';
import type { Db } from '../../db/client.js';
import { recordAudit } from '../../lib/audit.js';
import { validationFailed } from '../../lib/errors.js';
import type { RequestContext } from '../../lib/request-context.js';

export interface MessagingColumns {
  preferredChannel: string;
  whatsappConsentAt: Date | null;
  whatsappConsentSource: string | null;
}

/** The columns after the form; throws a field error when WhatsApp is chosen without consent. */
export function messagingColumns(
  input: Pick<PatientData, 'preferredChannel' | 'whatsappConsent'>, before: MessagingColumns | null, now = new Date(),
): MessagingColumns {
  const consented = Boolean(before?.whatsappConsentAt);
  const consent = input.whatsappConsent ?? consented;
  const consentAt = !consent ? null : consented ? before!.whatsappConsentAt : now;
  const consentSource = !consent ? null : consented ? before!.whatsappConsentSource : 'desk';
  const preferredChannel = input.preferredChannel ?? (consent ? before?.preferredChannel ?? 'sms' : 'sms');
  if (preferredChannel === 'whatsapp' && !consentAt) throw validationFailed({ preferredChannel: 'validation.patientWhatsappConsentRequired' });
  return { preferredChannel, whatsappConsentAt: consentAt, whatsappConsentSource: consentSource };
}

/** What the record shows. */
export function messagingView(row: MessagingColumns): Pick<PatientDetails, 'preferredChannel' | 'whatsappConsent'> {
  return {
    preferredChannel: row.preferredChannel as PatientTextChannel,
    whatsappConsent: row.whatsappConsentAt
      ? { at: row.whatsappConsentAt.toISOString(), source: (row.whatsappConsentSource ?? 'desk') as 'desk' | 'online' }
      : null,
  };
}

/** Giving or withdrawing consent is its own audit entry (who, when, from where), beside the form's update. */
export async function auditConsentChange(
  db: Db, ctx: RequestContext, who: { companyId: string; actorId: string; patientId: string }, before: MessagingColumns | null, after: MessagingColumns,
): Promise<void> {
  const had = Boolean(before?.whatsappConsentAt);
  const has = Boolean(after.whatsappConsentAt);
  if (had === has) return;
  await recordAudit(db, ctx, {
    companyId: who.companyId, actorId: who.actorId, action: has ? 'consent_given' : 'consent_withdrawn', entity: 'patient', entityId: who.patientId,
    changes: has
      ? { after: { whatsappConsentAt: after.whatsappConsentAt!.toISOString(), whatsappConsentSource: after.whatsappConsentSource } }
      : { before: { whatsappConsentAt: before!.whatsappConsentAt!.toISOString(), whatsappConsentSource: before!.whatsappConsentSource } },
  });
}
