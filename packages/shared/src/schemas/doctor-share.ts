import { z } from 'zod';
import { MONEY_MAX } from './billing.js';
import { idSchema, numberish, percentSchema, refSchema } from './common.js';
import { calendarDate } from './dates.js';

/*
 * The doctor's share: the rules a company pays its doctors by (per doctor and service: a percentage of the net
 * amount, a fixed amount per unit, or tiers by the month's volume), the statement of a period (what each visit's money
 * earned, locked with the cash box's day close) and the payouts made against it. Amounts are integers in minor units
 * of the company's currency; rates are basis points (35% is 3500). docs/billing.md, "The doctor's share", has the rules.
 */

export const DOCTOR_SHARE_RULE_KINDS = ['percent', 'fixed', 'tiers'] as const;
export type DoctorShareRuleKind = (typeof DOCTOR_SHARE_RULE_KINDS)[number];
/** What made an entry: money in, money back, a credit note, or the insurer paying (or its payment reversed). */
export const DOCTOR_SHARE_CAUSES = ['payment', 'refund', 'credit_note', 'claim_paid', 'claim_reversed'] as const;
export type DoctorShareCause = (typeof DOCTOR_SHARE_CAUSES)[number];
export const DOCTOR_SHARE_PAYOUT_METHODS = ['cash', 'transfer'] as const;
export const DOCTOR_SHARE_TIERS_MAX = 10;
/** The longest statement period, in days (a year, leap or not). */
export const DOCTOR_SHARE_PERIOD_MAX_DAYS = 366;

const tier = z.strictObject({
  /** The month's n-th visit of the doctor from which this rate applies (the first tier starts at 1). */
  fromVisit: numberish(z.number({ error: 'validation.doctorShares.tierFrom' }).int({ error: 'validation.doctorShares.tierFrom' })
    .min(1, { error: 'validation.doctorShares.tierFrom' }).max(100_000, { error: 'validation.doctorShares.tierFrom' })),
  percent: percentSchema,
});

/**
 * POST /api/doctor-shares/rules: a new rule, in effect from `effectiveFrom` (today or later, in the company's time
 * zone: a rule never reaches back). `service` null covers every service of the doctor without a rule of its own.
 */
export const doctorShareRuleInput = z.strictObject({
  doctor: idSchema,
  service: idSchema.nullable().default(null),
  kind: z.enum(DOCTOR_SHARE_RULE_KINDS, { error: 'validation.doctorShares.kind' }),
  /** percent: 0 to 100, up to two decimals. */
  percent: percentSchema.optional(),
  /** fixed: per unit of the line, minor units. */
  fixedAmount: numberish(z.number({ error: 'validation.billing.amountInvalid' }).int({ error: 'validation.billing.amountInvalid' })
    .min(0, { error: 'validation.billing.amountInvalid' }).max(MONEY_MAX, { error: 'validation.billing.amountInvalid' })).optional(),
  /** tiers: ascending by `fromVisit`, the first from visit 1. */
  tiers: z.array(tier).min(1, { error: 'validation.doctorShares.tiers' }).max(DOCTOR_SHARE_TIERS_MAX, { error: 'validation.doctorShares.tiers' }).optional(),
  effectiveFrom: calendarDate('validation.invalidDate'),
  note: z.string({ error: 'validation.invalidType' }).trim().max(500, { error: 'validation.tooLong' }).default(''),
})
  .refine((r) => r.kind !== 'percent' || r.percent !== undefined, { error: 'validation.required', path: ['percent'] })
  .refine((r) => r.kind !== 'fixed' || r.fixedAmount !== undefined, { error: 'validation.required', path: ['fixedAmount'] })
  .refine((r) => r.kind !== 'tiers' || (r.tiers !== undefined && r.tiers[0]?.fromVisit === 1
    && r.tiers.every((t, i, all) => i === 0 || t.fromVisit > all[i - 1]!.fromVisit)), { error: 'validation.doctorShares.tiers', path: ['tiers'] });
export type DoctorShareRuleInput = z.input<typeof doctorShareRuleInput>;
export type DoctorShareRuleValues = z.output<typeof doctorShareRuleInput>;

export const doctorShareRuleRecord = z.object({
  _id: z.string(),
  doctor: refSchema,
  /** Null: every service. */
  service: refSchema.nullable(),
  kind: z.enum(DOCTOR_SHARE_RULE_KINDS),
  percentBasisPoints: z.number().nullable(),
  fixedAmount: z.number().nullable(),
  tiers: z.array(z.object({ fromVisit: z.number(), percentBasisPoints: z.number() })).nullable(),
  effectiveFrom: z.string(),
  /** Whether it applies to visits today (the latest rule in effect for its doctor and service); a later one may follow. */
  inEffect: z.boolean(),
  /** Not yet in effect: it may still be withdrawn. */
  withdrawable: z.boolean(),
  note: z.string(),
  createdBy: refSchema.nullable(),
  createdAt: z.string(),
});
export type DoctorShareRuleRecord = z.infer<typeof doctorShareRuleRecord>;

