import { z } from 'zod';
import { EMPLOYEE_TYPES } from '../constants.js';
import { boolish, fileRefSchema, idSchema, numberish, refSchema } from './common.js';
import { calendarDate, isCalendarDate } from './dates.js';
import { versionInput, versionSchema } from './version.js';

/*
 * Employees: doctors and other staff. A user account is an employee with sign-in fields.
 * Field names follow the spec's payloads (marital_status, number_children, Languages, consultation_fee,
 * on_call, professional_experience, Qualifications); fields the spec does not name are camelCase.
 */

export const EMPLOYEE_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export type EmployeeDay = (typeof EMPLOYEE_DAYS)[number];
export const EMPLOYEE_GENDERS = ['female', 'male'] as const;
export const EMPLOYEE_MARITAL_STATUSES = ['Single', 'Married', 'Divorced', 'Widowed'] as const;
export const EMPLOYEE_JOB_TYPES = ['FULL_TIME', 'PART_TIME'] as const;
export const EMPLOYEE_LANGUAGES = ['Arabic', 'English', 'French', 'Spanish', 'German', 'Italian'] as const;
export const EMPLOYEE_LEAVE_TYPES = ['Vacation', 'Sick Leave', 'Emergency'] as const;
export const EMPLOYEE_LEAVE_STATUSES = ['Approved', 'Pending'] as const;
export const EMPLOYEE_CONTACT_TYPES = ['email', 'phone'] as const;
/** Nationalities offered by the staff and user forms (stored as the English adjective, shown translated). */
export const EMPLOYEE_NATIONALITIES = [
  'Saudi', 'Egyptian', 'Jordanian', 'Syrian', 'Lebanese', 'Palestinian', 'Iraqi', 'Yemeni', 'Sudanese', 'Moroccan',
  'Tunisian', 'Algerian', 'Emirati', 'Kuwaiti', 'Qatari', 'Bahraini', 'Omani', 'Indian', 'Pakistani', 'Bangladeshi',
  'Filipino', 'Indonesian', 'Turkish', 'American', 'Canadian', 'British', 'Australian', 'French', 'German', 'Spanish',
  'Italian', 'Other',
] as const;
/** The four documents of a user account, each with an effective date. */
export const EMPLOYEE_DOCUMENT_KINDS = ['cv', 'workPermit', 'certifications', 'employmentContract'] as const;
export type EmployeeDocumentKind = (typeof EMPLOYEE_DOCUMENT_KINDS)[number];

export const EMPLOYEE_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
const PHONE_PATTERN = /^\+?\d{10,15}$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const ACCOUNT_USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,30}$/;

/** Minutes since midnight of an 'HH:MM' time. */
export function minutesOfDay(time: string): number {
  const [h = '0', m = '0'] = time.split(':');
  return Number(h) * 60 + Number(m);
}
export function isEmployeePhone(value: string): boolean {
  return PHONE_PATTERN.test(value.replace(/[\s-]/g, ''));
}
export function isEmployeeEmail(value: string): boolean {
  return EMAIL_PATTERN.test(value);
}

/* ---------- atoms ---------- */

/** Empty text from a form means "not given". */
const blankToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);
export function employeeOptionalText(max: number) {
  return z.preprocess(blankToNull, z.string().trim().max(max, { error: 'validation.tooLong' }).nullable().optional());
}
export function employeeRequiredText(max: number, key: string) {
  return z.string({ error: key }).trim().min(1, { error: key }).max(max, { error: 'validation.tooLong' });
}
export const employeeTime = (key = 'validation.shiftTimeInvalid') =>
  z.string({ error: key }).regex(EMPLOYEE_TIME_PATTERN, { error: key });
const optionalDate = z.preprocess(blankToNull, calendarDate().nullable().optional());
/** Ids from a multipart form: one value, several, or an empty text for "none". */
export const employeeIdList = z.preprocess((v) => {
  if (v === undefined || v === null) return v;
  const list = Array.isArray(v) ? v : [v];
  return list.filter((x) => !(typeof x === 'string' && x.trim() === ''));
}, z.array(idSchema).max(200));
const optionalId = z.preprocess(blankToNull, idSchema.nullable().optional());
const textList = (max: number) =>
  z.preprocess((v) => {
    if (v === undefined || v === null) return v;
    const list = Array.isArray(v) ? v : [v];
    return list.map((x) => (typeof x === 'string' ? x.trim() : x)).filter((x) => x !== '');
  }, z.array(z.string().max(max, { error: 'validation.tooLong' })).max(50));

