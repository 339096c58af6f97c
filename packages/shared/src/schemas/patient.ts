import { z } from 'zod';
import { normaliseDigits } from './display.js';
import { booleanText, fileRefSchema, listQuerySchema, numberish as numberFromText, refSchema } from './common.js';
import { DATE_OUT_OF_RANGE, isCalendarDate, realDate } from './dates.js';
import { versionInput, versionSchema } from './version.js';

/*
 * The patient record. Field names follow the product specification's contract (section 3 of spec 000),
 * including its spellings (`marital_status`, `blood_type`, `Smoking`, `Current_Medications`,
 * `Surgical_History`, `professiona_experi`, `ChronicDiseases`), so clients written against it keep working.
 */

export const PATIENT_GENDERS = ['female', 'male'] as const;
export type PatientGender = (typeof PATIENT_GENDERS)[number];

export const PATIENT_MARITAL_STATUSES = ['Single', 'Married', 'Divorced', 'Widowed'] as const;
export type PatientMaritalStatus = (typeof PATIENT_MARITAL_STATUSES)[number];

export const BLOOD_TYPES = ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'] as const;
export type BloodType = (typeof BLOOD_TYPES)[number];

export const PATIENT_LANGUAGES = ['English', 'Arabic', 'French', 'Spanish', 'German'] as const;
export type PatientLanguage = (typeof PATIENT_LANGUAGES)[number];

/** Nationalities offered by the patient form (English adjectives; the web app translates the labels). */
export const PATIENT_NATIONALITIES = [
  'Saudi', 'Emirati', 'Kuwaiti', 'Qatari', 'Bahraini', 'Omani', 'Yemeni', 'Iraqi',
  'Jordanian', 'Syrian', 'Lebanese', 'Palestinian', 'Egyptian', 'Sudanese', 'Libyan', 'Tunisian',
  'Algerian', 'Moroccan', 'Turkish', 'Iranian', 'Pakistani', 'Indian', 'Bangladeshi', 'Filipino',
  'Indonesian', 'British', 'American', 'Canadian', 'French', 'German', 'Italian', 'Spanish',
] as const;
export type PatientNationality = (typeof PATIENT_NATIONALITIES)[number];

/**
 * How a patient is reached by text; WhatsApp only with the patient's recorded consent. The same list as
 * PATIENT_TEXT_CHANNELS (schemas/online-booking.ts, which imports this file and exports it).
 */
const TEXT_CHANNELS = ['sms', 'whatsapp'] as const;
/** Where the patient agreed to WhatsApp messages: at the desk, or on the public booking page. */
export const WHATSAPP_CONSENT_SOURCES = ['desk', 'online'] as const;
export const PATIENT_NAME_MAX = 30;
export const PATIENT_HEIGHT_MAX_CM = 300;
export const PATIENT_WEIGHT_MAX_KG = 700;
export const PATIENT_NOTE_MAX = 2000;

