import { z } from 'zod';
import { DIGIT_STYLES, HIJRI_MODES, normaliseDigits, START_SCREENS } from '../dates/display-format.js';

/* The zod schemas of the display settings; the settings themselves and their formatting are in dates/display-format.ts. */
export * from '../dates/display-format.js';

/** A zod preprocessor: strings have their digits normalised before `schema` reads them; other values pass. */
export function westernDigits<T extends z.ZodType>(schema: T) {
  return z.preprocess((v: z.input<T>) => (typeof v === 'string' ? normaliseDigits(v) : v), schema);
}

export const hijriModeSchema = z.enum(HIJRI_MODES, { error: 'validation.display.hijriMode' });
export const digitStyleSchema = z.enum(DIGIT_STYLES, { error: 'validation.display.digits' });
const weekday = z.number({ error: 'validation.display.weekday' }).int({ error: 'validation.display.weekday' }).min(0, { error: 'validation.display.weekday' }).max(6, { error: 'validation.display.weekday' });
export const firstDayOfWeekSchema = westernDigits(z.preprocess((v) => (typeof v === 'string' && /^\d$/.test(v.trim()) ? Number(v) : v), weekday));
/** Up to six distinct days (a clinic open on no day of the week has no week to show). */
export const weekendDaysSchema = z
  .array(weekday, { error: 'validation.display.weekday' })
  .max(6, { error: 'validation.display.weekendAllWeek' })
  .refine((days) => new Set(days).size === days.length, { error: 'validation.display.weekendRepeated' })
  .transform((days) => [...days].sort((a, b) => a - b));

export const startScreenSchema = z.enum(START_SCREENS, { error: 'validation.display.startScreen' });

/**
 * PUT /api/profile/preferences: the caller's own Hijri setting (null: the company's), digits, and the screen they
 * start on (null: the one their permissions suggest; left out: unchanged).
 */
export const preferencesInput = z.strictObject({
  hijriMode: hijriModeSchema.nullable(),
  digits: digitStyleSchema,
  startScreen: startScreenSchema.nullable().optional(),
});

/** PUT /api/profile/clinic: the clinic the caller last chose on the board, calendar, cash boxes or My day. */
export const clinicChoiceInput = z.strictObject({
  clinicId: z.uuid({ error: 'validation.display.clinic' }),
});
export type ClinicChoiceInput = z.infer<typeof clinicChoiceInput>;
export type PreferencesInput = z.infer<typeof preferencesInput>;

/**
 * What the session carries: the effective Hijri mode, the user's override (null: none), the company's, the digits,
 * the chosen start screen (null: by permissions) and the clinic to open first (the last one chosen, else the first
 * clinic the user works at; null: none of those, the first clinic on the list).
 */
export const preferencesSchema = z.object({
  hijriMode: hijriModeSchema,
  hijriModeOverride: hijriModeSchema.nullable(),
  companyHijriMode: hijriModeSchema,
  digits: digitStyleSchema,
  startScreen: startScreenSchema.nullable().default(null),
  clinicId: z.string().nullable().default(null),
});
export type Preferences = z.infer<typeof preferencesSchema>;
