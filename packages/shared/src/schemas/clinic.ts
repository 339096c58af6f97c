import { z } from 'zod';
import { DEFAULT_VISIT_MINUTES } from '../constants.js';
import { isValidTimeZone } from '../dates/zone-name.js';
import { idSchema, listQuerySchema, refSchema } from './common.js';
import { versionInput, versionSchema } from './version.js';
import {
  bankAccountRow, cashBoxRow, commercialRecordSchema, contactRow, holidayRow, insuranceRow,
  orgPastDateField, paymentMethodRow, orgRequiredText,
  bankAccountRecord, cashBoxRecord, commercialRecordRecord, contactRecord, holidayRecord, insuranceRecord, paymentMethodRecord,
} from './company.js';
import { locationRecord, locationSchema } from './location.js';
import { firstDayOfWeekSchema, weekendDaysSchema } from './display.js';

/** Weekdays as stored in working hours (the shared contract), Sunday first as the screens list them. */
export const WEEK_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export type WeekDay = (typeof WEEK_DAYS)[number];

export const CLOCK_TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;

/** Minutes since midnight of an 'HH:MM' time. */
export function clockToMinutes(time: string): number {
  const [h = '0', m = '0'] = time.split(':');
  return Number(h) * 60 + Number(m);
}

export function clockTimeField(requiredKey: string) {
  return z
    .string({ error: requiredKey })
    .trim()
    .min(1, { error: requiredKey })
    .refine((v) => v === '' || CLOCK_TIME_RE.test(v), { error: 'validation.org.invalidTime' });
}

export const weekDayField = z.enum(WEEK_DAYS, {
  error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? 'validation.org.dayRequired' : 'validation.org.invalidDay'),
});

export interface TimeRange {
  startTime: string;
  endTime: string;
}

export interface RangeIssue {
  /** Index of the range the issue is reported on. */
  index: number;
  field: 'startTime' | 'endTime';
  message: 'validation.org.endAfterStart' | 'validation.org.slotsOverlap';
}

/**
 * Checks a day's time ranges: each ends after it starts, and none overlaps another
 * (touching ranges such as 09:00-13:00 and 13:00-17:00 are fine). Ranges with malformed times are skipped.
 */
export function timeRangeIssues(ranges: readonly TimeRange[]): RangeIssue[] {
  const issues: RangeIssue[] = [];
  const valid: Array<{ index: number; start: number; end: number }> = [];
  ranges.forEach((r, index) => {
    if (!CLOCK_TIME_RE.test(r.startTime) || !CLOCK_TIME_RE.test(r.endTime)) return;
    const start = clockToMinutes(r.startTime);
    const end = clockToMinutes(r.endTime);
    if (end <= start) issues.push({ index, field: 'endTime', message: 'validation.org.endAfterStart' });
    else valid.push({ index, start, end });
  });
  for (let i = 0; i < valid.length; i++) {
    for (let j = 0; j < i; j++) {
      const a = valid[i]!;
      const b = valid[j]!;
      if (a.start < b.end && b.start < a.end) {
        issues.push({ index: a.index, field: 'startTime', message: 'validation.org.slotsOverlap' });
        break;
      }
    }
  }
  return issues;
}

export const timeSlotRow = z.strictObject({
  startTime: clockTimeField('validation.org.startTimeRequired'),
  endTime: clockTimeField('validation.org.endTimeRequired'),
});

export const workingHoursEntry = z
  .strictObject({
    day: weekDayField,
    timeSlots: z.array(timeSlotRow).min(1, { error: 'validation.org.timeSlotsRequired' }).max(12, { error: 'validation.org.tooManyRows' }),
  })
  .superRefine((entry, ctx) => {
    for (const issue of timeRangeIssues(entry.timeSlots)) {
      ctx.addIssue({ code: 'custom', path: ['timeSlots', issue.index, issue.field], message: issue.message });
    }
  });
export type WorkingHoursEntry = z.output<typeof workingHoursEntry>;

/** Each weekday at most once: several periods of one day are time slots of the same entry. */
function uniqueDays<T extends { day: string }>(entries: readonly T[], ctx: z.RefinementCtx) {
  const seen = new Set<string>();
  entries.forEach((e, i) => {
    if (seen.has(e.day)) ctx.addIssue({ code: 'custom', path: [i, 'day'], message: 'validation.org.duplicateDay' });
    seen.add(e.day);
  });
}

export const clinicWorkingHours = z
  .array(workingHoursEntry, { error: 'validation.org.workingHoursRequired' })
  .min(1, { error: 'validation.org.workingHoursRequired' })
  .max(7, { error: 'validation.org.tooManyRows' })
  .superRefine(uniqueDays);

export const timeZoneField = z
  .string({ error: 'validation.org.invalidTimeZone' })
  .trim()
  .refine(isValidTimeZone, { error: 'validation.org.invalidTimeZone' });

export const MIN_VISIT_MINUTES = 5;
export const MAX_VISIT_MINUTES = 480;

const visitMinutes = z.preprocess(
  (v) => {
    if (typeof v !== 'string') return v;
    const s = v.trim();
    return s === '' ? undefined : Number(s);
  },
  z
    .number({ error: (issue) => (issue.input === undefined ? 'validation.org.averageVisitRequired' : 'validation.org.averageVisitRange') })
    .int({ error: 'validation.org.averageVisitRange' })
    .min(MIN_VISIT_MINUTES, { error: 'validation.org.averageVisitRange' })
    .max(MAX_VISIT_MINUTES, { error: 'validation.org.averageVisitRange' })
    .default(DEFAULT_VISIT_MINUTES),
);

