/**
 * Vital signs: the measurements, their units, canonical storage, plausibility limits and abnormal flags by age.
 * Pure rules shared by the API (validation, storage, flags) and the web (live BMI, unit toggles, field errors).
 *
 * Canonical units (what is stored): centimetres, kilograms, degrees Celsius, beats per minute, breaths per minute,
 * mmHg, per cent, a 0-10 score and mmol/L. The unit a reading was entered in is stored beside it, for display.
 */

export const VITALS = ['height', 'weight', 'bmi', 'temperature', 'pulse', 'respiratoryRate', 'systolic', 'diastolic', 'spo2', 'painScore', 'glucose'] as const;
export type Vital = (typeof VITALS)[number];
/** The vitals a person enters (BMI is derived from height and weight). */
export const MEASURED_VITALS = VITALS.filter((v): v is Exclude<Vital, 'bmi'> => v !== 'bmi');
export type MeasuredVital = Exclude<Vital, 'bmi'>;

export const VITAL_UNITS = {
  height: ['cm', 'in'],
  weight: ['kg', 'lb'],
  bmi: ['kg/m2'],
  temperature: ['C', 'F'],
  pulse: ['bpm'],
  respiratoryRate: ['/min'],
  systolic: ['mmHg'],
  diastolic: ['mmHg'],
  spo2: ['%'],
  painScore: ['/10'],
  glucose: ['mmol/L', 'mg/dL'],
} as const satisfies Record<Vital, readonly [string, ...string[]]>;
export type VitalUnit<V extends Vital = Vital> = (typeof VITAL_UNITS)[V][number];
/** The stored unit of each vital: the first of its units. */
export const canonicalUnit = <V extends Vital>(vital: V): VitalUnit<V> => VITAL_UNITS[vital][0];
/** The vitals that can be entered in more than one unit. */
export const CONVERTIBLE_VITALS = ['height', 'weight', 'temperature', 'glucose'] as const;
export type ConvertibleVital = (typeof CONVERTIBLE_VITALS)[number];

export const LB_PER_KG = 2.204_622_621_8;
export const CM_PER_IN = 2.54;
/** mg/dL per mmol/L of glucose (molar mass 180.16 g/mol). */
export const GLUCOSE_MG_PER_MMOL = 18.016;

/** Decimals kept in storage: enough that a value converted back to the unit it was entered in reads the same. */
const STORED_DECIMALS = 3;
export const roundTo = (value: number, decimals: number): number => {
  const f = 10 ** decimals;
  return Math.round(value * f) / f;
};

/** A value in `unit` as the canonical unit of its vital. */
export function toCanonical(vital: Vital, value: number, unit: string): number {
  let v = value;
  if (vital === 'height' && unit === 'in') v = value * CM_PER_IN;
  else if (vital === 'weight' && unit === 'lb') v = value / LB_PER_KG;
  else if (vital === 'temperature' && unit === 'F') v = ((value - 32) * 5) / 9;
  else if (vital === 'glucose' && unit === 'mg/dL') v = value / GLUCOSE_MG_PER_MMOL;
  return roundTo(v, STORED_DECIMALS);
}

/** A canonical value written in `unit`, rounded to the decimals that unit is shown with. */
export function fromCanonical(vital: Vital, value: number, unit: string): number {
  let v = value;
  if (vital === 'height' && unit === 'in') v = value / CM_PER_IN;
  else if (vital === 'weight' && unit === 'lb') v = value * LB_PER_KG;
  else if (vital === 'temperature' && unit === 'F') v = (value * 9) / 5 + 32;
  else if (vital === 'glucose' && unit === 'mg/dL') v = value * GLUCOSE_MG_PER_MMOL;
  return roundTo(v, displayDecimals(vital, unit));
}

