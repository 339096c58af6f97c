import { translate } from '../messages/index.js';

/*
 * Medications: the units a dose is written in, the routes a drug is given by, the frequencies (stored as codes,
 * written out in the patient's language), durations, the quantity to dispense, and the drug-name key the safety
 * checks compare. Pure rules, used by the API, the web app and the printouts alike.
 */

/** Units a dose is written in: amounts (mg, mL, …) and countable forms (tablets, puffs, …). */
export const DOSE_UNITS = ['mg', 'g', 'mcg', 'mL', 'IU', 'tablet', 'capsule', 'drop', 'puff', 'sachet', 'application', 'suppository', 'patch'] as const;
export type DoseUnit = (typeof DOSE_UNITS)[number];

/** Routes of administration. */
export const MEDICATION_ROUTES = ['oral', 'sublingual', 'iv', 'im', 'sc', 'topical', 'inhaled', 'nasal', 'ophthalmic', 'otic', 'rectal', 'vaginal', 'transdermal'] as const;
export type MedicationRoute = (typeof MEDICATION_ROUTES)[number];

/**
 * Frequency codes and their doses per day. `null`: no fixed number of doses a day (as needed, a single immediate
 * dose), so no quantity can be computed from them.
 */
export const FREQUENCIES = {
  OD: 1,
  BID: 2,
  TID: 3,
  QID: 4,
  Q4H: 6,
  Q6H: 4,
  Q8H: 3,
  Q12H: 2,
  QAM: 1,
  QHS: 1,
  QOD: 0.5,
  WEEKLY: 1 / 7,
  PRN: null,
  STAT: null,
} as const satisfies Record<string, number | null>;
export type FrequencyCode = keyof typeof FREQUENCIES;
export const FREQUENCY_CODES = Object.keys(FREQUENCIES) as [FrequencyCode, ...FrequencyCode[]];

export const isFrequencyCode = (code: unknown): code is FrequencyCode => typeof code === 'string' && Object.hasOwn(FREQUENCIES, code);

/** Doses a day for a code, or null when the code sets none (PRN, STAT). */
export const dosesPerDay = (code: FrequencyCode): number | null => FREQUENCIES[code];

/** The frequency written out: "twice daily", "مرتين يومياً". */
export const frequencyText = (code: FrequencyCode, lang: string): string => translate(`medications.frequency.${code}`, lang);

/** The route's name: "Oral", "عن طريق الفم". */
export const routeText = (route: MedicationRoute, lang: string): string => translate(`medications.route.${route}`, lang);

/** Units counted in whole items, written with the language's plural forms ("2 tablets", "قرصان"). */
const COUNTED_UNITS: ReadonlySet<DoseUnit> = new Set(['tablet', 'capsule', 'drop', 'puff', 'sachet', 'application', 'suppository', 'patch']);

/** A number as a person writes it: at most three decimals, no trailing zeros. */
const plain = (n: number) => String(Math.round(n * 1000) / 1000);

/** A dose written out: "500 mg", "2 tablets", "قرصان", "5 مل". */
export function doseText(dose: number, unit: DoseUnit, lang: string): string {
  const key = `medications.dose.${unit}`;
  return COUNTED_UNITS.has(unit) ? translate(key, lang, { count: Number(plain(dose)) }) : translate(key, lang, { value: plain(dose) });
}

/** The unit's name on its own, for a select: "mg", "tablet", "قرص". */
export const unitText = (unit: DoseUnit, lang: string): string => translate(`medications.unit.${unit}`, lang);

// ---------------------------------------------------------------------------------------------------------
// Durations

export const DURATION_UNITS = ['days', 'weeks', 'months'] as const;
export type DurationUnit = (typeof DURATION_UNITS)[number];
export interface Duration {
  value: number;
  unit: DurationUnit;
}
/** A month counts as 30 days when a quantity is worked out. */
const DAYS_PER_UNIT: Record<DurationUnit, number> = { days: 1, weeks: 7, months: 30 };
/** Longest duration accepted: a year. */
export const DURATION_MAX_DAYS = 366;

export const durationDays = (d: Duration): number => d.value * DAYS_PER_UNIT[d.unit];

/** "5 days", "٣ أيام" style text with the language's plural forms: "يومان", "3 أيام", "11 يومًا". */
export const durationText = (d: Duration, lang: string): string => translate(`medications.duration.${d.unit}`, lang, { count: d.value });

// ---------------------------------------------------------------------------------------------------------
// Quantity