export const doctorShareRuleListQuery = z.object({ doctor: idSchema.optional() });

/** The rule as one entry applied it (the tier names the rate of the visit's place in its month). */
export const doctorShareApplied = z.object({
  kind: z.enum(DOCTOR_SHARE_RULE_KINDS),
  percentBasisPoints: z.number().nullable(),
  fixedAmount: z.number().nullable(),
  /** tiers: the visit's place in the doctor's month, and the tier's first visit. */
  visitInMonth: z.number().nullable(),
  tierFrom: z.number().nullable(),
});
export type DoctorShareApplied = z.infer<typeof doctorShareApplied>;

export const doctorShareEntryRecord = z.object({
  _id: z.string(),
  /** The day of the close that locked it; null while open. */
  periodDay: z.string().nullable(),
  visitDate: z.string(),
  patient: refSchema,
  invoice: z.object({ _id: z.string(), displayNumber: z.string().nullable() }),
  clinic: refSchema,
  description: z.string(),
  cause: z.enum(DOCTOR_SHARE_CAUSES),
  /** The money taken for the line (tax-inclusive), its net base, and the share: negative for money back. */
  taken: z.number(),
  base: z.number(),
  share: z.number(),
  rule: z.string(),
  applied: doctorShareApplied,
  createdAt: z.string(),
});
export type DoctorShareEntryRecord = z.infer<typeof doctorShareEntryRecord>;

/** GET /api/doctor-shares/statement: one doctor, one period (days of the closes, inclusive). */
export const doctorShareStatementQuery = z.object({
  doctor: idSchema,
  from: calendarDate('validation.invalidDate'),
  to: calendarDate('validation.invalidDate'),
}).refine((q) => q.from <= q.to, { error: 'validation.doctorShares.period', path: ['to'] })
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < DOCTOR_SHARE_PERIOD_MAX_DAYS, { error: 'validation.doctorShares.periodTooLong', path: ['to'] });
export type DoctorShareStatementQuery = z.output<typeof doctorShareStatementQuery>;

export const doctorSharePayoutRecord = z.object({
  _id: z.string(),
  doctor: refSchema,
  periodFrom: z.string(),
  periodTo: z.string(),
  amount: z.number(),
  currency: z.string(),
  method: z.enum(DOCTOR_SHARE_PAYOUT_METHODS),
  reference: z.string(),
  note: z.string(),
  createdBy: refSchema.nullable(),
  createdAt: z.string(),
});
export type DoctorSharePayoutRecord = z.infer<typeof doctorSharePayoutRecord>;

export const doctorShareStatement = z.object({
  doctor: refSchema,
  from: z.string(),
  to: z.string(),
  currency: z.string(),
  minorDigits: z.number(),
  /** Locked entries of the period, by close day then visit. */
  entries: z.array(doctorShareEntryRecord),
  totals: z.object({ visits: z.number(), taken: z.number(), base: z.number(), share: z.number() }),
  /** Payouts recorded against this period, what they add up to, and what is left to pay (share - paid). */
  payouts: z.array(doctorSharePayoutRecord),
  paid: z.number(),
  balance: z.number(),
  /** Earned but not yet locked by a day close (any day): it will fall in the period of the close that locks it. */
  open: z.object({ entries: z.number(), share: z.number() }),
});
export type DoctorShareStatement = z.infer<typeof doctorShareStatement>;

/** POST /api/doctor-shares/payouts: money paid to the doctor against a period's statement, at most its balance. */
export const doctorSharePayoutInput = z.strictObject({
  doctor: idSchema,
  from: calendarDate('validation.invalidDate'),
  to: calendarDate('validation.invalidDate'),
  amount: numberish(z.number({ error: 'validation.billing.amountInvalid' }).int({ error: 'validation.billing.amountInvalid' })
    .min(1, { error: 'validation.billing.amountInvalid' }).max(MONEY_MAX, { error: 'validation.billing.amountInvalid' })),
  method: z.enum(DOCTOR_SHARE_PAYOUT_METHODS, { error: 'validation.invalidValue' }),
  reference: z.string({ error: 'validation.invalidType' }).trim().max(200, { error: 'validation.tooLong' }).default(''),
  note: z.string({ error: 'validation.invalidType' }).trim().max(500, { error: 'validation.tooLong' }).default(''),
}).refine((q) => q.from <= q.to, { error: 'validation.doctorShares.period', path: ['to'] })
  // As long as a statement's period at most: a payout reads the period's locked entries under the doctor's lock.
  .refine((q) => (Date.parse(q.to) - Date.parse(q.from)) / 86_400_000 < DOCTOR_SHARE_PERIOD_MAX_DAYS, { error: 'validation.doctorShares.periodTooLong', path: ['to'] });
export type DoctorSharePayoutInput = z.input<typeof doctorSharePayoutInput>;
export type DoctorSharePayoutValues = z.output<typeof doctorSharePayoutInput>;

/** GET /api/doctor-shares/doctors: the doctors the caller may see the share of (only themselves without the permission). */
export const doctorShareDoctor = z.object({ _id: z.string(), name: z.string(), rules: z.number() });
