import { allergiesMatching, type AllergyLike, type AllergyStateKind } from './allergies.js';
import { normalizeDrugName } from './medications.js';

/*
 * The checks made before a prescription is issued, as a pure function of what is on record: for each item, the
 * patient's active allergies its names match, and the active medications it repeats. The checks never pass silently:
 * where the data for a check does not exist, the answer says so ("no data" notices) instead of answering "no warning".
 */

/** One prescription item as the checks see it: the drug's names (catalogue id, trade, generic and Arabic name). */
export interface PrescribedDrug {
  medicationId: string | null;
  name: string;
  genericName?: string | null;
  nameAr?: string | null;
}

export interface CheckedAllergy extends AllergyLike {
  id: string;
  severity?: string | null;
}

export interface ActiveMedicationLike {
  id: string;
  medicationId: string | null;
  name: string;
  genericName?: string | null;
}

export type PrescriptionWarning =
  | { key: string; kind: 'allergy'; item: number; drugName: string; allergyId: string; substance: string; severity: string | null }
  | { key: string; kind: 'duplicate'; item: number; drugName: string; patientMedicationId: string; medicationName: string; sameDrug: boolean };

/**
 * What could not be checked, always answered: `allergiesUnknown` (nobody recorded the patient's allergies, so no
 * allergy check was possible), `noClassCheck` (drug classes are not inferred: penicillin does not match amoxicillin;
 * always present), `noCurrentMedications` (no active medication on record to compare with).
 */
export const PRESCRIPTION_NOTICES = ['allergiesUnknown', 'noClassCheck', 'noCurrentMedications'] as const;
export type PrescriptionNotice = (typeof PRESCRIPTION_NOTICES)[number];

export interface PrescriptionCheck {
  warnings: PrescriptionWarning[];
  notices: PrescriptionNotice[];
  allergyState: AllergyStateKind;
}

export interface PrescriptionCheckData {
  items: readonly PrescribedDrug[];
  allergyState: AllergyStateKind;
  allergies: readonly CheckedAllergy[];
  activeMedications: readonly ActiveMedicationLike[];
}

/** The key by which a prescriber's acknowledgement names a warning: stable for the same item and the same record. */
export const allergyWarningKey = (item: number, allergyId: string) => `allergy:${item}:${allergyId}`;
export const duplicateWarningKey = (item: number, patientMedicationId: string) => `duplicate:${item}:${patientMedicationId}`;

/** Two drugs are the same generic when their generic names (or, lacking one, their names) normalise alike. */
function genericOf(d: { name: string; genericName?: string | null }): string {
  return normalizeDrugName(d.genericName?.trim() ? d.genericName : d.name);
}

/** The checks of a prescription's items against the patient's allergies and active medications. */
export function checkPrescription(input: PrescriptionCheckData): PrescriptionCheck {
  const warnings: PrescriptionWarning[] = [];
  const active = input.activeMedications;
  input.items.forEach((drug, item) => {
    for (const a of allergiesMatching(input.allergies, [drug.name, drug.genericName, drug.nameAr])) {
      warnings.push({ key: allergyWarningKey(item, a.id), kind: 'allergy', item, drugName: drug.name, allergyId: a.id, substance: a.substance, severity: a.severity ?? null });
    }
    const generic = genericOf(drug);
    for (const m of active) {
      const sameDrug = drug.medicationId !== null && m.medicationId === drug.medicationId;
      if (!sameDrug && !(generic && genericOf(m) === generic)) continue;
      warnings.push({ key: duplicateWarningKey(item, m.id), kind: 'duplicate', item, drugName: drug.name, patientMedicationId: m.id, medicationName: m.name, sameDrug });
    }
  });
  const notices: PrescriptionNotice[] = [];
  if (input.allergyState === 'unknown') notices.push('allergiesUnknown');
  notices.push('noClassCheck');
  if (active.length === 0) notices.push('noCurrentMedications');
  return { warnings, notices, allergyState: input.allergyState };
}

export interface WarningAcknowledgement {
  key: string;
  reason: string;
}

/** The warnings no acknowledgement (with a reason) answers: issuing must be refused while any is left. */
export function unacknowledged(warnings: readonly PrescriptionWarning[], acks: readonly WarningAcknowledgement[]): PrescriptionWarning[] {
  const given = new Set(acks.filter((a) => a.reason.trim().length > 0).map((a) => a.key));
  return warnings.filter((w) => !given.has(w.key));
}

/** Validity of an issued prescription, in days: 30 unless the prescriber sets another between 1 and 180. */
export const PRESCRIPTION_VALID_DAYS = { default: 30, min: 1, max: 180 } as const;

export const PRESCRIPTION_STATUSES = ['draft', 'issued', 'cancelled'] as const;
export type PrescriptionStatus = (typeof PRESCRIPTION_STATUSES)[number];

/** What the public verification page may say of a prescription: genuine or not, and if genuine, its state. */
export type VerificationState = 'valid' | 'expired' | 'cancelled';

/** The state of an issued or cancelled prescription at a moment: cancelled wins, then the valid-until day (inclusive). */
export function verificationState(p: { status: PrescriptionStatus; issuedAt: string | null; validUntil: string | null }, today: string): VerificationState | null {
  // A draft was never handed to anyone, even if discarded: nothing to verify.
  if (!p.issuedAt || !p.validUntil) return null;
  if (p.status === 'cancelled') return 'cancelled';
  return today > p.validUntil ? 'expired' : 'valid';
}