export const employeeContactSchema = z.strictObject({
  type: z.enum(EMPLOYEE_CONTACT_TYPES, { error: 'validation.employeeContactTypeInvalid' }),
  value: z.string({ error: 'validation.employeeContactValueRequired' }).trim().min(1, { error: 'validation.employeeContactValueRequired' }).max(200, { error: 'validation.tooLong' }),
  subType: employeeOptionalText(40),
});
export type EmployeeContactInfo = z.infer<typeof employeeContactSchema>;

export const employeeWorkingHourSchema = z.strictObject({
  day: z.enum(EMPLOYEE_DAYS, { error: 'validation.shiftDayInvalid' }),
  startTime: employeeTime('validation.shiftStartRequired'),
  endTime: employeeTime('validation.shiftEndRequired'),
});
export type EmployeeWorkingHour = z.infer<typeof employeeWorkingHourSchema>;

export const employeeBreakSchema = z.strictObject({
  startTime: employeeTime('validation.shiftStartRequired'),
  endTime: employeeTime('validation.shiftEndRequired'),
});
export type EmployeeBreakTime = z.infer<typeof employeeBreakSchema>;

export const employeeVacationSchema = z.strictObject({
  leaveStartDate: calendarDate('validation.leaveStartRequired'),
  leaveEndDate: calendarDate('validation.leaveEndRequired'),
  leaveType: z.enum(EMPLOYEE_LEAVE_TYPES, { error: 'validation.leaveTypeInvalid' }),
  status: z.enum(EMPLOYEE_LEAVE_STATUSES, { error: 'validation.leaveStatusInvalid' }),
});
export type EmployeeVacationRecord = z.infer<typeof employeeVacationSchema>;

export const employeeEmergencyContactSchema = z.strictObject({
  name: employeeOptionalText(100),
  phone: employeeOptionalText(20),
  relationship: employeeOptionalText(60),
});
export const employeeAddressDetailsSchema = z.strictObject({
  buildingNumber: employeeOptionalText(20),
  streetName: employeeOptionalText(120),
  region: employeeOptionalText(120),
  country: employeeOptionalText(120),
});

/** Per document: its effective date, and `file: ''` to remove the stored file (a new file arrives as a file part). */
const documentInput = z.strictObject({
  effectiveDate: optionalDate,
  file: z.literal('', { error: 'validation.invalidValue' }).optional(),
});
export const employeeDocumentsInput = z.strictObject({
  cv: documentInput.optional(),
  workPermit: documentInput.optional(),
  certifications: documentInput.optional(),
  employmentContract: documentInput.optional(),
});

export const accountPasswordSchema = z
  .string({ error: 'validation.passwordRequired' })
  .min(1, { error: 'validation.passwordRequired' })
  .min(8, { error: 'validation.passwordMin8' })
  .max(20, { error: 'validation.passwordMax20' })
  .refine((p) => /[a-z]/.test(p) && /[A-Z]/.test(p) && /\d/.test(p) && /[^A-Za-z0-9]/.test(p), { error: 'validation.passwordMix' });

/* ---------- rules shared by the forms and the server ---------- */

export interface EmployeeRuleIssue {
  path: (string | number)[];
  message: string;
}

/**
 * Schedule rules: each shift ends after it starts, shifts of a day do not overlap, each break lies inside
 * a working-hours entry, each leave ends on or after its first day.
 */