export type QuantityResult =
  | { ok: true; quantity: number }
  /** `asNeeded` (PRN) and `singleDose` (STAT) set no doses per day; `invalid`: a dose or duration that is not positive. */
  | { ok: false; reason: 'asNeeded' | 'singleDose' | 'invalid' };

/**
 * The quantity to dispense: dose x doses per day x days, rounded up to a whole unit. It refuses to guess when the
 * frequency gives no doses per day (PRN, STAT): the prescriber then writes the quantity.
 */
export function computeQuantity(input: { dose: number; frequency: FrequencyCode; duration: Duration }): QuantityResult {
  const { dose, frequency, duration } = input;
  if (frequency === 'PRN') return { ok: false, reason: 'asNeeded' };
  if (frequency === 'STAT') return { ok: false, reason: 'singleDose' };
  const days = durationDays(duration);
  if (!(dose > 0) || !Number.isFinite(dose) || !(days > 0) || !Number.isFinite(days)) return { ok: false, reason: 'invalid' };
  const perDay = FREQUENCIES[frequency];
  // Every-other-day and weekly schedules give a dose on the first day, then one per interval.
  const doses = perDay >= 1 ? perDay * days : Math.ceil(days * perDay - 1e-9) || 1;
  return { ok: true, quantity: Math.ceil(dose * doses - 1e-9) };
}

// ---------------------------------------------------------------------------------------------------------
// Drug names for matching

/** A strength written in a name: "500 mg", "5mg/5ml", "0.1%", "100 IU/mL", "1,000 mcg". */
const STRENGTH = /\d[\d.,]*\s*(?:%|(?:mg|mcg|µg|ug|g|ml|l|iu|units?|meq|mmol)\b(?:\s*\/\s*[\d.,]*\s*(?:mg|mcg|g|ml|l|dose|actuation|puff)?\b)?)/giu;
/** Salt and hydrate words that, after a substance's name, do not change it ("metformin hydrochloride" is metformin). */
const SALTS = new Set([
  'hydrochloride', 'hcl', 'sodium', 'potassium', 'calcium', 'magnesium', 'besylate', 'besilate', 'maleate', 'mesylate',
  'succinate', 'tartrate', 'fumarate', 'citrate', 'sulfate', 'sulphate', 'phosphate', 'acetate', 'trihydrate', 'dihydrate',
  'monohydrate', 'hydrobromide', 'bromide', 'dipropionate', 'propionate', 'furoate', 'xinafoate', 'disodium',
]);

/**
 * The key under which drug names are compared: lower case, without accents or Arabic marks, the strength and salt
 * words removed, one space between words, combination parts sorted and joined by " / ". "Amoxicillin 500 mg" →
 * "amoxicillin"; "Clavulanate + AMOXICILLIN" → "amoxicillin / clavulanate"; "Metformin HCl 850mg" → "metformin".
 */
export function normalizeDrugName(name: string): string {
  return drugIngredients(name).join(' / ');
}

/** The substances a drug name names, each normalised as above: "amoxicillin/clavulanate" → ["amoxicillin", "clavulanate"]. */
export function drugIngredients(name: string): string[] {
  const text = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f\u064B-\u065F\u0670\u0640]/g, '')
    .toLowerCase()
    .replace(STRENGTH, ' ');
  const parts = text.split(/\s*(?:\/|\+|&|,|;|\band\b|\bwith\b)\s*/u).map(cleanPart).filter(Boolean);
  return [...new Set(parts)].sort();
}

function cleanPart(part: string): string {
  const words = part.replace(/[^\p{L}\p{N}\s-]/gu, ' ').split(/[\s-]+/).filter(Boolean);
  // A salt word after the substance goes ("metformin hydrochloride"); one that leads is the substance ("potassium chloride").
  return words.filter((w, i) => i === 0 || !SALTS.has(w)).join(' ');
}

/**
 * True when a drug (its name and generic name) names a substance: any ingredient of either equals the substance's
 * key, or contains it as whole words ("amoxicillin" in "amoxicillin / clavulanate").
 */
export function drugMatchesSubstance(drug: { name: string; genericName?: string | null }, substance: string): boolean {
  const target = normalizeDrugName(substance);
  if (!target) return false;
  const ingredients = [...drugIngredients(drug.name), ...drugIngredients(drug.genericName ?? '')];
  return ingredients.some((i) => i === target || ` ${i} `.includes(` ${target} `)) || normalizeDrugName(drug.name) === target || normalizeDrugName(drug.genericName ?? '') === target;
}