// ---------------------------------------------------------------------------------------------------------
// Dates

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** The real day a text names (see `parseDateText`), whatever its year. */
function readDateText(text: string): string | null {
  const s = normaliseDigits(text).trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(s);
  if (iso) return realDate(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  const long = /^([A-Za-z]+)\.?\s+(\d{1,2}),?\s+(\d{4})$/.exec(s);
  if (long) {
    const name = long[1]!.toLowerCase();
    const index = MONTHS.findIndex((m) => m === name || (name.length >= 3 && m.startsWith(name)));
    if (index < 0) return null;
    return realDate(Number(long[3]), index + 1, Number(long[2]));
  }
  return null;
}

/**
 * Reads a calendar date written as `1990-01-05` (optionally followed by a time, as ISO instants are),
 * or as the screens show it: `January 5, 1990` / `Jan 5, 1990`. Returns `YYYY-MM-DD`, or null when the text
 * is not a real date of the accepted range (DATE_MIN..DATE_MAX).
 */
export function parseDateText(text: string): string | null {
  const date = readDateText(text);
  return isCalendarDate(date) ? date : null;
}

/**
 * Today's date where it is latest on Earth (UTC+14): a date on or before it is not in the future for
 * anyone, so a birth registered today in any time zone is accepted.
 */
export function latestTodayIso(now: Date = new Date()): string {
  return new Date(now.getTime() + 14 * 3600_000).toISOString().slice(0, 10);
}

// ---------------------------------------------------------------------------------------------------------
// Field builders: messages are catalogue keys; every value may arrive as text (multipart forms).

/** Forms send '' (text inputs) or null (cleared selects and dates) for "nothing": both mean not given. */
const blankToUndefined = (v: unknown) => (v === null || (typeof v === 'string' && v.trim() === '') ? undefined : v);

function requiredText(requiredKey: string, max: number, maxKey = 'validation.tooLong') {
  return z
    .string({ error: requiredKey })
    .trim()
    .min(1, { error: requiredKey })
    .max(max, { error: maxKey });
}

function optionalText(max: number) {
  return z.preprocess(blankToUndefined, z.string({ error: 'validation.invalidType' }).trim().max(max, { error: 'validation.tooLong' }).optional());
}

/** Spaces, dashes, dots and brackets are only formatting: `+966 50-123 4567` is stored as `+966501234567`. */
function normalisePhone(v: unknown) {
  return typeof v === 'string' ? normaliseDigits(v).replace(/[\s\-().]/g, '') : v;
}
const PHONE_PATTERN = /^\+?\d{10,15}$/;

/** A phone number: 10 to 15 digits, optionally after a `+`. */
function phoneField(requiredKey: string) {
  return z.preprocess(
    normalisePhone,
    z.string({ error: requiredKey }).min(1, { error: requiredKey }).regex(PHONE_PATTERN, { error: 'validation.patientPhoneInvalid' }),
  );
}

/**
 * The day a date text names, or an issue: not a real date, in the future (with `futureKey`: said first, it is the
 * more useful message for a birth date of 9999), or outside the accepted range (DATE_MIN..DATE_MAX).
 */
function checkedDate(text: string, ctx: z.RefinementCtx, futureKey: string): string {
  const date = readDateText(text);
  if (date && !(futureKey && date > latestTodayIso()) && isCalendarDate(date)) return date;
  const problem = !date ? 'validation.invalidDate' : futureKey && date > latestTodayIso() ? futureKey : DATE_OUT_OF_RANGE;
  ctx.addIssue({ code: 'custom', message: problem });
  return z.NEVER;
}

function dateField(requiredKey: string, futureKey: string) {
  return z.preprocess(
    (v) => (v instanceof Date && !Number.isNaN(v.getTime()) ? v.toISOString().slice(0, 10) : blankToUndefined(v)),
    z
      .string({ error: requiredKey })
      .transform((text, ctx) => checkedDate(text, ctx, futureKey)),
  );
}

function optionalDateField(futureKey: string) {
  return z.preprocess(
    (v) => (v instanceof Date && !Number.isNaN(v.getTime()) ? v.toISOString().slice(0, 10) : blankToUndefined(v)),
    z
      .string({ error: 'validation.invalidDate' })
      .transform((text, ctx) => checkedDate(text, ctx, futureKey))
      .optional(),
  );
}

/** A number that may arrive as text; '' and null mean not given. */
function numberish<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (v === null ? undefined : v), numberFromText(schema));
}

function choice<const T extends readonly [string, ...string[]]>(values: T, requiredKey: string, invalidKey: string) {
  return z.preprocess(
    blankToUndefined,
    z.enum(values, { error: (issue) => (issue.input === undefined ? requiredKey : invalidKey) }),
  );
}

/** A yes/no answer: true/false, 'true'/'false' or 'yes'/'no' (as forms send it). */
function yesNo(requiredKey: string) {
  return z.preprocess(
    (v) => {
      if (typeof v !== 'string') return v ?? undefined;
      const s = v.trim().toLowerCase();
      if (s === 'true' || s === 'yes') return true;
      if (s === 'false' || s === 'no') return false;
      return s === '' ? undefined : v;
    },
    z.boolean({ error: (issue) => (issue.input === undefined ? requiredKey : 'validation.invalidBoolean') }),
  );
}