/** How many decimals a vital is shown with in a unit (glucose in mg/dL and the counts are whole numbers). */
export function displayDecimals(vital: Vital, unit: string): number {
  if (vital === 'glucose') return unit === 'mg/dL' ? 0 : 1;
  if (vital === 'pulse' || vital === 'respiratoryRate' || vital === 'systolic' || vital === 'diastolic' || vital === 'spo2' || vital === 'painScore') return 0;
  return 1;
}

/** Body mass index (kg/m²) to one decimal, from canonical height and weight; null when either is missing. */
export function bmiOf(heightCm: number | null | undefined, weightKg: number | null | undefined): number | null {
  if (!heightCm || !weightKg || heightCm <= 0 || weightKg <= 0) return null;
  const m = heightCm / 100;
  return roundTo(weightKg / (m * m), 1);
}

/**
 * What a living patient can measure, in canonical units: a value outside is a typing or unit mistake and is refused
 * with a field error (the message names the limits in the unit the value was entered in). `integer` vitals take whole
 * numbers only.
 */
export const PLAUSIBLE: Record<MeasuredVital, { min: number; max: number; integer?: boolean }> = {
  height: { min: 20, max: 250 },
  weight: { min: 0.3, max: 350 },
  temperature: { min: 25, max: 45 },
  pulse: { min: 20, max: 300, integer: true },
  respiratoryRate: { min: 2, max: 80, integer: true },
  systolic: { min: 40, max: 300, integer: true },
  diastolic: { min: 20, max: 200, integer: true },
  spo2: { min: 40, max: 100, integer: true },
  painScore: { min: 0, max: 10, integer: true },
  glucose: { min: 0.5, max: 60 },
};

/** The message key of a value outside its plausible limits, in the unit it was entered in. */
export function rangeMessage(vital: MeasuredVital, unit: string): string {
  const suffix = vital === 'height' ? (unit === 'in' ? 'In' : 'Cm')
    : vital === 'weight' ? (unit === 'lb' ? 'Lb' : 'Kg')
      : vital === 'temperature' ? (unit === 'F' ? 'F' : 'C')
        : vital === 'glucose' ? (unit === 'mg/dL' ? 'MgDl' : 'Mmol') : '';
  return `validation.vitals.${vital}Range${suffix}`;
}

/** The field error key of one entered value, or null when it is plausible. */
export function plausibilityError(vital: MeasuredVital, value: number, unit: string): string | null {
  const limits = PLAUSIBLE[vital];
  if (!Number.isFinite(value)) return rangeMessage(vital, unit);
  if (limits.integer && !Number.isInteger(value)) return rangeMessage(vital, unit);
  const canonical = toCanonical(vital, value, unit);
  return canonical < limits.min || canonical > limits.max ? rangeMessage(vital, unit) : null;
}

// ---------------------------------------------------------------------------------------------------------
// Abnormal flags

/** Age groups with reference ranges: children from 1 to 12 years, adults from 13. Infants have none by default. */
export const AGE_GROUPS = ['child', 'adult'] as const;
export type AgeGroup = (typeof AGE_GROUPS)[number];

/** The age group at a moment: null under one year (no default ranges for infants) or when the birth date is unknown. */
export function ageGroupAt(dateOfBirth: string | null | undefined, at: Date): AgeGroup | null {
  if (!dateOfBirth) return null;
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
  let years = at.getUTCFullYear() - y;
  if (at.getUTCMonth() + 1 < m || (at.getUTCMonth() + 1 === m && at.getUTCDate() < d)) years -= 1;
  if (!Number.isFinite(years) || years < 1) return null;
  return years >= 13 ? 'adult' : 'child';
}

/** A reference range in canonical units; a null bound is not checked (SpO2 has no upper limit). */
export interface VitalRange { low: number | null; high: number | null; criticalLow: number | null; criticalHigh: number | null }
/** The vitals with reference ranges (height and weight have none: they are flagged "no range"). */
export const FLAGGED_VITALS = ['bmi', 'temperature', 'pulse', 'respiratoryRate', 'systolic', 'diastolic', 'spo2', 'painScore', 'glucose'] as const;
export type FlaggedVital = (typeof FLAGGED_VITALS)[number];
export type VitalRanges = Record<AgeGroup, Partial<Record<FlaggedVital, VitalRange>>>;

