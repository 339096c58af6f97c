import { z } from 'zod';
import { DOSE_UNITS, FREQUENCY_CODES, MEDICATION_ROUTES } from '../clinical/medications.js';
import { VITALS } from '../clinical/vitals.js';
import { allergyStateSchema } from './allergy.js';
import { numberish, refSchema } from './common.js';
import { instantInRange } from './dates.js';

/**
 * The patient's chart: one timeline of the clinical record, newest first. Entries of every kind are ordered by
 * (time desc, kind in CHART_KINDS order, id desc); a page ends with a cursor naming its last entry, and the next page
 * starts strictly after it, so paging never repeats or skips an entry whatever is recorded meanwhile.
 */
export const CHART_KINDS = ['encounter', 'vitals', 'diagnosis', 'problem', 'allergy', 'medication', 'document', 'prescription', 'order', 'result'] as const;
export type ChartKind = (typeof CHART_KINDS)[number];
export const CHART_LIMIT_MAX = 100;
export const CHART_LIMIT_DEFAULT = 30;

/** Where the chart resumes: the last entry's time (ISO, microseconds, UTC), kind and id. */
export interface ChartCursor { at: string; kind: ChartKind; id: string }

const CURSOR_AT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function base64url(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let bin = '';
  for (const b of bytes) bin += String.fromCharCode(b);
  return btoa(bin).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64url(text: string): string | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(text)) return null;
  try {
    return atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return null;
  }
}

export function encodeChartCursor(c: ChartCursor): string {
  return base64url(`${c.at}|${c.kind}|${c.id}`);
}

/** The cursor a page answered, or null when the text is not one (a bad cursor is a field error, never a 500). */
export function decodeChartCursor(text: string): ChartCursor | null {
  const parts = fromBase64url(text)?.split('|');
  if (parts?.length !== 3) return null;
  const [at, kind, id] = parts as [string, string, string];
  if (!CURSOR_AT.test(at) || !Number.isFinite(Date.parse(at)) || !UUID.test(id)) return null;
  if (!(CHART_KINDS as readonly string[]).includes(kind)) return null;
  return { at, kind: kind as ChartKind, id: id.toLowerCase() };
}

/** Sorts entries the chart's way: newest first, then by kind, then by id (descending). */
export function compareChartOrder(a: ChartCursor, b: ChartCursor): number {
  if (a.at !== b.at) return a.at < b.at ? 1 : -1;
  const ka = CHART_KINDS.indexOf(a.kind);
  const kb = CHART_KINDS.indexOf(b.kind);
  if (ka !== kb) return ka - kb;
  return a.id === b.id ? 0 : a.id < b.id ? 1 : -1;
}

const kindsText = z.string({ error: 'validation.chart.kindInvalid' }).max(200, { error: 'validation.chart.kindInvalid' })
  .transform((text, ctx) => {
    const kinds = [...new Set(text.split(',').map((k) => k.trim()).filter(Boolean))];
    if (kinds.length === 0 || kinds.some((k) => !(CHART_KINDS as readonly string[]).includes(k))) {
      ctx.addIssue({ code: 'custom', message: 'validation.chart.kindInvalid' });
      return z.NEVER;
    }
    return kinds as ChartKind[];
  });

const cursorText = z.string({ error: 'validation.chart.cursorInvalid' }).transform((text, ctx) => {
  const cursor = decodeChartCursor(text);
  if (!cursor) {
    ctx.addIssue({ code: 'custom', message: 'validation.chart.cursorInvalid' });
    return z.NEVER;
  }
  return cursor;
});

const instant = instantInRange('validation.chart.dateInvalid').optional();
const limitError = { error: 'validation.invalidLimit' };

