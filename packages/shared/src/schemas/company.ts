import { z } from 'zod';
import { hijriModeSchema, westernDigits } from './display.js';
import { fileRefSchema, numberish, percentSchema } from './common.js';
import { calendarDateCheck, isCalendarDate } from './dates.js';
import { versionInput, versionSchema } from './version.js';
import { locationRecord, locationSchema } from './location.js';

/*
 * The company profile, and the building blocks every organisation form shares (contact infos,
 * holidays, financial tables, commercial record). Messages are i18n keys.
 */

/** Today's date where the day starts first on Earth (UTC+14), so nobody's "today" counts as the future. */
export function latestToday(now: Date = new Date()): string {
  return new Date(now.getTime() + 14 * 3600_000).toISOString().slice(0, 10);
}

export function orgRequiredText(key: string, max = 500) {
  return z.string({ error: key }).trim().min(1, { error: key }).max(max, { error: 'validation.tooLong' });
}

/** Optional text: missing, null and blank all mean "not given" (null). */
export function orgOptionalText(max = 500) {
  return z
    .string({ error: 'validation.invalidType' })
    .trim()
    .max(max, { error: 'validation.tooLong' })
    .nullish()
    .transform((v) => (v ? v : null));
}

export function orgDateField(requiredKey: string) {
  return westernDigits(z
    .string({ error: requiredKey })
    .trim()
    .min(1, { error: requiredKey })
    .superRefine((v, ctx) => {
      if (v !== '') calendarDateCheck()(v, ctx);
    }));
}

/** A date that has already happened (establishment dates). */
export function orgPastDateField(requiredKey: string) {
  return orgDateField(requiredKey).refine((v) => !isCalendarDate(v) || v <= latestToday(), {
    error: 'validation.org.establishmentInFuture',
  });
}

const PHONE_CHARS = /^\+?[\d\s()-]+$/;
/** 10 to 15 digits; spaces, dashes, brackets and a leading + are allowed between them. */
export function isOrgPhoneNumber(text: string): boolean {
  if (!PHONE_CHARS.test(text)) return false;
  const digits = text.replace(/\D/g, '').length;
  return digits >= 10 && digits <= 15;
}

export const ORG_EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function orgPhoneField(requiredKey: string) {
  return westernDigits(z
    .string({ error: requiredKey })
    .trim()
    .min(1, { error: requiredKey })
    .refine((v) => v === '' || isOrgPhoneNumber(v), { error: 'validation.org.invalidPhone' }));
}

export function orgEmailField(requiredKey: string, invalidKey = 'validation.invalidEmail') {
  return z
    .string({ error: requiredKey })
    .trim()
    .min(1, { error: requiredKey })
    .max(200, { error: 'validation.tooLong' })
    .refine((v) => v === '' || ORG_EMAIL_RE.test(v), { error: invalidKey });
}

/** Optional e-mail: blank means not given. */
export function orgOptionalEmail(invalidKey = 'validation.invalidEmail') {
  return orgOptionalText(200).refine((v) => v === null || ORG_EMAIL_RE.test(v), { error: invalidKey });
}

export const CONTACT_TYPES = ['email', 'phone'] as const;
export type ContactType = (typeof CONTACT_TYPES)[number];

/** The value must be an e-mail address or a phone number, by the row's type. */
function checkContactValue(row: { type: string; value: string }, ctx: z.RefinementCtx) {
  if (!row.value) return;
  if (row.type === 'email' && !ORG_EMAIL_RE.test(row.value)) {
    ctx.addIssue({ code: 'custom', path: ['value'], message: 'validation.invalidEmail' });
  }
  if (row.type === 'phone' && !isOrgPhoneNumber(row.value)) {
    ctx.addIssue({ code: 'custom', path: ['value'], message: 'validation.org.invalidPhone' });
  }
}

const contactTypeField = z.enum(CONTACT_TYPES, {
  error: (issue) => (issue.input === undefined || issue.input === null || issue.input === '' ? 'validation.org.contactTypeRequired' : 'validation.org.invalidContactType'),
});

/** Company contact row: the edit table also names a person (name, e-mail, phone, designation). */
export const companyContactRow = z
  .strictObject({
    type: contactTypeField,
    value: orgRequiredText('validation.org.contactValueRequired', 200),
    subType: orgOptionalText(100),
    name: orgOptionalText(120),
    email: orgOptionalEmail(),
    phone: orgOptionalText(30).refine((v) => v === null || isOrgPhoneNumber(v), { error: 'validation.org.invalidPhone' }),
    designation: orgOptionalText(120),
  })
  .superRefine(checkContactValue);