function optionalBoolean() {
  return z.preprocess(
    (v) => (v === 'true' ? true : v === 'false' ? false : blankToUndefined(v)),
    z.boolean({ error: 'validation.invalidBoolean' }).optional(),
  );
}

/** A list that may be sent empty as `[]`; absent means empty. */
function list<T extends z.ZodType>(item: T, max = 50) {
  return z.array(item, { error: 'validation.invalidType' }).max(max, { error: 'validation.tooBig' }).optional();
}

// ---------------------------------------------------------------------------------------------------------
// Input (create and replace)

export const patientEmergencyContactInput = z.strictObject({
  name: requiredText('validation.emergencyNameRequired', 60),
  phone: phoneField('validation.patientPhoneInvalid'),
  relationToPatient: requiredText('validation.emergencyRelationRequired', 40),
});
export type PatientEmergencyContactInput = z.input<typeof patientEmergencyContactInput>;

export const patientInsuranceInput = z.strictObject({
  insuranceType: requiredText('validation.insuranceTypeRequired', 60),
  expiryDate: dateField('validation.insuranceExpiryRequired', ''),
});

export const patientChronicDiseaseInput = z.strictObject({
  disease_name: requiredText('validation.diseaseNameRequired', 80),
});

/**
 * The patient form. The server validates the rebuilt multipart body (or a JSON body) with it, and the
 * web form uses it through zodResolver. The picture travels as a file part named `image`, never in here;
 * a text `image` (a form echoing the current picture's address) is accepted and ignored.
 * `notes`, when given, is added to the patient's timestamped notes.
 */
const patientFields = z.strictObject({
  name: requiredText('validation.patientNameRequired', PATIENT_NAME_MAX, 'validation.patientNameMax'),
  identity: requiredText('validation.patientIdentityRequired', 30),
  phone: phoneField('validation.patientPhoneInvalid'),
  email: z.preprocess(
    blankToUndefined,
    z.email({ error: 'validation.invalidEmail' }).max(120, { error: 'validation.tooLong' }).optional(),
  ),
  dateOfBirth: dateField('validation.patientDobRequired', 'validation.patientDobFuture'),
  gender: choice(PATIENT_GENDERS, 'validation.patientGenderRequired', 'validation.patientGenderInvalid'),
  nationality: choice(PATIENT_NATIONALITIES, 'validation.patientNationalityRequired', 'validation.patientNationalityInvalid'),
  marital_status: choice(PATIENT_MARITAL_STATUSES, 'validation.patientMaritalRequired', 'validation.patientMaritalInvalid'),
  number_children: numberish(
    z.number({ error: 'validation.patientChildrenInvalid' })
      .int({ error: 'validation.patientChildrenWhole' })
      .min(0, { error: 'validation.patientChildrenInvalid' })
      .max(30, { error: 'validation.tooBig' })
      .optional(),
  ),
  blood_type: choice(BLOOD_TYPES, 'validation.patientBloodTypeRequired', 'validation.patientBloodTypeInvalid'),
  height: numberish(
    z.number({ error: 'validation.patientHeightPositive' })
      .positive({ error: 'validation.patientHeightPositive' })
      .max(PATIENT_HEIGHT_MAX_CM, { error: 'validation.patientHeightMax' })
      .optional(),
  ),
  weight: numberish(
    z.number({ error: 'validation.patientWeightPositive' })
      .positive({ error: 'validation.patientWeightPositive' })
      .max(PATIENT_WEIGHT_MAX_KG, { error: 'validation.patientWeightMax' })
      .optional(),
  ),
  address: requiredText('validation.patientAddressRequired', 200),
  Smoking: yesNo('validation.patientSmokingRequired'),
  professiona_experi: requiredText('validation.patientExperienceRequired', 200),
  evaluation: numberish(
    z.number({ error: 'validation.patientEvaluationRange' })
      .min(0, { error: 'validation.patientEvaluationRange' })
      .max(5, { error: 'validation.patientEvaluationRange' })
      .optional(),
  ),
  languages: list(z.enum(PATIENT_LANGUAGES, { error: 'validation.patientLanguageInvalid' }), PATIENT_LANGUAGES.length),
  preferredLanguage: z.preprocess(blankToUndefined, z.enum(PATIENT_LANGUAGES, { error: 'validation.patientLanguageInvalid' }).optional()),
  Current_Medications: optionalText(500),
  Surgical_History: optionalDateField('validation.surgicalDateFuture'),
  lifestyleFactors: optionalText(500),
  allergies: list(requiredText('validation.allergyRequired', 80)),
  ChronicDiseases: list(patientChronicDiseaseInput),
  familyMedicalHistory: list(requiredText('validation.familyHistoryRequired', 120)),
  insurances: list(patientInsuranceInput, 10),
  emergencyContacts: list(patientEmergencyContactInput, 10),
  notes: optionalText(PATIENT_NOTE_MAX),
  isActive: optionalBoolean(),
  /** Not sent: kept as it is (a new patient: SMS). WhatsApp needs the patient's consent, given now or before. */
  preferredChannel: z.preprocess(blankToUndefined, z.enum(TEXT_CHANNELS, { error: 'validation.patientChannelInvalid' }).optional()),
  /** The patient agrees (true) or no longer agrees (false) to WhatsApp messages; not sent: kept as it is. */
  whatsappConsent: optionalBoolean(),
  /** Update only: drops the current picture (ignored when a new picture is sent). */
  removeImage: optionalBoolean(),
  image: z.string().max(2000).optional(),
});

