/**
 * Allergies and intolerances, and a patient's allergy state. Pure rules shared by the API and the web.
 *
 * The state is one of three, never blank: `unknown` (nobody asked: no active allergy and no "no known allergies"),
 * `none` ("no known allergies" recorded explicitly, by whom and when) or `allergies` (at least one active allergy).
 * Recording an allergy clears "no known allergies"; recording "no known allergies" while an allergy is active is
 * refused.
 */
import { translate } from '../messages/index.js';
import { normaliseArabic } from '../text/arabic.js';

export const ALLERGY_SEVERITIES = ['mild', 'moderate', 'severe', 'life_threatening'] as const;
export type AllergySeverity = (typeof ALLERGY_SEVERITIES)[number];
export const ALLERGY_STATUSES = ['active', 'inactive', 'resolved'] as const;
export type AllergyStatus = (typeof ALLERGY_STATUSES)[number];
export const ALLERGY_TYPES = ['allergy', 'intolerance'] as const;
export type AllergyType = (typeof ALLERGY_TYPES)[number];
export const ALLERGY_STATES = ['unknown', 'none', 'allergies'] as const;
export type AllergyStateKind = (typeof ALLERGY_STATES)[number];

/**
 * The matching key of a substance (stored beside the text): case, Arabic letter forms, diacritics, tatweel and digits
 * folded, so "Penicillin", "PENICILLIN " and "بنسلين" / "بِنِسِلِين" each find their own kind.
 */
export const substanceKey = (substance: string): string => normaliseArabic(substance);

export interface AllergyLike { substance: string; substanceKey?: string; status: AllergyStatus }

/** The state of a patient's allergies from the recorded entries and the "no known allergies" mark. */
export function allergyState(allergies: readonly AllergyLike[], noKnownAllergies: boolean): AllergyStateKind {
  if (allergies.some((a) => a.status === 'active')) return 'allergies';
  return noKnownAllergies ? 'none' : 'unknown';
}

/**
 * A patient's allergies in one line, in a language, as a printout carries them: the active substances, "No known
 * allergies", or "Allergies not recorded: ask the patient". Never blank.
 */
export function allergiesLine(state: { state: AllergyStateKind; allergies: readonly AllergyLike[] }, lang: string): string {
  if (state.state === 'unknown') return translate('allergyLine.unknown', lang);
  if (state.state === 'none') return translate('allergyLine.none', lang);
  return state.allergies.filter((a) => a.status === 'active').map((a) => a.substance).join(translate('allergyLine.separator', lang));
}

/** Whether "no known allergies" may be recorded: only while no allergy is active. */
export const canRecordNoKnownAllergies = (allergies: readonly AllergyLike[]): boolean => !allergies.some((a) => a.status === 'active');

const words = (key: string): string[] => key.split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/**
 * The active allergies a drug matches, by any of its names (brand, generic, Arabic): a name matches a substance when
 * the substance's words appear together, whole, in the name ("Amoxicillin 500 mg" matches "amoxicillin";
 * "أموكسيسيلين" matches "اموكسيسيلين"). Drug classes (penicillins for amoxicillin) are not inferred: a prescribing
 * screen must say so.
 */
export function allergiesMatching<T extends AllergyLike>(allergies: readonly T[], drugNames: readonly (string | null | undefined)[]): T[] {
  const names = drugNames.filter((n): n is string => Boolean(n && n.trim())).map((n) => ` ${words(normaliseArabic(n)).join(' ')} `);
  return allergies.filter((a) => {
    if (a.status !== 'active') return false;
    const key = words(a.substanceKey ?? substanceKey(a.substance)).join(' ');
    return key.length > 0 && names.some((n) => n.includes(` ${key} `));
  });
}

/**
 * What the patient told the desk at registration (the registration form's allergies, free text) that the clinical
 * list does not hold under any status: each to be confirmed with the patient and recorded (or not). Never part of
 * the state or of a prescription's check, which go by the clinical list alone; shown beside them so nothing the
 * patient said is lost between the desk and the doctor. Each once, in the order told.
 */
export function unconfirmedRegistrationAllergies(told: readonly unknown[], allergies: readonly AllergyLike[]): string[] {
  const recorded = new Set(allergies.map((a) => words(a.substanceKey ?? substanceKey(a.substance)).join(' ')));
  const out = new Map<string, string>();
  for (const item of told) {
    if (typeof item !== 'string' || !item.trim()) continue;
    const key = words(substanceKey(item)).join(' ');
    if (key && !recorded.has(key) && !out.has(key)) out.set(key, item.trim());
  }
  return [...out.values()];
}