/** Complex and clinic contact row. */
export const contactRow = z
  .strictObject({
    type: contactTypeField,
    value: orgRequiredText('validation.org.contactValueRequired', 200),
    subType: orgOptionalText(100),
  })
  .superRefine(checkContactValue);

/** Department contact row: the spec requires the sub type too (for example "Reception"). */
export const departmentContactRow = z
  .strictObject({
    type: contactTypeField,
    value: orgRequiredText('validation.org.contactValueRequired', 200),
    subType: orgRequiredText('validation.org.subTypeRequired', 100),
  })
  .superRefine(checkContactValue);

export const holidayRow = z.strictObject({
  name: orgRequiredText('validation.org.holidayNameRequired', 120),
  date: orgDateField('validation.org.holidayDateRequired'),
  reason: orgRequiredText('validation.org.holidayReasonRequired', 300),
});
export type Holiday = z.output<typeof holidayRow>;

export const specializationRow = z.strictObject({
  name: orgRequiredText('validation.org.specializationNameRequired', 120),
  description: orgRequiredText('validation.org.specializationDescriptionRequired', 1000),
});

export const bankAccountRow = z.strictObject({
  accountName: orgRequiredText('validation.org.accountNameRequired', 120),
  accountNumber: orgRequiredText('validation.org.accountNumberRequired', 60),
  bankName: orgRequiredText('validation.org.bankNameRequired', 120),
  swiftCode: orgRequiredText('validation.org.swiftCodeRequired', 20),
  bankAddress: orgOptionalText(300),
  accountType: orgOptionalText(60),
  isActive: z.boolean({ error: 'validation.invalidBoolean' }).default(true),
});

const textList = z.array(z.string().trim().min(1, { error: 'validation.required' }).max(200, { error: 'validation.tooLong' })).max(50).default([]);

export const insuranceRow = z
  .strictObject({
    companyName: orgRequiredText('validation.org.insuranceNameRequired', 120),
    companyPhone: orgPhoneField('validation.org.phoneRequired'),
    companyEmail: orgEmailField('validation.org.emailRequired'),
    coveragePercentage: z.preprocess((v) => (v === null ? undefined : v), percentSchema.optional()).transform((v) => v ?? null),
    coveredServices: textList,
    coverageDetails: textList,
    termsAndConditions: orgOptionalText(2000),
    contractStartDate: orgOptionalText(10).superRefine((v, ctx) => {
      if (v !== null) calendarDateCheck()(v, ctx);
    }),
    contractEndDate: orgOptionalText(10).superRefine((v, ctx) => {
      if (v !== null) calendarDateCheck()(v, ctx);
    }),
    contactPerson: orgOptionalText(120),
    address: orgOptionalText(300),
    isActive: z.boolean({ error: 'validation.invalidBoolean' }).default(true),
  })
  .superRefine((row, ctx) => {
    if (row.contractStartDate && row.contractEndDate && row.contractEndDate < row.contractStartDate) {
      ctx.addIssue({ code: 'custom', path: ['contractEndDate'], message: 'validation.org.contractEndAfterStart' });
    }
  });

export const cashBoxRow = z.strictObject({
  name: orgRequiredText('validation.org.cashBoxNameRequired', 120),
  pic: orgRequiredText('validation.org.cashBoxPicRequired', 120),
  isActive: z.boolean({ error: 'validation.invalidBoolean' }).default(true),
  location: orgOptionalText(200),
  currency: orgOptionalText(10),
  totalBalance: z
    .preprocess((v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v), z.number({ error: 'validation.org.invalidAmount' }).optional())
    .transform((v) => v ?? null),
  createdBy: orgOptionalText(120),
  transactionHistory: z
    .array(
      z.strictObject({
        date: orgDateField('validation.org.transactionDateRequired'),
        amount: z.number({ error: 'validation.org.invalidAmount' }),
        description: orgOptionalText(300),
      }),
    )
    .max(500)
    .default([]),
});

export const PAYMENT_TYPES = ['credit_card', 'bank_transfer', 'digital_wallet'] as const;
export const TRANSACTION_TYPES = ['deposit', 'withdrawal', 'transfer'] as const;