/** WhatsApp cannot be the preferred channel in the same form that withdraws the consent to it. */
const consentFirst = {
  check: (p: { preferredChannel?: string; whatsappConsent?: boolean }) => !(p.preferredChannel === 'whatsapp' && p.whatsappConsent === false),
  params: { path: ['preferredChannel'], error: 'validation.patientWhatsappConsentRequired' },
};

export const patientInput = patientFields.refine(consentFirst.check, consentFirst.params);
export type PatientInput = z.input<typeof patientInput>;
export type PatientData = z.output<typeof patientInput>;

/** PUT /api/patients/{id}: the form plus the version it was loaded with. */
export const patientUpdateInput = patientFields.extend({ version: versionInput }).refine(consentFirst.check, consentFirst.params);
export type PatientUpdateData = z.output<typeof patientUpdateInput>;

/**
 * Quick registration (POST /api/patients/quick): a walk-in's name, mobile, date of birth and sex. The patient is
 * created marked incomplete until the full form (`patientInput`) is saved for it. Self-booking creates the same kind.
 */
export const quickPatientInput = z.strictObject({
  name: patientFields.shape.name,
  phone: phoneField('validation.patientPhoneRequired'),
  dateOfBirth: patientFields.shape.dateOfBirth,
  gender: patientFields.shape.gender,
});
export type QuickPatientInput = z.input<typeof quickPatientInput>;
export type QuickPatientData = z.output<typeof quickPatientInput>;

/** Fields of the form that arrive as JSON text when a client prefers that to `name[i][key]` flattening. */
export const PATIENT_JSON_FIELDS = ['languages', 'allergies', 'ChronicDiseases', 'familyMedicalHistory', 'insurances', 'emergencyContacts'] as const;

export const patientNoteInput = z.strictObject({
  body: requiredText('validation.patientNoteRequired', PATIENT_NOTE_MAX),
});
export type PatientNoteInput = z.input<typeof patientNoteInput>;

export const patientReportInput = z.strictObject({
  title: requiredText('validation.reportTitleRequired', 120),
});

// ---------------------------------------------------------------------------------------------------------
// List

export const patientSortFields = ['_id', 'publicId', 'name', 'dateOfBirth', 'lastVisit', 'isActive', 'createdAt'] as const;
export const patientListQuery = listQuerySchema(patientSortFields).extend({
  /** `1990-01-05` or the screens' `January 5, 1990`. */
  dateOfBirth: z
    .string()
    .trim()
    .max(40, { error: 'validation.patientDobFilterInvalid' })
    .transform((text, ctx) => {
      if (text === '') return undefined;
      const date = parseDateText(text);
      if (!date) {
        ctx.addIssue({ code: 'custom', message: 'validation.patientDobFilterInvalid' });
        return z.NEVER;
      }
      return date;
    })
    .optional(),
  /** `true`: only patients registered quickly whose full form has not been saved yet. */
  incomplete: booleanText.optional(),
  /** `true`: only patients who registered themselves on the public booking page, for the desk to complete or merge. */
  selfRegistered: booleanText.optional(),
});
export type PatientListQuery = z.infer<typeof patientListQuery>;

