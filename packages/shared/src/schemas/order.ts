import { z } from 'zod';
import {
  analyteRangeProblem, ORDER_KINDS, ORDER_PRIORITIES, ORDER_STATUSES,
} from '../clinical/orders.js';
import { VITAL_FLAGS } from '../clinical/vitals.js';
import { booleanText, fileRefSchema, idSchema, listQuerySchema, numberish, pageQuerySchema, refSchema } from './common.js';
import { versionInput, versionSchema } from './version.js';

/** Lab and imaging orders: the clinic's order catalogue, orders, their results and acknowledgement. */

export const ORDER_ITEMS_MAX = 20;
export const ANALYTES_MAX = 30;
export const ORDER_NOTES_MAX = 1000;
/** The largest magnitude a result or a range bound may have. */
export const RESULT_VALUE_MAX = 1_000_000;

const text = (max: number, required: string) => z.string({ error: required }).trim().min(1, { error: required }).max(max, { error: 'validation.tooLong' });
const bound = numberish(z.number({ error: 'validation.orders.boundInvalid' }).min(-RESULT_VALUE_MAX, { error: 'validation.orders.boundInvalid' })
  .max(RESULT_VALUE_MAX, { error: 'validation.orders.boundInvalid' })).nullable().optional();

/** One analyte of a lab test: its code, names, unit, reference range and critical limits (any bound may be absent). */
export const analyteInput = z.strictObject({
  code: text(40, 'validation.orders.codeRequired').regex(/^[A-Za-z0-9._-]+$/, { error: 'validation.orders.codeInvalid' }),
  nameEn: text(200, 'validation.orders.nameRequired'),
  nameAr: text(200, 'validation.orders.nameRequired'),
  unit: z.string().trim().max(30, { error: 'validation.tooLong' }).default(''),
  low: bound, high: bound, criticalLow: bound, criticalHigh: bound,
}).superRefine((a, ctx) => {
  const problem = analyteRangeProblem({ low: a.low ?? null, high: a.high ?? null, criticalLow: a.criticalLow ?? null, criticalHigh: a.criticalHigh ?? null });
  if (problem) ctx.addIssue({ code: 'custom', path: ['high'], message: problem });
});
export type AnalyteInput = z.input<typeof analyteInput>;

export const analyteSchema = z.object({
  code: z.string(), nameEn: z.string(), nameAr: z.string(), unit: z.string(),
  low: z.number().nullable(), high: z.number().nullable(), criticalLow: z.number().nullable(), criticalHigh: z.number().nullable(),
});
export type Analyte = z.infer<typeof analyteSchema>;

const analytes = z.array(analyteInput).max(ANALYTES_MAX, { error: 'validation.orders.tooManyAnalytes' }).superRefine((list, ctx) => {
  const seen = new Set<string>();
  list.forEach((a, i) => {
    const key = a.code.toUpperCase();
    if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [i, 'code'], message: 'validation.orders.analyteDuplicate' });
    seen.add(key);
  });
});

const catalogueFields = {
  code: text(40, 'validation.orders.codeRequired').regex(/^[A-Za-z0-9._-]+$/, { error: 'validation.orders.codeInvalid' }),
  nameEn: text(200, 'validation.orders.nameRequired'),
  nameAr: text(200, 'validation.orders.nameRequired'),
  kind: z.enum(ORDER_KINDS, { error: 'validation.orders.kindInvalid' }),
  analytes: analytes.default([]),
};
const imagingHasNoAnalytes = (v: { kind?: string | undefined; analytes?: unknown[] | undefined }, ctx: z.RefinementCtx) => {
  if (v.kind === 'imaging' && v.analytes?.length) ctx.addIssue({ code: 'custom', path: ['analytes'], message: 'validation.orders.imagingAnalytes' });
};

/** A test or study added to a clinic's catalogue. */
export const catalogueItemInput = z.strictObject({ clinic: idSchema, ...catalogueFields }).superRefine(imagingHasNoAnalytes);
export type CatalogueItemInput = z.input<typeof catalogueItemInput>;
/** A change to a catalogue entry (its clinic stays); `isActive: false` takes it out of use (entries are never deleted). */
export const catalogueItemUpdate = z.strictObject({
  code: catalogueFields.code.optional(), nameEn: catalogueFields.nameEn.optional(), nameAr: catalogueFields.nameAr.optional(),
  analytes: analytes.optional(), isActive: z.boolean({ error: 'validation.invalidBoolean' }).optional(), version: versionInput,
});
export type CatalogueItemUpdate = z.input<typeof catalogueItemUpdate>;

export const catalogueItemRecord = z.object({
  _id: z.string(), clinic: refSchema, code: z.string(), nameEn: z.string(), nameAr: z.string(), kind: z.enum(ORDER_KINDS),
  analytes: z.array(analyteSchema), isActive: z.boolean(), createdAt: z.string(), updatedAt: z.string(), version: versionSchema,
});
export type CatalogueItemRecord = z.infer<typeof catalogueItemRecord>;

export const catalogueListQuery = listQuerySchema(['name', 'code', 'createdAt'] as const).extend({
  order: z.enum(['asc', 'desc'], { error: 'validation.invalidOrder' }).default('asc'),
  clinic: idSchema.optional(),
  kind: z.enum(ORDER_KINDS, { error: 'validation.orders.kindInvalid' }).optional(),
});
export type CatalogueListQuery = z.infer<typeof catalogueListQuery>;

