import { z } from 'zod';
import {
  AGE_GROUPS, FLAGGED_VITALS, MEASURED_VITALS, PLAUSIBLE, VITAL_FLAGS, VITALS, plausibilityError, rangeProblem,
  type MeasuredVital,
} from '../clinical/vitals.js';
import { idSchema, numberish, refSchema } from './common.js';
import { instantInRange } from './dates.js';

const NOT_A_NUMBER = 'validation.vitals.notANumber';
/** A measured value: a number (numeric text and Arabic-Indic digits read as numbers), or empty/null for "not taken". */
const measure = numberish(z.number({ error: NOT_A_NUMBER }).finite({ error: NOT_A_NUMBER }).nullish());
const unit = <const U extends readonly [string, ...string[]]>(units: U) => z.enum(units, { error: 'validation.vitals.unitInvalid' }).default(units[0]);

/**
 * One set of vitals as entered: any of the measurements (at least one), each in the unit chosen (canonical by
 * default). Values outside the plausible limits are refused with a field error naming the limits in the unit entered.
 */
export const vitalsInput = z.strictObject({
  encounterId: idSchema.nullish(),
  /** When the vitals were taken (default: now); not in the future. */
  takenAt: instantInRange('validation.vitals.takenAtInvalid').refine((t) => Date.parse(t) <= Date.now() + 5 * 60_000, { error: 'validation.vitals.takenAtFuture' }).optional(),
  height: measure, heightUnit: unit(['cm', 'in'] as const),
  weight: measure, weightUnit: unit(['kg', 'lb'] as const),
  temperature: measure, temperatureUnit: unit(['C', 'F'] as const),
  pulse: measure,
  respiratoryRate: measure,
  systolic: measure,
  diastolic: measure,
  spo2: measure,
  painScore: measure,
  glucose: measure, glucoseUnit: unit(['mmol/L', 'mg/dL'] as const),
  note: z.string().trim().max(500, { error: 'validation.tooLong' }).optional(),
}).superRefine((v, ctx) => {
  const unitOf = (vital: MeasuredVital): string => (v as Record<string, unknown>)[`${vital}Unit`] as string | undefined ?? '';
  let given = 0;
  for (const vital of MEASURED_VITALS) {
    const value = v[vital];
    if (value === null || value === undefined) continue;
    given += 1;
    const problem = plausibilityError(vital, value, unitOf(vital));
    if (problem) ctx.addIssue({ code: 'custom', path: [vital], message: problem });
  }
  if (given === 0) ctx.addIssue({ code: 'custom', path: [], message: 'validation.vitals.noneGiven' });
  if (v.systolic != null && v.diastolic != null && v.diastolic >= v.systolic) {
    ctx.addIssue({ code: 'custom', path: ['diastolic'], message: 'validation.vitals.diastolicAboveSystolic' });
  }
  if ((v.systolic == null) !== (v.diastolic == null)) {
    ctx.addIssue({ code: 'custom', path: [v.systolic == null ? 'systolic' : 'diastolic'], message: 'validation.vitals.pressurePair' });
  }
});
export type VitalsInput = z.output<typeof vitalsInput>;
export type VitalsFormValues = z.input<typeof vitalsInput>;

export const vitalFlagSchema = z.enum(VITAL_FLAGS);
/** One reading of a set: the canonical value and unit, the value as entered and its unit, and its flag. */
export const vitalReadingSchema = z.object({
  vital: z.enum(VITALS),
  value: z.number(),
  unit: z.string(),
  enteredValue: z.number(),
  enteredUnit: z.string(),
  flag: vitalFlagSchema,
});
export type VitalReading = z.infer<typeof vitalReadingSchema>;

export const vitalsSetSchema = z.object({
  _id: z.string(),
  patientId: z.string(),
  encounterId: z.string().nullable(),
  takenAt: z.string(),
  recordedAt: z.string(),
  recordedBy: refSchema.nullable(),
  /** The age group whose ranges flagged the set (null: an infant or no birth date, every flag is `noRange`). */
  ageGroup: z.enum(AGE_GROUPS).nullable(),
  readings: z.array(vitalReadingSchema),
  note: z.string().nullable(),
  /** Marked entered in error (kept, never edited or deleted): who, when and why. */
  enteredInError: z.object({ at: z.string(), by: refSchema.nullable(), reason: z.string() }).nullable(),
});
export type VitalsSet = z.infer<typeof vitalsSetSchema>;

export const vitalsParams = z.object({ id: idSchema, vitalsId: idSchema });
const dateFilter = instantInRange('validation.vitals.dateFilterInvalid').optional();
/** A patient's vitals, newest first: at most `limit` sets (1-500), of one vital, between two instants. */
export const vitalsListQuery = z.object({
  vital: z.enum(VITALS, { error: 'validation.vitals.vitalInvalid' }).optional(),
  from: dateFilter,
  to: dateFilter,
  includeEnteredInError: z.enum(['true', 'false'], { error: 'validation.invalidBoolean' }).transform((s) => s === 'true').optional(),
  limit: numberish(z.number({ error: 'validation.invalidLimit' }).int({ error: 'validation.invalidLimit' }).min(1, { error: 'validation.invalidLimit' }).max(500, { error: 'validation.invalidLimit' })).default(100),
});
export type VitalsListQuery = z.output<typeof vitalsListQuery>;
export const VITALS_LIST_MAX = 500;

export const enteredInErrorInput = z.strictObject({
  reason: z.string({ error: 'validation.vitals.reasonRequired' }).trim().min(3, { error: 'validation.vitals.reasonRequired' }).max(500, { error: 'validation.tooLong' }),
});

// ---------------------------------------------------------------------------------------------------------
// Reference ranges (company overrides)

const bound = numberish(z.number({ error: NOT_A_NUMBER }).finite({ error: NOT_A_NUMBER }).min(0, { error: 'validation.vitals.rangeOrder' }).max(1000, { error: 'validation.vitals.rangeOrder' })).nullable();
export const vitalRangeSchema = z.object({ low: bound, high: bound, criticalLow: bound, criticalHigh: bound })
  .superRefine((range, ctx) => {
    const problem = rangeProblem(range);
    if (problem) ctx.addIssue({ code: 'custom', path: ['low'], message: problem });
  });
const groupRanges = z.strictObject(Object.fromEntries(FLAGGED_VITALS.map((v) => [v, vitalRangeSchema.optional()])) as Record<(typeof FLAGGED_VITALS)[number], z.ZodOptional<typeof vitalRangeSchema>>);
/**
 * A company's overrides of the default ranges (canonical units); a vital left out keeps the default. Both groups are
 * always sent (`{}` for none): a body that names neither is refused, not read as "remove every override".
 */
export const vitalRangesInput = z.strictObject({ adult: groupRanges, child: groupRanges });
export type VitalRangesInput = z.output<typeof vitalRangesInput>;
const rangesOut = z.record(z.string(), z.record(z.string(), z.object({ low: z.number().nullable(), high: z.number().nullable(), criticalLow: z.number().nullable(), criticalHigh: z.number().nullable() })));
export const vitalRangesSchema = z.object({ defaults: rangesOut, overrides: rangesOut, effective: rangesOut, updatedAt: z.string().nullable(), updatedBy: refSchema.nullable() });
export type VitalRangesAnswer = z.infer<typeof vitalRangesSchema>;

/** Used by forms to show limits: the plausible limits in canonical units. */
export const VITAL_LIMITS = PLAUSIBLE;