export const patientListItem = z.object({
  _id: z.string(),
  publicId: z.string(),
  name: z.string(),
  identity: z.string(),
  phone: z.string().nullable(),
  dateOfBirth: z.string(),
  gender: z.string().nullable(),
  isActive: z.boolean(),
  /** Registered quickly; the full form has not been saved yet. */
  incomplete: z.boolean(),
  /** Registered by the patient on the public booking page; for the desk to complete or merge. */
  selfRegistered: z.boolean(),
  /** Start of the latest completed appointment, null when the patient has none. */
  lastVisit: z.string().nullable(),
  image: z.string().nullable(),
  createdAt: z.string(),
});
export type PatientListItem = z.infer<typeof patientListItem>;

// ---------------------------------------------------------------------------------------------------------
// Details

export const patientEmergencyContactSchema = z.object({ name: z.string(), phone: z.string(), relationToPatient: z.string() });
export type PatientEmergencyContact = z.infer<typeof patientEmergencyContactSchema>;

export const patientInsuranceSchema = z.object({
  insuranceType: z.string(),
  expiryDate: z.string(),
  /** True while the expiry date has not passed. */
  active: z.boolean(),
});
export type PatientInsurance = z.infer<typeof patientInsuranceSchema>;

export const patientNoteSchema = z.object({
  _id: z.string(),
  body: z.string(),
  author: refSchema.nullable(),
  createdAt: z.string(),
});
export type PatientNote = z.infer<typeof patientNoteSchema>;

export const healthReportSchema = z.object({
  _id: z.string(),
  title: z.string(),
  createdAt: z.string(),
  uploadedBy: refSchema.nullable(),
  file: fileRefSchema,
});
export type HealthReport = z.infer<typeof healthReportSchema>;

export const treatmentEntrySchema = z.object({
  _id: z.string(),
  publicId: z.string(),
  datetime: z.string(),
  endsAt: z.string(),
  status: z.string(),
  reason: z.string(),
  /** The doctor's note on a completed visit (null when none). */
  visitNote: z.string().nullable(),
  doctor: refSchema,
  clinic: refSchema,
  service: refSchema,
});
export type TreatmentEntry = z.infer<typeof treatmentEntrySchema>;

export const patientContactInfoSchema = z.object({ type: z.enum(['email', 'phone']), value: z.string() });