const r = (low: number | null, high: number | null, criticalLow: number | null, criticalHigh: number | null): VitalRange => ({ low, high, criticalLow, criticalHigh });

/**
 * The product's default reference ranges (canonical units), for adults and children from 1 to 12 years. A company
 * overrides any of them (`GET/PUT /api/vitals/reference-ranges`); BMI has no child default (children's BMI is read on
 * percentile charts), so a child's BMI is flagged "no range for this age".
 */
export const DEFAULT_VITAL_RANGES: VitalRanges = {
  adult: {
    bmi: r(18.5, 24.9, 16, 40),
    temperature: r(36, 37.8, 35, 40),
    pulse: r(60, 100, 40, 130),
    respiratoryRate: r(12, 20, 8, 30),
    systolic: r(90, 139, 80, 180),
    diastolic: r(60, 89, 40, 120),
    spo2: r(95, null, 90, null),
    painScore: r(null, 3, null, 6),
    glucose: r(3.9, 7.8, 3, 16.7),
  },
  child: {
    temperature: r(36, 37.8, 35, 40),
    pulse: r(70, 120, 50, 160),
    respiratoryRate: r(18, 30, 12, 40),
    systolic: r(85, 120, 70, 140),
    diastolic: r(50, 80, 40, 95),
    spo2: r(95, null, 90, null),
    painScore: r(null, 3, null, 6),
    glucose: r(3.9, 7.8, 3, 16.7),
  },
};

/** The ranges in force: the company's overrides over the defaults, vital by vital. */
export function effectiveRanges(overrides: Partial<VitalRanges> | null | undefined): VitalRanges {
  return {
    adult: { ...DEFAULT_VITAL_RANGES.adult, ...(overrides?.adult ?? {}) },
    child: { ...DEFAULT_VITAL_RANGES.child, ...(overrides?.child ?? {}) },
  };
}

export const VITAL_FLAGS = ['normal', 'low', 'high', 'criticalLow', 'criticalHigh', 'noRange'] as const;
export type VitalFlag = (typeof VITAL_FLAGS)[number];

/** The flag of a canonical value: every value gets one, `noRange` when no range applies to the vital at that age. */
export function flagVital(vital: Vital, value: number, group: AgeGroup | null, ranges: VitalRanges = DEFAULT_VITAL_RANGES): VitalFlag {
  if (!group) return 'noRange';
  const range = (ranges[group] as Partial<Record<Vital, VitalRange>>)[vital];
  return range ? flagInRange(value, range) : 'noRange';
}

/** The flag of a value against one reference range (vitals, lab analytes): `noRange` when the range has no bound. */
export function flagInRange(value: number, range: VitalRange): VitalFlag {
  if (range.low === null && range.high === null && range.criticalLow === null && range.criticalHigh === null) return 'noRange';
  if (range.criticalLow !== null && value < range.criticalLow) return 'criticalLow';
  if (range.criticalHigh !== null && value > range.criticalHigh) return 'criticalHigh';
  if (range.low !== null && value < range.low) return 'low';
  if (range.high !== null && value > range.high) return 'high';
  return 'normal';
}

export const isAbnormal = (flag: VitalFlag): boolean => flag !== 'normal' && flag !== 'noRange';

/** The problems of a range a company enters: the message key of the first, or null. */
export function rangeProblem(range: VitalRange): string | null {
  const order = [range.criticalLow, range.low, range.high, range.criticalHigh].filter((n): n is number => n !== null);
  if (order.length === 0) return 'validation.vitals.rangeEmpty';
  for (let i = 1; i < order.length; i++) if (order[i]! < order[i - 1]!) return 'validation.vitals.rangeOrder';
  return null;
}