export function employeeScheduleIssues(v: { workingHours?: EmployeeWorkingHour[] | undefined; breakTimes?: EmployeeBreakTime[] | undefined; vacationRecords?: EmployeeVacationRecord[] | undefined }): EmployeeRuleIssue[] {
  const issues: EmployeeRuleIssue[] = [];
  const hours = v.workingHours ?? [];
  const valid = (h: EmployeeWorkingHour) => EMPLOYEE_TIME_PATTERN.test(h?.startTime ?? '') && EMPLOYEE_TIME_PATTERN.test(h?.endTime ?? '');
  hours.forEach((h, i) => {
    if (valid(h) && minutesOfDay(h.endTime) <= minutesOfDay(h.startTime)) {
      issues.push({ path: ['workingHours', i, 'endTime'], message: 'validation.shiftEndAfterStart' });
    }
  });
  hours.forEach((h, i) => {
    if (!valid(h)) return;
    const overlaps = hours.some((o, j) => j < i && valid(o) && o.day === h.day && minutesOfDay(h.startTime) < minutesOfDay(o.endTime) && minutesOfDay(o.startTime) < minutesOfDay(h.endTime));
    if (overlaps) issues.push({ path: ['workingHours', i, 'startTime'], message: 'validation.shiftsOverlap' });
  });
  (v.breakTimes ?? []).forEach((b, i) => {
    if (!EMPLOYEE_TIME_PATTERN.test(b?.startTime ?? '') || !EMPLOYEE_TIME_PATTERN.test(b?.endTime ?? '')) return;
    const start = minutesOfDay(b.startTime);
    const end = minutesOfDay(b.endTime);
    if (end <= start) {
      issues.push({ path: ['breakTimes', i, 'endTime'], message: 'validation.shiftEndAfterStart' });
      return;
    }
    const inside = hours.some((h) => valid(h) && minutesOfDay(h.startTime) <= start && end <= minutesOfDay(h.endTime));
    if (!inside) issues.push({ path: ['breakTimes', i, 'startTime'], message: 'validation.breakOutsideHours' });
  });
  (v.vacationRecords ?? []).forEach((r, i) => {
    if (isCalendarDate(r?.leaveStartDate) && isCalendarDate(r?.leaveEndDate) && r.leaveEndDate < r.leaveStartDate) {
      issues.push({ path: ['vacationRecords', i, 'leaveEndDate'], message: 'validation.leaveEndBeforeStart' });
    }
  });
  return issues;
}

/** Each contact value matches its type (an e-mail address, or a phone number of 10 to 15 digits). */
export function employeeContactIssues(contacts: EmployeeContactInfo[] | undefined): EmployeeRuleIssue[] {
  const issues: EmployeeRuleIssue[] = [];
  (contacts ?? []).forEach((c, i) => {
    if (typeof c?.value !== 'string' || !c.value.trim()) return;
    if (c.type === 'email' && !isEmployeeEmail(c.value)) issues.push({ path: ['contactInfos', i, 'value'], message: 'validation.invalidEmail' });
    if (c.type === 'phone' && !isEmployeePhone(c.value)) issues.push({ path: ['contactInfos', i, 'value'], message: 'validation.employeePhoneInvalid' });
  });
  return issues;
}

function today(): string {
  return new Date().toISOString().slice(0, 10);
}

/* ---------- API input ---------- */

const employeeFields = {
  name: employeeRequiredText(100, 'validation.employeeNameRequired'),
  email: z.preprocess(blankToNull, z.string().trim().toLowerCase().max(200, { error: 'validation.tooLong' }).refine(isEmployeeEmail, { error: 'validation.invalidEmail' }).nullable().optional()),
  employeeType: z.enum(EMPLOYEE_TYPES, { error: 'validation.employeeTypeRequired' }),
  isActive: boolish.optional(),
  roleIds: employeeIdList.optional(),
  clinics: employeeIdList.optional(),
  specializations: employeeIdList.optional(),
  departmentId: optionalId,
  clinicCollectionId: optionalId,
  contactInfos: z.array(employeeContactSchema, { error: 'validation.employeeContactsMin' }).min(1, { error: 'validation.employeeContactsMin' }).max(20),
  dateOfBirth: calendarDate('validation.employeeDobRequired').refine((d) => d <= today(), { error: 'validation.employeeDobFuture' }),
  gender: z.enum(EMPLOYEE_GENDERS, { error: 'validation.employeeGenderInvalid' }),
  identity: employeeRequiredText(50, 'validation.employeeIdentityRequired'),
  nationality: employeeOptionalText(60),
  marital_status: z.preprocess(blankToNull, z.enum(EMPLOYEE_MARITAL_STATUSES, { error: 'validation.employeeMaritalInvalid' }).nullable().optional()),
  number_children: numberish(z.number({ error: 'validation.childrenNegative' }).int({ error: 'validation.childrenNegative' }).min(0, { error: 'validation.childrenNegative' }).max(50, { error: 'validation.tooBig' }).nullable().optional()),
  Languages: textList(40).optional(),
  medicalLicenseNumber: employeeOptionalText(60),
  consultation_fee: numberish(z.number({ error: 'validation.consultationFeeInvalid' }).min(0, { error: 'validation.consultationFeeInvalid' }).max(1_000_000, { error: 'validation.tooBig' }).nullable().optional()),
  on_call: boolish.optional(),
  hireDate: calendarDate('validation.employeeHireDateRequired'),
  certifications: textList(200).optional(),
  professional_experience: employeeOptionalText(2000),
  Qualifications: employeeOptionalText(2000),
  address: employeeRequiredText(300, 'validation.employeeAddressRequired'),
  addressDetails: employeeAddressDetailsSchema.nullable().optional(),
  notes: employeeOptionalText(2000),
  jobType: z.preprocess(blankToNull, z.enum(EMPLOYEE_JOB_TYPES, { error: 'validation.jobTypeInvalid' }).nullable().optional()),
  jobTitle: employeeOptionalText(100),
  emergencyContact: employeeEmergencyContactSchema.nullable().optional(),
  workingHours: z.array(employeeWorkingHourSchema, { error: 'validation.workingHoursMin' }).min(1, { error: 'validation.workingHoursMin' }).max(50),
  breakTimes: z.array(employeeBreakSchema).max(20).optional(),
  vacationRecords: z.array(employeeVacationSchema).max(100).optional(),
  documents: employeeDocumentsInput.optional(),
  /** `''` removes the stored picture; a new one arrives as the file part `image` (5 MB) or `picture` (10 MB). */
  image: z.literal('', { error: 'validation.invalidValue' }).optional(),
};