export const paymentMethodRow = z.strictObject({
  companyName: orgRequiredText('validation.org.paymentCompanyRequired', 120),
  processingFees: percentSchema,
  type: z
    .enum(PAYMENT_TYPES, { error: 'validation.org.invalidPaymentType' })
    .nullish()
    .transform((v) => v ?? null),
  transactionType: z
    .enum(TRANSACTION_TYPES, { error: 'validation.org.invalidTransactionType' })
    .nullish()
    .transform((v) => v ?? null),
  supportedCurrencies: textList,
  securityFeatures: textList,
  isActive: z.boolean({ error: 'validation.invalidBoolean' }).default(true),
});

export const commercialRecordSchema = z
  .strictObject(
    {
      recordNumber: orgRequiredText('validation.org.recordNumberRequired', 60),
      grantDate: orgDateField('validation.org.grantDateRequired'),
      issueDate: orgDateField('validation.org.issueDateRequired'),
      expirationDate: orgDateField('validation.org.expirationDateRequired'),
      taxNumber: orgRequiredText('validation.org.taxNumberRequired', 60),
    },
    { error: (issue) => (issue.code === 'unrecognized_keys' ? 'validation.unknownField' : 'validation.org.commercialRecordRequired') },
  )
  .superRefine((r, ctx) => {
    if (isCalendarDate(r.issueDate) && isCalendarDate(r.expirationDate) && r.expirationDate <= r.issueDate) {
      ctx.addIssue({ code: 'custom', path: ['expirationDate'], message: 'validation.org.expirationAfterIssue' });
    }
  });

/*
 * Rows as records read them back: plain shapes without transforms (responses are encoded with these,
 * and an encode cannot run a one-way transform backwards).
 */
const nullableText = z.string().nullable().optional();
export const companyContactRecord = z.object({
  type: z.enum(CONTACT_TYPES), value: z.string(), subType: nullableText, name: nullableText, email: nullableText, phone: nullableText, designation: nullableText,
});
export const contactRecord = z.object({ type: z.enum(CONTACT_TYPES), value: z.string(), subType: nullableText });
export const holidayRecord = z.object({ name: z.string(), date: z.string(), reason: z.string() });
export const specializationRowRecord = z.object({ name: z.string(), description: z.string() });
export const bankAccountRecord = z.object({
  accountName: z.string(), accountNumber: z.string(), bankName: z.string(), swiftCode: z.string(),
  bankAddress: nullableText, accountType: nullableText, isActive: z.boolean().optional(),
});
export const insuranceRecord = z.object({
  companyName: z.string(), companyPhone: z.string(), companyEmail: z.string(),
  coveragePercentage: z.number().nullable().optional(), coveredServices: z.array(z.string()).optional(), coverageDetails: z.array(z.string()).optional(),
  termsAndConditions: nullableText, contractStartDate: nullableText, contractEndDate: nullableText, contactPerson: nullableText, address: nullableText,
  isActive: z.boolean().optional(),
});
export const cashBoxRecord = z.object({
  name: z.string(), pic: z.string(), isActive: z.boolean().optional(), location: nullableText, currency: nullableText,
  totalBalance: z.number().nullable().optional(), createdBy: nullableText,
  transactionHistory: z.array(z.object({ date: z.string(), amount: z.number(), description: nullableText })).optional(),
});
export const paymentMethodRecord = z.object({
  companyName: z.string(), processingFees: z.number(), type: z.enum(PAYMENT_TYPES).nullable().optional(),
  transactionType: z.enum(TRANSACTION_TYPES).nullable().optional(), supportedCurrencies: z.array(z.string()).optional(),
  securityFeatures: z.array(z.string()).optional(), isActive: z.boolean().optional(),
});
export const commercialRecordRecord = z.object({ recordNumber: z.string(), grantDate: z.string(), issueDate: z.string(), expirationDate: z.string(), taxNumber: z.string() });

const rows = <T extends z.ZodType>(row: T, max = 100) => z.array(row, { error: 'validation.invalidType' }).max(max, { error: 'validation.org.tooManyRows' });