/** GET /api/patients/:id/chart: kinds (comma-separated), a time range, the cursor of the page before, the page size. */
export const chartQuery = z.object({
  kinds: kindsText.optional(),
  from: instant,
  to: instant,
  cursor: cursorText.optional(),
  limit: numberish(z.number(limitError).int(limitError).min(1, limitError).max(CHART_LIMIT_MAX, limitError)).default(CHART_LIMIT_DEFAULT),
}).superRefine((q, ctx) => {
  if (q.from && q.to && Date.parse(q.from) > Date.parse(q.to)) ctx.addIssue({ code: 'custom', path: ['to'], message: 'validation.chart.rangeReversed' });
});
export type ChartQuery = z.output<typeof chartQuery>;

/** Where an entry opens: the encounter, a part of the patient's page, or a document (downloaded). */
export const chartLinkSchema = z.object({ page: z.enum(['encounter', 'patient', 'document']), id: z.string(), url: z.string().optional() });

/**
 * One measurement of a vitals entry: the value in the unit it was entered in ("lb" when weighed in pounds), rounded as
 * that unit is shown (`displayDecimals`), as the vitals card shows it.
 */
export const chartVitalSchema = z.object({ vital: z.enum(VITALS), value: z.number(), unit: z.string() });
export type ChartVital = z.infer<typeof chartVitalSchema>;

export const chartEntrySchema = z.object({
  kind: z.enum(CHART_KINDS),
  _id: z.string(),
  /** When it happened (ISO). */
  at: z.string(),
  /** The record's own title, in both languages where the data has both (`ar` null: one language); null: the kind's name. */
  title: z.object({ en: z.string(), ar: z.string().nullable() }).nullable(),
  /** A short language-neutral detail, a code or free text: a diagnosis's code, a reaction, a prescription's or order's number. */
  detail: z.string().nullable(),
  /** Vitals only: the main measurements, as fields the client writes in its own language. */
  vitals: z.array(chartVitalSchema).optional(),
  /** Medications only: the strength and the form as recorded ('' where none), for the client to translate. */
  medication: z.object({ strength: z.string(), form: z.string() }).optional(),
  /** The record's state where it has one (primary, active, resolved, stopped, entered_in_error, ...). */
  status: z.string().nullable(),
  author: refSchema.nullable(),
  link: chartLinkSchema,
  /** Encounters only: the note's state and how many addenda it has (never its content). */
  encounter: z.object({ state: z.enum(['draft', 'signed']), addenda: z.number().int() }).nullable(),
  /**
   * True: recorded at another doctor's sensitive encounter, shown masked (no title, no detail; the same id, time and
   * link, so the entry is never silently missing). Opening its encounter with a reason (break-the-glass) shows it for
   * the grant's shift.
   */
  restricted: z.boolean().optional(),
});
export type ChartEntry = z.infer<typeof chartEntrySchema>;

/** A page of the chart: its entries and the cursor of the next page (null: this was the last). */
export const chartPageSchema = z.object({ success: z.literal(true), data: z.array(chartEntrySchema), nextCursor: z.string().nullable() });
export type ChartPage = z.infer<typeof chartPageSchema>;

/** The clinical part of the printed patient summary: active problems, the allergy state, current medications. */
export const recordSummarySchema = z.object({
  /** A problem made by another doctor's sensitive encounter is listed `restricted`, without its code and titles. */
  problems: z.array(z.object({
    _id: z.string(), code: z.string().nullable(), titleEn: z.string().nullable(), titleAr: z.string().nullable(), onsetDate: z.string().nullable(),
    restricted: z.boolean(),
  })),
  allergies: allergyStateSchema,
  /** A medication recorded at another doctor's sensitive encounter is listed `restricted`, without name, strength, form and dose. */
  medications: z.array(z.object({
    _id: z.string(), name: z.string(), strength: z.string(), form: z.string(), dose: z.number().nullable(), unit: z.enum(DOSE_UNITS).nullable(),
    route: z.enum(MEDICATION_ROUTES), frequency: z.enum(FREQUENCY_CODES), startDate: z.string(), restricted: z.boolean(),
  })),
});
export type RecordSummary = z.infer<typeof recordSummarySchema>;