const accountFields = {
  username: z.preprocess(blankToNull, z.string().trim().regex(ACCOUNT_USERNAME_PATTERN, { error: 'validation.usernameInvalid' }).nullable().optional()),
  password: accountPasswordSchema.optional(),
  confirmPassword: z.string().max(200).optional(),
};

function addIssues(ctx: z.RefinementCtx, issues: EmployeeRuleIssue[]) {
  for (const issue of issues) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
}

/** POST /api/employees. With `username` and `password` the employee also gets a user account. */
export const employeeCreateInput = z.strictObject({ ...employeeFields, ...accountFields }).superRefine((v, ctx) => {
  addIssues(ctx, [...employeeContactIssues(v.contactInfos), ...employeeScheduleIssues(v)]);
  if (v.username && !v.password) ctx.addIssue({ code: 'custom', path: ['password'], message: 'validation.passwordRequired' });
  if (v.password && !v.username) ctx.addIssue({ code: 'custom', path: ['username'], message: 'validation.usernameRequired' });
  if (v.password && !v.email) ctx.addIssue({ code: 'custom', path: ['email'], message: 'validation.accountEmailRequired' });
  if (v.confirmPassword !== undefined && v.password !== undefined && v.confirmPassword !== v.password) {
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'validation.passwordConfirmMismatch' });
  }
});
export type EmployeeCreateInput = z.output<typeof employeeCreateInput>;

/**
 * PUT /api/employees/{id}: the fields given replace the stored ones (`{ isActive }` alone toggles the status).
 * Rules spanning several fields are checked on the record as it will be saved.
 */
export const employeeUpdateInput = z.strictObject(employeeFields).partial().extend({ version: versionInput }).superRefine((v, ctx) => {
  addIssues(ctx, employeeContactIssues(v.contactInfos));
});
export type EmployeeUpdateInput = z.output<typeof employeeUpdateInput>;

/* ---------- API output ---------- */

/** An invitation the person has not taken up yet (see invitation.ts); null once they have, or if never invited. */
export const pendingInvitation = z.object({ expiresAt: z.string(), expired: z.boolean() }).nullable();

const documentRecord = z.object({ file: fileRefSchema.nullable(), effectiveDate: z.string().nullable() });