const optionalId = (key: string) =>
  z
    .union([idSchema, z.literal(''), z.null()], { error: key })
    .optional()
    .transform((v) => (v ? v : null));

const ids = z.array(idSchema, { error: 'validation.invalidValue' }).max(100, { error: 'validation.org.tooManyRows' }).default([]);

export const clinicInput = z.strictObject({
  name: orgRequiredText('validation.org.clinicNameRequired', 200),
  isActive: z.boolean({ error: 'validation.invalidBoolean' }).default(true),
  PIC: z.uuid({ error: 'validation.org.picRequired' }),
  AverageDurationOfVisit: visitMinutes,
  /** IANA zone; blank or missing means the organisation's own. */
  timeZone: z.union([z.literal(''), timeZoneField]).optional().transform((v) => v || undefined),
  overview: orgRequiredText('validation.org.overviewRequired', 4000),
  yearOfEstablishment: orgPastDateField('validation.org.establishmentRequired'),
  address: orgRequiredText('validation.org.addressRequired', 300),
  vision: orgRequiredText('validation.org.visionRequired', 2000),
  goals: orgRequiredText('validation.org.goalsRequired', 2000),
  logo: z.union([z.url({ error: 'validation.org.invalidLogoUrl' }), z.literal(''), z.null()]).optional().transform((v) => v || null),
  contactInfos: z.array(contactRow).max(50, { error: 'validation.org.tooManyRows' }).default([]),
  holidays: z.array(holidayRow).max(100, { error: 'validation.org.tooManyRows' }).default([]),
  WorkingHours: clinicWorkingHours,
  bankAccount: z.array(bankAccountRow).max(100, { error: 'validation.org.tooManyRows' }).default([]),
  insuranceCompany: z.array(insuranceRow).max(100, { error: 'validation.org.tooManyRows' }).default([]),
  cashBoxes: z.array(cashBoxRow).max(100, { error: 'validation.org.tooManyRows' }).default([]),
  onlinePaymentMethods: z.array(paymentMethodRow).max(100, { error: 'validation.org.tooManyRows' }).default([]),
  commercialRecord: commercialRecordSchema.nullish().transform((v) => v ?? null),
  locationGoogl: locationSchema,
  departmentId: optionalId('validation.org.departmentNotFound'),
  clinicCollectionId: optionalId('validation.org.complexNotFound'),
  specializations: ids,
  /** 0 (Sunday) .. 6 (Saturday); left out: Sunday for a new clinic, unchanged for an edited one. */
  firstDayOfWeek: firstDayOfWeekSchema.optional(),
  /** Weekend days, 0 (Sunday) .. 6 (Saturday); left out: Friday and Saturday for a new clinic, unchanged when edited. */
  weekendDays: weekendDaysSchema.optional(),
});
export type ClinicInput = z.input<typeof clinicInput>;
export type ClinicValues = z.output<typeof clinicInput>;

/** PUT /api/clinics/{id}: the form plus the version it was loaded with. */
export const clinicUpdateInput = clinicInput.extend({ version: versionInput });
export type ClinicUpdateValues = z.output<typeof clinicUpdateInput>;

export const clinicSortFields = ['_id', 'publicId', 'name', 'isActive', 'createdAt'] as const;
export const clinicListQuery = listQuerySchema(clinicSortFields).extend({
  departmentId: idSchema.optional(),
  clinicCollectionId: idSchema.optional(),
});
export type ClinicListQuery = z.infer<typeof clinicListQuery>;

export const clinicListItem = z.object({
  _id: z.string(),
  publicId: z.string(),
  name: z.string(),
  isActive: z.boolean(),
  PIC: refSchema.nullable(),
  specializations: z.array(refSchema),
  department: refSchema.nullable(),
  clinicCollection: refSchema.nullable(),
  AverageDurationOfVisit: z.number(),
  timeZone: z.string(),
  WorkingHours: z.array(workingHoursEntry),
  /** The clinic's week: its first day and weekend days, 0 (Sunday) .. 6 (Saturday). */
  firstDayOfWeek: z.number(),
  weekendDays: z.array(z.number()),
  createdAt: z.string(),
});
export type ClinicListItem = z.infer<typeof clinicListItem>;

export const clinicRecord = clinicListItem.extend({
  overview: z.string().nullable(),
  yearOfEstablishment: z.string().nullable(),
  address: z.string().nullable(),
  vision: z.string().nullable(),
  goals: z.string().nullable(),
  logo: z.string().nullable(),
  contactInfos: z.array(contactRecord),
  holidays: z.array(holidayRecord),
  bankAccount: z.array(bankAccountRecord),
  insuranceCompany: z.array(insuranceRecord),
  cashBoxes: z.array(cashBoxRecord),
  onlinePaymentMethods: z.array(paymentMethodRecord),
  commercialRecord: commercialRecordRecord.nullable(),
  locationGoogl: locationRecord.nullable(),
  departmentId: z.string().nullable(),
  clinicCollectionId: z.string().nullable(),
  services: z.array(refSchema),
  doctors: z.array(refSchema),
  employees: z.array(refSchema),
  employeeCounts: z.object({ total: z.number(), doctors: z.number() }),
  staffCount: z.number(),
  doctorsCount: z.number(),
  patientsCount: z.number(),
  updatedAt: z.string(),
  version: versionSchema,
});
export type ClinicRecord = z.infer<typeof clinicRecord>;

export const patientCountSchema = z.object({ patientCount: z.number() });
