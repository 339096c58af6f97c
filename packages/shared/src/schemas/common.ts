import { z } from 'zod';
import { normaliseDigits } from './display.js';
import { ALL_DATA_CAP, DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../constants.js';

export const idSchema = z.uuid({ error: 'validation.invalidValue' });
export const idParams = z.object({ id: idSchema });

/** A reference to another record, as the API reads it back. */
export const refSchema = z.object({ _id: z.string(), name: z.string(), publicId: z.string().optional() });
export type Ref = z.infer<typeof refSchema>;

export const paginationSchema = z.object({
  current_page: z.number(),
  items_per_page: z.number(),
  has_next_page: z.boolean(),
  has_previous_page: z.boolean(),
  total_items: z.number(),
  total_pages: z.number(),
  /**
   * False when the list stopped counting: `total_items` is then a lower bound ("1,000+"). Large lists count at most
   * ten pages past the one shown (and at least LIST_COUNT_MIN rows), so a page never waits on counting 200,000 rows.
   */
  total_exact: z.boolean(),
});
export type Pagination = z.infer<typeof paginationSchema>;

export const booleanText = z.enum(['true', 'false'], { error: 'validation.invalidBoolean' }).transform((v) => v === 'true');

const filterFieldsText = z
  .string()
  .max(2000, { error: 'validation.invalidFilter' })
  .transform((text, ctx) => {
    try {
      const value: unknown = JSON.parse(text);
      if (value && typeof value === 'object' && !Array.isArray(value)) {
        const entries = Object.entries(value as Record<string, unknown>).filter(
          ([k, v]) => k !== '__proto__' && k !== 'constructor' && ['string', 'number', 'boolean'].includes(typeof v),
        );
        return Object.fromEntries(entries) as Record<string, string | number | boolean>;
      }
    } catch {
      /* reported below */
    }
    ctx.addIssue({ code: 'custom', message: 'validation.invalidFilter' });
    return z.NEVER;
  });

/**
 * The common list query: page (from 1), limit (5, 10, 15, 20, 30), sortBy (from the entity's own list),
 * order, search, isActive, allData and filter_fields. Unknown parameters are ignored, malformed ones are 422.
 */
export function listQuerySchema<const S extends readonly [string, ...string[]]>(sortFields: S) {
  return z.object({
    page: z.coerce.number({ error: 'validation.invalidPage' }).int({ error: 'validation.invalidPage' }).min(0, { error: 'validation.invalidPage' }).max(1_000_000, { error: 'validation.invalidPage' }).default(1),
    limit: z.coerce
      .number({ error: 'validation.invalidLimit' })
      .int({ error: 'validation.invalidLimit' })
      .refine((n) => n === 0 || (PAGE_SIZES as readonly number[]).includes(n), { error: 'validation.invalidLimit' })
      .default(DEFAULT_PAGE_SIZE),
    sortBy: z.enum(sortFields, { error: 'errors.sortField' }).default(sortFields[0]),
    order: z.enum(['asc', 'desc'], { error: 'validation.invalidOrder' }).default('desc'),
    // Control characters (a NUL above all) are no part of anything searched for, and the database refuses a NUL.
    search: z.string().trim().max(100, { error: 'validation.tooLong' })
      .refine((text) => ![...text].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f), { error: 'validation.invalidValue' }).optional(),
    isActive: booleanText.optional(),
    allData: booleanText.optional(),
    filter_fields: filterFieldsText.optional(),
  });
}

/** Only the paging part of the list query (page, limit, allData), for a list with its own fixed order and filters. */
export const pageQuerySchema = listQuerySchema(['_id'] as const).pick({ page: true, limit: true, allData: true });

/** Page window for a list query: `allData` returns up to ALL_DATA_CAP rows from the start. */
export function pageWindow(q: { page: number; limit: number; allData?: boolean | undefined }) {
  if (q.allData) return { page: 1, limit: ALL_DATA_CAP, offset: 0 };
  const page = Math.max(1, q.page);
  const limit = q.limit === 0 ? DEFAULT_PAGE_SIZE : q.limit;
  return { page, limit, offset: (page - 1) * limit };
}

export function buildPagination(page: number, limit: number, total: number, exact = true): Pagination {
  const totalPages = Math.max(1, Math.ceil(total / limit));
  return {
    current_page: page,
    items_per_page: limit,
    has_next_page: page < totalPages || !exact,
    has_previous_page: page > 1,
    total_items: total,
    total_pages: totalPages,
    total_exact: exact,
  };
}

/** Large lists count their matches up to this many at least (see `Pagination.total_exact`)... */
export const LIST_COUNT_MIN = 1000;
/** ...a text search up to this many (each match is checked against the row, and "100+" says: narrow it down)... */
export const SEARCH_COUNT_MIN = 100;
/** ...and both up to this many pages past the page shown. */
export const LIST_COUNT_PAGES_AHEAD = 10;

/** Where a bounded count stops for a page window. */
export function listCountCap(w: { offset: number; limit: number }, min = LIST_COUNT_MIN): number {
  return Math.max(min, w.offset + w.limit * LIST_COUNT_PAGES_AHEAD);
}

export interface ApiSuccess<T> { success: true; message?: string; data: T }
export interface ApiList<T> { success: true; message?: string; data: T[]; pagination: Pagination }
export interface ApiErrorBody {
  success: false;
  message: { message: string; code: string; fields?: Record<string, string> };
}

/** Response schema helpers for route definitions (feeds serialisation and OpenAPI). */
export function okSchema<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), message: z.string().optional(), data });
}
export function listSchema<T extends z.ZodType>(item: T) {
  return z.object({ success: z.literal(true), message: z.string().optional(), data: z.array(item), pagination: paginationSchema });
}
export const messageOnlySchema = z.object({ success: z.literal(true), message: z.string().optional() });

/**
 * Multipart forms send every value as text: these accept both the typed value (JSON, forms)
 * and its text form ('true', '42'); an empty text means "not given".
 */
export const boolish = z.preprocess(
  (v) => (v === 'true' ? true : v === 'false' ? false : v),
  z.boolean({ error: 'validation.invalidBoolean' }),
);
export function numberish<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => {
    if (typeof v !== 'string') return v;
    const s = normaliseDigits(v).trim();
    if (s === '') return undefined;
    const n = Number(s);
    return Number.isFinite(n) ? n : v;
  }, schema);
}
/** The one message of every percentage field. */
export const PERCENT_MESSAGE = 'validation.percentRange';

/**
 * A percentage: a number from 0 to 100 with at most two decimals (one basis point); numeric text, Arabic-Indic digits
 * included, is read as a number. Every percentage of the product (VAT rate, insurer coverage, card and online
 * processing fees) is this rule, with this message; the database holds the same range (migration percent_checks).
 */
export const percentSchema = numberish(
  z.number({ error: PERCENT_MESSAGE }).min(0, { error: PERCENT_MESSAGE }).max(100, { error: PERCENT_MESSAGE })
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, { error: PERCENT_MESSAGE }),
);
/** A file as records read it back: a signed relative URL, the original name, type and size. */
export const fileRefSchema = z.object({ _id: z.string(), name: z.string(), mimeType: z.string(), size: z.number(), url: z.string() });
export type FileRef = z.infer<typeof fileRefSchema>;
