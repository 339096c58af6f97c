import { z } from 'zod';
import { idSchema, listQuerySchema, refSchema } from './common.js';
import { versionInput, versionSchema } from './version.js';
import { clockTimeField, timeRangeIssues, weekDayField } from './clinic.js';
import {
  bankAccountRow, cashBoxRow, commercialRecordSchema, contactRow, orgEmailField, holidayRow, insuranceRow, orgOptionalText,
  orgPastDateField, paymentMethodRow, orgPhoneField, orgRequiredText,
  bankAccountRecord, cashBoxRecord, commercialRecordRecord, contactRecord, holidayRecord, insuranceRecord, paymentMethodRecord,
} from './company.js';
import { locationRecord, locationSchema } from './location.js';

/** Medical complex (the API's "cliniccollections"). */

export const workingDayRow = z.strictObject({
  day: weekDayField,
  startTime: clockTimeField('validation.org.startTimeRequired'),
  endTime: clockTimeField('validation.org.endTimeRequired'),
});

/** Opening periods of a complex: a day may have several, which must not overlap. */
export const complexWorkingDays = z
  .array(workingDayRow)
  .max(50, { error: 'validation.org.tooManyRows' })
  .default([])
  .superRefine((rows, ctx) => {
    const byDay = new Map<string, number[]>();
    rows.forEach((r, i) => byDay.set(r.day, [...(byDay.get(r.day) ?? []), i]));
    for (const indexes of byDay.values()) {
      for (const issue of timeRangeIssues(indexes.map((i) => rows[i]!))) {
        ctx.addIssue({ code: 'custom', path: [indexes[issue.index]!, issue.field], message: issue.message });
      }
    }
  });

const optionalUrl = (key: string) =>
  z
    .union([z.url({ error: key, protocol: /^https?$/ }), z.literal(''), z.null()], { error: key })
    .optional()
    .transform((v) => v || null);

export const complexInput = z.strictObject({
  name: orgRequiredText('validation.org.complexNameRequired', 200),
  isActive: z.boolean({ error: 'validation.invalidBoolean' }).default(true),
  PIC: z.uuid({ error: 'validation.org.picRequired' }),
  phone: orgPhoneField('validation.org.phoneRequired'),
  email: orgEmailField('validation.org.emailRequired'),
  website: optionalUrl('validation.org.invalidWebsite'),
  country: orgRequiredText('validation.org.countryRequired', 100),
  stateProvince: orgOptionalText(100),
  zipCode: orgOptionalText(20),
  address: orgRequiredText('validation.org.addressRequired', 300),
  yearOfEstablishment: orgPastDateField('validation.org.establishmentRequired'),
  overview: orgRequiredText('validation.org.overviewRequired', 4000),
  policies: orgRequiredText('validation.org.policiesRequired', 4000),
  vision: orgRequiredText('validation.org.visionRequired', 2000),
  goals: orgRequiredText('validation.org.goalsRequired', 2000),
  details: orgOptionalText(4000),
  logo: optionalUrl('validation.org.invalidLogoUrl'),
  contactInfos: z.array(contactRow).max(50, { error: 'validation.org.tooManyRows' }).default([]),
  holidays: z.array(holidayRow).max(100, { error: 'validation.org.tooManyRows' }).default([]),
  workingDays: complexWorkingDays,
  bankAccount: z.array(bankAccountRow).max(100, { error: 'validation.org.tooManyRows' }).default([]),
  insuranceCompany: z.array(insuranceRow).max(100, { error: 'validation.org.tooManyRows' }).default([]),
  cashBoxes: z.array(cashBoxRow).max(100, { error: 'validation.org.tooManyRows' }).nullish().transform((v) => v ?? []),
  onlinePaymentMethods: z.array(paymentMethodRow).max(100, { error: 'validation.org.tooManyRows' }).default([]),
  commercialRecord: commercialRecordSchema.nullish().transform((v) => v ?? null),
  locationGoogl: locationSchema,
  specializations: z.array(idSchema, { error: 'validation.invalidValue' }).max(100, { error: 'validation.org.tooManyRows' }).default([]),
});
export type ComplexInput = z.input<typeof complexInput>;
export type ComplexValues = z.output<typeof complexInput>;

/** PUT /api/cliniccollections/{id}: the form plus the version it was loaded with. */
export const complexUpdateInput = complexInput.extend({ version: versionInput });
export type ComplexUpdateValues = z.output<typeof complexUpdateInput>;

export const complexSortFields = ['_id', 'publicId', 'name', 'isActive', 'createdAt'] as const;
export const complexListQuery = listQuerySchema(complexSortFields);
export type ComplexListQuery = z.infer<typeof complexListQuery>;

export const complexListItem = z.object({
  _id: z.string(),
  publicId: z.string(),
  name: z.string(),
  PIC: refSchema.nullable(),
  isActive: z.boolean(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  country: z.string().nullable(),
  clinicsCount: z.number(),
  departmentsCount: z.number(),
  createdAt: z.string(),
});
export type ComplexListItem = z.infer<typeof complexListItem>;

export const complexRecord = complexListItem.extend({
  website: z.string().nullable(),
  stateProvince: z.string().nullable(),
  zipCode: z.string().nullable(),
  address: z.string().nullable(),
  yearOfEstablishment: z.string().nullable(),
  overview: z.string().nullable(),
  policies: z.string().nullable(),
  vision: z.string().nullable(),
  goals: z.string().nullable(),
  details: z.string().nullable(),
  logo: z.string().nullable(),
  contactInfos: z.array(contactRecord),
  holidays: z.array(holidayRecord),
  workingDays: z.array(workingDayRow),
  bankAccount: z.array(bankAccountRecord),
  insuranceCompany: z.array(insuranceRecord),
  cashBoxes: z.array(cashBoxRecord),
  onlinePaymentMethods: z.array(paymentMethodRecord),
  commercialRecord: commercialRecordRecord.nullable(),
  locationGoogl: locationRecord.nullable(),
  companyId: z.string(),
  patientsCount: z.number(),
  doctorsCount: z.number(),
  staffCount: z.number(),
  departments: z.array(refSchema),
  clinics: z.array(refSchema),
  /** Specialities of the complex itself and of its clinics. */
  specializations: z.array(refSchema),
  /** The complex's own specialities (the form's choice). */
  specializationIds: z.array(z.string()),
  doctors: z.array(refSchema),
  staff: z.array(refSchema),
  updatedAt: z.string(),
  version: versionSchema,
});
export type ComplexRecord = z.infer<typeof complexRecord>;