export const employeeRecord = z.object({
  _id: z.string(),
  publicId: z.string(),
  name: z.string(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  hasAccount: z.boolean(),
  invitation: pendingInvitation,
  /** Made by an invitation: the HR record (hours, identity, contract) is still to be completed. */
  incomplete: z.boolean(),
  employeeType: z.enum(EMPLOYEE_TYPES),
  isActive: z.boolean(),
  image: fileRefSchema.nullable(),
  roleIds: z.array(refSchema),
  /**
   * One of the person's roles holds `admin`: only an administrator may change or remove them (403
   * ADMINISTRATOR_PROTECTED), so the screens offer those actions to administrators alone.
   */
  administrator: z.boolean(),
  clinics: z.array(refSchema),
  specializations: z.array(refSchema),
  departmentId: refSchema.nullable(),
  clinicCollectionId: refSchema.nullable(),
  contactInfos: z.array(z.object({ type: z.enum(EMPLOYEE_CONTACT_TYPES), value: z.string(), subType: z.string().nullable().optional() })),
  dateOfBirth: z.string().nullable(),
  gender: z.string().nullable(),
  identity: z.string().nullable(),
  nationality: z.string().nullable(),
  marital_status: z.string().nullable(),
  number_children: z.number().nullable(),
  Languages: z.array(z.string()),
  medicalLicenseNumber: z.string().nullable(),
  consultation_fee: z.number().nullable(),
  on_call: z.boolean(),
  hireDate: z.string().nullable(),
  certifications: z.array(z.string()),
  professional_experience: z.string().nullable(),
  Qualifications: z.string().nullable(),
  address: z.string().nullable(),
  addressDetails: z.object({ buildingNumber: z.string().nullable().optional(), streetName: z.string().nullable().optional(), region: z.string().nullable().optional(), country: z.string().nullable().optional() }).nullable(),
  notes: z.string().nullable(),
  jobType: z.string().nullable(),
  jobTitle: z.string().nullable(),
  emergencyContact: z.object({ name: z.string().nullable().optional(), phone: z.string().nullable().optional(), relationship: z.string().nullable().optional() }).nullable(),
  workingHours: z.array(employeeWorkingHourSchema),
  breakTimes: z.array(employeeBreakSchema),
  vacationRecords: z.array(employeeVacationSchema),
  documents: z.object({ cv: documentRecord, workPermit: documentRecord, certifications: documentRecord, employmentContract: documentRecord }),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: versionSchema,
});
export type EmployeeRecord = z.infer<typeof employeeRecord>;

/** A row of the employees, doctors and users lists (compatible with the users list row). */
export const employeeListItem = z.object({
  _id: z.string(),
  publicId: z.string(),
  name: z.string(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  employeeType: z.enum(EMPLOYEE_TYPES),
  roleIds: z.array(refSchema),
  isActive: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
  image: fileRefSchema.nullable(),
  jobTitle: z.string().nullable(),
  gender: z.string().nullable(),
  dateOfBirth: z.string().nullable(),
  consultation_fee: z.number().nullable(),
  hasAccount: z.boolean(),
  invitation: pendingInvitation,
  incomplete: z.boolean(),
  specializations: z.array(refSchema),
  clinics: z.array(refSchema),
  phone: z.string().nullable(),
  /** The status switch of the lists sends it back. */
  version: versionSchema,
});
export type EmployeeListItem = z.infer<typeof employeeListItem>;

/* ---------- doctor statistics ---------- */

export const EMPLOYEE_STATS_PERIODS = ['7d', '30d', 'month'] as const;
export type EmployeeStatsPeriod = (typeof EMPLOYEE_STATS_PERIODS)[number];
export const employeeStatsQuery = z.object({
  period: z.enum(EMPLOYEE_STATS_PERIODS, { error: 'validation.invalidValue' }).default('7d'),
});

const statsAppointment = z.object({
  _id: z.string(),
  publicId: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.string(),
  reason: z.string(),
  patient: refSchema,
  clinic: refSchema,
  service: refSchema,
});
export const employeeStats = z.object({
  period: z.enum(EMPLOYEE_STATS_PERIODS),
  timeZone: z.string(),
  from: z.string(),
  to: z.string(),
  days: z.array(z.object({ date: z.string(), scheduled: z.number(), completed: z.number(), cancelled: z.number() })),
  totals: z.object({ appointments: z.number(), scheduled: z.number(), completed: z.number(), cancelled: z.number(), patients: z.number() }),
  totalPatients: z.number(),
  upcoming: z.array(statsAppointment),
  patients: z.array(z.object({ _id: z.string(), publicId: z.string(), name: z.string(), visits: z.number(), lastVisit: z.string().nullable(), nextVisit: z.string().nullable() })),
});
export type EmployeeStats = z.infer<typeof employeeStats>;

/* ---------- web forms (same atoms, the spec's messages) ---------- */

/** A file picked in the browser (shared stays free of DOM types). */
export interface PickedUpload {
  name: string;
  size: number;
  type: string;
}
export const EMPLOYEE_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/jpg'] as const;
export const EMPLOYEE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const USER_FILE_MAX_BYTES = 10 * 1024 * 1024;

function isPickedFile(v: unknown): v is PickedUpload {
  return typeof v === 'object' && v !== null && typeof (v as PickedUpload).size === 'number' && typeof (v as PickedUpload).name === 'string';
}
export const pickedUpload = z.custom<PickedUpload>(isPickedFile, { error: 'validation.invalidValue' });

/** The employee image: optional, at most 5 MB, JPG or PNG (the server checks the content again). */
export function employeeImageField(typeKey = 'validation.imageTypeOnlyImages') {
  return pickedUpload
    .refine((f) => f.size <= EMPLOYEE_IMAGE_MAX_BYTES, { error: 'validation.employeeImageTooLarge' })
    .refine((f) => (EMPLOYEE_IMAGE_TYPES as readonly string[]).includes(f.type), { error: typeKey })
    .nullable()
    .optional();
}

const formNumber = (schema: z.ZodType) =>
  z.preprocess((v) => (v === '' || v === null || v === undefined ? null : typeof v === 'string' ? Number(v) : v), schema);

/**
 * The staff and doctor form (spec 000 section 5). Licence number and certifications are asked of doctors only.
 */
export const employeeFormSchema = z
  .object({
    name: employeeRequiredText(100, 'validation.employeeNameRequired'),
    employeeType: z.enum(EMPLOYEE_TYPES, { error: 'validation.employeeTypeRequired' }),
    image: employeeImageField(),
    contactInfos: z.array(employeeContactSchema).min(1, { error: 'validation.employeeContactsMin' }),
    dateOfBirth: calendarDate('validation.employeeDobRequired').refine((d) => d <= today(), { error: 'validation.employeeDobFuture' }),
    gender: z.enum(EMPLOYEE_GENDERS, { error: 'validation.employeeGenderInvalid' }),
    identity: employeeRequiredText(50, 'validation.employeeIdentityRequired'),
    nationality: z.string().max(60).optional(),
    marital_status: z.preprocess(blankToNull, z.enum(EMPLOYEE_MARITAL_STATUSES, { error: 'validation.employeeMaritalInvalid' }).nullable()),
    number_children: formNumber(z.number().int({ error: 'validation.childrenNegative' }).min(0, { error: 'validation.childrenNegative' }).nullable()),
    Languages: z.array(z.string()),
    medicalLicenseNumber: z.string().max(60).optional(),
    consultation_fee: formNumber(z.number().min(0, { error: 'validation.consultationFeeInvalid' }).nullable()),
    on_call: z.boolean(),
    hireDate: calendarDate('validation.employeeHireDateRequired'),
    certifications: z.array(z.string()),
    professional_experience: employeeRequiredText(2000, 'validation.professionalExperienceRequired'),
    Qualifications: z.string().max(2000).optional(),
    address: employeeRequiredText(300, 'validation.employeeAddressRequired'),
    notes: z.string().max(2000).optional(),
    jobType: z.enum(EMPLOYEE_JOB_TYPES, { error: 'validation.jobTypeInvalid' }),
    jobTitle: z.string().max(100).optional(),
    specializations: z.array(z.string()),
    clinics: z.array(z.string()),
    departmentId: z.string().nullable(),
    clinicCollectionId: z.string().nullable(),
    workingHours: z.array(employeeWorkingHourSchema).min(1, { error: 'validation.workingHoursMin' }),
    breakTimes: z.array(employeeBreakSchema),
    vacationRecords: z.array(employeeVacationSchema),
  })
  .superRefine((v, ctx) => {
    addIssues(ctx, [...employeeContactIssues(v.contactInfos), ...employeeScheduleIssues(v)]);
    if (v.employeeType === 'Doctor') {
      if (!v.medicalLicenseNumber?.trim()) ctx.addIssue({ code: 'custom', path: ['medicalLicenseNumber'], message: 'validation.licenseRequired' });
      if (!v.certifications?.length) ctx.addIssue({ code: 'custom', path: ['certifications'], message: 'validation.certificationsRequired' });
    }
  }, { when: (payload) => typeof payload.value === 'object' && payload.value !== null });
export type EmployeeFormInput = z.input<typeof employeeFormSchema>;