// ---------------------------------------------------------------------------------------------------------
// Orders

/** A new order: tests or studies of one kind from the clinic's catalogue. The ordering doctor is the caller. */
export const orderCreateInput = z.strictObject({
  clinic: idSchema,
  encounter: idSchema.optional(),
  items: z.array(idSchema, { error: 'validation.orders.itemsRequired' }).min(1, { error: 'validation.orders.itemsRequired' })
    .max(ORDER_ITEMS_MAX, { error: 'validation.orders.tooManyItems' })
    .refine((ids) => new Set(ids).size === ids.length, { error: 'validation.orders.itemDuplicate' }),
  priority: z.enum(ORDER_PRIORITIES, { error: 'validation.orders.priorityInvalid' }).default('routine'),
  notes: z.string().trim().max(ORDER_NOTES_MAX, { error: 'validation.tooLong' }).default(''),
});
export type OrderCreateInput = z.input<typeof orderCreateInput>;

export const orderVersionInput = z.strictObject({ version: versionInput });
export const orderCancelInput = z.strictObject({
  reason: text(500, 'validation.orders.reasonRequired'),
  version: versionInput,
});
export type OrderCancelInput = z.input<typeof orderCancelInput>;

/** The full order number as the lab types it (checked against the whole number on the server). */
const orderNumberField = z.string({ error: 'validation.orders.numberRequired' }).trim().min(1, { error: 'validation.orders.numberRequired' }).max(40, { error: 'validation.orders.numberUnknown' });
export const orderNumberQuery = z.object({ number: orderNumberField });

/** Results per analyte, entered against the full order number. */
export const resultEntryInput = z.strictObject({
  number: orderNumberField,
  values: z.array(z.strictObject({
    item: idSchema,
    analyte: z.string().trim().min(1, { error: 'validation.invalidValue' }).max(40, { error: 'validation.invalidValue' }),
    value: numberish(z.number({ error: 'validation.orders.valueInvalid' }).min(-RESULT_VALUE_MAX, { error: 'validation.orders.valueInvalid' })
      .max(RESULT_VALUE_MAX, { error: 'validation.orders.valueInvalid' })),
  })).min(1, { error: 'validation.orders.valuesRequired' }).max(ORDER_ITEMS_MAX * ANALYTES_MAX, { error: 'validation.invalidValue' }),
  note: z.string().trim().max(ORDER_NOTES_MAX, { error: 'validation.tooLong' }).default(''),
});
export type ResultEntryInput = z.input<typeof resultEntryInput>;
/** The text fields of a result document (multipart with `file`). */
export const resultDocumentInput = z.object({
  number: orderNumberField,
  note: z.string().trim().max(ORDER_NOTES_MAX, { error: 'validation.tooLong' }).default(''),
});

export const resultSchema = z.object({
  item: z.string(), analyte: z.string(), nameEn: z.string(), nameAr: z.string(), value: z.number(), unit: z.string(),
  low: z.number().nullable(), high: z.number().nullable(), criticalLow: z.number().nullable(), criticalHigh: z.number().nullable(),
  flag: z.enum(VITAL_FLAGS),
});
export type OrderResult = z.infer<typeof resultSchema>;

export const orderItemSchema = z.object({
  _id: z.string(), catalogueItem: z.string(), code: z.string(), nameEn: z.string(), nameAr: z.string(), analytes: z.array(analyteSchema),
});

const stamp = z.object({ at: z.string(), by: refSchema.nullable() }).nullable();
export const orderRecord = z.object({
  _id: z.string(),
  number: z.string(),
  kind: z.enum(ORDER_KINDS),
  patient: refSchema,
  doctor: refSchema,
  clinic: refSchema,
  encounter: z.string().nullable(),
  priority: z.enum(ORDER_PRIORITIES),
  notes: z.string(),
  status: z.enum(ORDER_STATUSES),
  items: z.array(orderItemSchema),
  ordered: z.object({ at: z.string(), by: refSchema.nullable() }),
  collected: stamp,
  resulted: stamp,
  cancelled: stamp,
  cancelReason: z.string(),
  results: z.array(resultSchema),
  resultNote: z.string(),
  resultDocument: fileRefSchema.nullable(),
  /** Any result flagged low, high or critical. */
  abnormal: z.boolean(),
  acknowledged: stamp,
  version: versionSchema,
  /**
   * True in a patient's list: placed at another doctor's sensitive encounter, shown masked (no tests, results, notes,
   * cancel reason or result document; the same id, number, status, stamps and encounter) to a reader without a
   * break-the-glass grant for it. Read by its id, such an order is refused (403 SENSITIVE_NOTE) instead.
   */
  restricted: z.boolean().optional(),
});
export type OrderRecord = z.infer<typeof orderRecord>;

export const patientOrderListQuery = pageQuerySchema.extend({ encounter: idSchema.optional() });
export type PatientOrderListQuery = z.infer<typeof patientOrderListQuery>;
/** The ordering doctor's results not yet acknowledged, abnormal first (`abnormalOnly`: those alone). */
export const resultsToReviewQuery = pageQuerySchema.extend({ abnormalOnly: booleanText.optional() });
export type ResultsToReviewQuery = z.infer<typeof resultsToReviewQuery>;