export const companyInput = z.strictObject({
  name: orgRequiredText('validation.org.companyNameRequired', 200),
  address: orgRequiredText('validation.org.addressRequired', 300),
  yearOfEstablishment: orgPastDateField('validation.org.establishmentRequired'),
  goals: orgRequiredText('validation.org.goalsRequired', 2000),
  overview: orgRequiredText('validation.org.overviewRequired', 4000),
  vision: orgRequiredText('validation.org.visionRequired', 2000),
  /** The logo is uploaded on its own (POST /companies/{id}/logo); null here removes it. */
  logo: z.union([z.null(), z.string().max(2000)]).optional(),
  contactInfos: rows(companyContactRow, 50).min(1, { error: 'validation.org.contactInfoRequired' }),
  holidays: rows(holidayRow).default([]),
  specializations: rows(specializationRow).default([]),
  bankAccount: rows(bankAccountRow).default([]),
  insuranceCompany: rows(insuranceRow).default([]),
  cashBoxes: rows(cashBoxRow).default([]),
  onlinePaymentMethods: rows(paymentMethodRow).default([]),
  commercialRecord: commercialRecordSchema,
  locationGoogle: locationSchema,
  Key_member: orgOptionalText(300),
  Founder: orgOptionalText(300),
  Executives: orgOptionalText(1000),
  /** Hijri dates for everyone who has not chosen otherwise in My profile (left out: off for a new profile, else unchanged). */
  hijriMode: hijriModeSchema.optional(),
});
export type CompanyInput = z.input<typeof companyInput>;
export type CompanyValues = z.output<typeof companyInput>;

/**
 * POST /api/companies/registration: the registration wizard's company step asks only for the name; every other part
 * of the profile starts empty and is completed later in Company info.
 */
export const registrationCompanyInput = z.strictObject({
  name: orgRequiredText('validation.org.companyNameRequired', 200),
});
export type RegistrationCompanyInput = z.input<typeof registrationCompanyInput>;
export type RegistrationCompanyValues = z.output<typeof registrationCompanyInput>;

/** Largest `lateCancellationHours` (30 days). */
export const LATE_CANCELLATION_HOURS_MAX = 720;

/**
 * PUT /api/companies/{id}: the form plus the version it was loaded with. `lateCancellationHours` (0..720, whole hours;
 * left out: unchanged) is the company's setting for when a cancellation counts as late (see appointments).
 */
export const companyUpdateInput = companyInput.extend({
  version: versionInput,
  lateCancellationHours: numberish(
    z.number({ error: 'validation.org.lateCancellationHours' })
      .int({ error: 'validation.org.lateCancellationHours' })
      .min(0, { error: 'validation.org.lateCancellationHours' })
      .max(LATE_CANCELLATION_HOURS_MAX, { error: 'validation.org.lateCancellationHours' }),
  ).optional(),
});
export type CompanyUpdateValues = z.output<typeof companyUpdateInput>;

export const companyRecord = z.object({
  _id: z.string(),
  name: z.string(),
  plan: z.string().nullable(),
  timeZone: z.string(),
  address: z.string().nullable(),
  yearOfEstablishment: z.string().nullable(),
  goals: z.string().nullable(),
  overview: z.string().nullable(),
  vision: z.string().nullable(),
  logo: fileRefSchema.nullable(),
  contactInfos: z.array(companyContactRecord),
  holidays: z.array(holidayRecord),
  specializations: z.array(specializationRowRecord),
  bankAccount: z.array(bankAccountRecord),
  insuranceCompany: z.array(insuranceRecord),
  cashBoxes: z.array(cashBoxRecord),
  onlinePaymentMethods: z.array(paymentMethodRecord),
  commercialRecord: commercialRecordRecord.nullable(),
  locationGoogle: locationRecord.nullable(),
  Key_member: z.string().nullable(),
  Founder: z.string().nullable(),
  Executives: z.string().nullable(),
  /** A cancellation this many hours or less before an appointment's start is marked late. */
  lateCancellationHours: z.number(),
  /** Hijri dates: off, beside the Gregorian date, or primary (users may choose their own). */
  hijriMode: hijriModeSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
  version: versionSchema,
});
export type CompanyRecord = z.infer<typeof companyRecord>;

/** POST /companies answers `{ success, _id, data }`: the spec's client reads `_id` next to `success`. */
export const companyCreatedSchema = z.object({
  success: z.literal(true),
  message: z.string().optional(),
  _id: z.string(),
  data: companyRecord,
});