export const patientDetails = z.object({
  _id: z.string(),
  publicId: z.string(),
  name: z.string(),
  identity: z.string(),
  isActive: z.boolean(),
  /** Registered quickly (name, mobile, date of birth, sex); cleared when the full form is saved. */
  incomplete: z.boolean(),
  /** Registered by the patient on the public booking page; for the desk to complete or merge. */
  selfRegistered: z.boolean(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  contactInfos: z.array(patientContactInfoSchema),
  /** How texts (codes, reminders) reach the patient. */
  preferredChannel: z.enum(TEXT_CHANNELS),
  /** When and where the patient agreed to WhatsApp messages; null: no consent. */
  whatsappConsent: z.object({ at: z.string(), source: z.enum(WHATSAPP_CONSENT_SOURCES) }).nullable(),
  dateOfBirth: z.string(),
  /** Whole years, from the date of birth, today in the company's time zone. */
  age: z.number(),
  gender: z.string().nullable(),
  nationality: z.string().nullable(),
  marital_status: z.string().nullable(),
  number_children: z.number().nullable(),
  blood_type: z.string().nullable(),
  /** Centimetres. */
  height: z.number().nullable(),
  /** Kilograms. */
  weight: z.number().nullable(),
  address: z.string().nullable(),
  Smoking: z.boolean().nullable(),
  professiona_experi: z.string().nullable(),
  evaluation: z.number().nullable(),
  languages: z.array(z.string()),
  preferredLanguage: z.string().nullable(),
  Current_Medications: z.string().nullable(),
  Surgical_History: z.string().nullable(),
  lifestyleFactors: z.string().nullable(),
  allergies: z.array(z.string()),
  ChronicDiseases: z.array(z.object({ disease_name: z.string() })),
  familyMedicalHistory: z.array(z.string()),
  insurances: z.array(patientInsuranceSchema),
  emergencyContacts: z.array(patientEmergencyContactSchema),
  /** The first emergency contact (the spec's single contact person), null when none. */
  emergencyContact: patientEmergencyContactSchema.nullable(),
  image: z.string().nullable(),
  lastVisit: z.string().nullable(),
  notes: z.array(patientNoteSchema),
  healthReports: z.array(healthReportSchema),
  treatment: z.object({
    /** Appointments after now, soonest first. */
    upcoming: z.array(treatmentEntrySchema),
    /** Appointments on or before now, latest first. */
    history: z.array(treatmentEntrySchema),
  }),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: versionSchema,
});
export type PatientDetails = z.infer<typeof patientDetails>;

/**
 * A patient as a webhook carries it: who they are and how to reach them, insurance and emergency contacts. Nothing of
 * their health (the registration form's medical fields, allergies, medications, histories, measurements), no notes, no
 * health reports, no visits, and no file link (a link is signed for the person it was made for).
 */
export const webhookPatient = patientDetails.pick({
  _id: true, publicId: true, name: true, identity: true, isActive: true, incomplete: true, selfRegistered: true, phone: true, email: true,
  contactInfos: true, preferredChannel: true, whatsappConsent: true, dateOfBirth: true, age: true, gender: true, nationality: true,
  marital_status: true, number_children: true, address: true, professiona_experi: true, languages: true, preferredLanguage: true,
  insurances: true, emergencyContacts: true, emergencyContact: true, lastVisit: true, createdAt: true, updatedAt: true, version: true,
});
export type WebhookPatient = z.infer<typeof webhookPatient>;

/** What DELETE answers: the patient was removed, or kept and deactivated because records depend on it. */
export const patientDeleteResult = z.object({ _id: z.string(), outcome: z.enum(['deleted', 'deactivated']) });
export type PatientDeleteResult = z.infer<typeof patientDeleteResult>;

// ---------------------------------------------------------------------------------------------------------
// Merging two records of the same person

/**
 * What references a patient, by kind, as the merge moves it: the comparison before a merge shows these counts and
 * the merge answers how many of each it moved.
 */
export const PATIENT_RECORD_KINDS = [
  'appointments', 'series', 'waitlist', 'notes', 'documents', 'invoices', 'claims', 'encounters', 'diagnoses', 'problems',
  'medications', 'vitals', 'allergies', 'allergyStates', 'orders', 'prescriptions', 'doctorShares',
] as const;
export type PatientRecordKind = (typeof PATIENT_RECORD_KINDS)[number];
export const patientRecordCounts = z.object(Object.fromEntries(PATIENT_RECORD_KINDS.map((k) => [k, z.number().int()])) as Record<PatientRecordKind, z.ZodNumber>);
export type PatientRecordCounts = z.infer<typeof patientRecordCounts>;

/** Merge the patient of the path (the duplicate) into `into` (the record kept), each at the version the screen showed. */
export const patientMergeInput = z.strictObject({
  into: z.uuid({ error: 'validation.invalidValue' }),
  version: versionInput,
  intoVersion: versionInput,
});
export type PatientMergeInput = z.infer<typeof patientMergeInput>;

export const patientMergeResult = z.object({
  /** The record kept. */
  _id: z.string(),
  publicId: z.string(),
  /** The duplicate, now removed. */
  mergedId: z.string(),
  mergedPublicId: z.string(),
  /** How many rows of each kind moved to the kept record. */
  moved: patientRecordCounts,
  /** Rows of the duplicate the kept record already had (same allergy substance, same active problem, allergy state): audited, then removed. */
  folded: z.object({ allergies: z.number().int(), problems: z.number().int(), allergyStates: z.number().int() }),
  version: versionSchema,
});
export type PatientMergeResult = z.infer<typeof patientMergeResult>;
