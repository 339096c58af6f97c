import { z } from 'zod';
import { EMPLOYEE_TYPES } from '../constants.js';
import { booleanText, idSchema, listQuerySchema } from './common.js';
import { calendarDateCheck, isCalendarDate } from './dates.js';
import {
  EMPLOYEE_DAYS, EMPLOYEE_GENDERS, EMPLOYEE_JOB_TYPES, EMPLOYEE_MARITAL_STATUSES, EMPLOYEE_TIME_PATTERN, ACCOUNT_USERNAME_PATTERN,
  USER_FILE_MAX_BYTES, isEmployeeEmail, isEmployeePhone, minutesOfDay, accountPasswordSchema, pickedUpload,
} from './employee.js';

export const employeeSortFields = ['_id', 'publicId', 'name', 'username', 'employeeType', 'isActive', 'createdAt', 'jobTitle', 'hireDate', 'lastLoginAt'] as const;

/** A date filter: 'YYYY-MM-DD', or a formatted date such as 'January 5, 1990' (within the accepted range). */
const dateFilter = z
  .string()
  .trim()
  .max(40)
  .transform((text, ctx) => {
    // Text written like an ISO date is read as one (the platform's lenient parser reads 0001-01-01 as 2001).
    const parsed = /^[-+]?\d{4,}-/.test(text) ? Number.NaN : Date.parse(`${text} 12:00 UTC`);
    const date = Number.isNaN(parsed) ? text : new Date(parsed).toISOString().slice(0, 10);
    calendarDateCheck()(date, ctx);
    return isCalendarDate(date) ? date : z.NEVER;
  });

export const employeeListQuery = listQuerySchema(employeeSortFields).extend({
  employeeType: z.enum(EMPLOYEE_TYPES, { error: 'validation.invalidValue' }).optional(),
  dateOfBirth: dateFilter.optional(),
  clinicId: idSchema.optional(),
  specializationId: idSchema.optional(),
  gender: z.enum(EMPLOYEE_GENDERS, { error: 'validation.invalidValue' }).optional(),
  /** The staff list: everyone but doctors (they have their own screen). */
  excludeDoctors: booleanText.optional(),
  /** The users list: only people who can sign in (true), or only those who cannot (false). */
  hasAccount: booleanText.optional(),
});
export type EmployeeListQuery = z.infer<typeof employeeListQuery>;

/* ---------- the user account form (spec 001: Add user, User edit) ---------- */

const shiftSchema = z.object({ startTime: z.string(), endTime: z.string() });
export const userWorkingDaySchema = z.object({ day: z.enum(EMPLOYEE_DAYS), shift1: shiftSchema, shift2: shiftSchema });
export type UserWorkingDay = z.infer<typeof userWorkingDaySchema>;

const required = (max = 200) => z.string({ error: 'validation.required' }).trim().min(1, { error: 'validation.required' }).max(max, { error: 'validation.tooLong' });
const userFile = pickedUpload.refine((f) => f.size <= USER_FILE_MAX_BYTES, { error: 'validation.fileTooLarge10' });
const userImage = userFile.refine((f) => f.type.startsWith('image/'), { error: 'validation.imageTypeOnlyImages' });
const userDocument = z.object({
  /** A newly picked file. */
  file: userFile.nullable(),
  /** The file already stored (edit), kept unless removed. */
  stored: z.object({ _id: z.string(), name: z.string(), url: z.string() }).nullable(),
  effectiveDate: z.string().nullable(),
});
const formNumber = z.preprocess(
  (v) => (v === '' || v === null || v === undefined ? null : typeof v === 'string' ? Number(v) : v),
  z.number({ error: 'validation.childrenNegativeUser' }).int({ error: 'validation.childrenNegativeUser' }).min(0, { error: 'validation.childrenNegativeUser' }).nullable(),
);

/** Tabs of the user form, in order, with the fields each holds (the form jumps to the first tab with an error). */
export const USER_FORM_TABS = [
  { key: 'account', fields: ['username', 'password', 'confirmPassword', 'roleIds', 'employeeType'] },
  {
    key: 'personal',
    fields: ['fullName', 'gender', 'dateOfBirth', 'identity', 'nationality', 'marital_status', 'number_children', 'email',
      'phoneNumber1', 'phoneNumber2', 'buildingNumber', 'streetName', 'region', 'country', 'emergencyContactName',
      'emergencyRelationship', 'emergencyContactPhone', 'image'],
  },
  { key: 'employment', fields: ['jobType', 'jobTitle', 'hireDate', 'clinics', 'workingHours'] },
  { key: 'documents', fields: ['documents'] },
] as const;

/**
 * The add-user form (`mode: 'add'`) and the edit form (`'edit'`: user name, password, type and e-mail are
 * read-only there). Relationship and emergency number are separate fields.
 */
export function userFormSchema(mode: 'add' | 'edit') {
  const add = mode === 'add';
  return z
    .object({
      username: add ? required(30).regex(ACCOUNT_USERNAME_PATTERN, { error: 'validation.usernameInvalid' }) : z.string(),
      password: add ? accountPasswordSchema : z.string(),
      confirmPassword: z.string(),
      roleIds: z.array(z.string()).min(1, { error: 'validation.rolesMin' }),
      employeeType: z.enum(EMPLOYEE_TYPES, { error: 'validation.required' }),
      fullName: required(100),
      gender: z.enum(EMPLOYEE_GENDERS, { error: 'validation.required' }),
      dateOfBirth: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }).superRefine(calendarDateCheck()),
      identity: required(50),
      nationality: required(60),
      marital_status: z.enum(EMPLOYEE_MARITAL_STATUSES, { error: 'validation.required' }),
      number_children: formNumber,
      email: add ? required(200).refine(isEmployeeEmail, { error: 'validation.emailInvalidUser' }) : z.string(),
      phoneNumber1: required(20).refine(isEmployeePhone, { error: 'validation.employeePhoneInvalid' }),
      phoneNumber2: z.string().refine((v) => v.trim() === '' || isEmployeePhone(v), { error: 'validation.employeePhoneInvalid' }),
      buildingNumber: z.string().max(20),
      streetName: required(120),
      region: required(120),
      country: required(120),
      emergencyContactName: required(100),
      emergencyRelationship: required(60),
      emergencyContactPhone: required(20).refine(isEmployeePhone, { error: 'validation.employeePhoneInvalid' }),
      image: userImage.nullable(),
      jobType: z.enum(EMPLOYEE_JOB_TYPES, { error: 'validation.required' }),
      jobTitle: required(100),
      hireDate: z.string({ error: 'validation.required' }).min(1, { error: 'validation.required' }).superRefine(calendarDateCheck()),
      clinics: z.array(z.string()),
      workingHours: z.array(userWorkingDaySchema).min(1, { error: 'validation.workingDaysMin' }),
      documents: z.object({ cv: userDocument, workPermit: userDocument, certifications: userDocument, employmentContract: userDocument }),
    })
    .superRefine((v, ctx) => {
      if (add && v.confirmPassword !== v.password) {
        ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'validation.passwordConfirmMismatch' });
      }
      // A new account needs a CV; an existing one can be saved without (older accounts may have none).
      if (add && !v.documents?.cv?.file && !v.documents?.cv?.stored) {
        ctx.addIssue({ code: 'custom', path: ['documents', 'cv', 'file'], message: 'validation.cvRequired' });
      }
      (Array.isArray(v.workingHours) ? v.workingHours : []).forEach((d, i) => {
        const s1 = d?.shift1 ?? { startTime: '', endTime: '' };
        const s2 = d?.shift2 ?? { startTime: '', endTime: '' };
        if (!EMPLOYEE_TIME_PATTERN.test(s1.startTime)) ctx.addIssue({ code: 'custom', path: ['workingHours', i, 'shift1', 'startTime'], message: 'validation.shiftStartRequired' });
        if (!EMPLOYEE_TIME_PATTERN.test(s1.endTime)) ctx.addIssue({ code: 'custom', path: ['workingHours', i, 'shift1', 'endTime'], message: 'validation.shiftEndRequired' });
        if (EMPLOYEE_TIME_PATTERN.test(s1.startTime) && EMPLOYEE_TIME_PATTERN.test(s1.endTime) && minutesOfDay(s1.endTime) <= minutesOfDay(s1.startTime)) {
          ctx.addIssue({ code: 'custom', path: ['workingHours', i, 'shift1', 'endTime'], message: 'validation.shiftEndAfterStart' });
        }
        const hasShift2 = s2.startTime !== '' || s2.endTime !== '';
        if (!hasShift2) return;
        if (!EMPLOYEE_TIME_PATTERN.test(s2.startTime)) ctx.addIssue({ code: 'custom', path: ['workingHours', i, 'shift2', 'startTime'], message: 'validation.shiftStartRequired' });
        if (!EMPLOYEE_TIME_PATTERN.test(s2.endTime)) ctx.addIssue({ code: 'custom', path: ['workingHours', i, 'shift2', 'endTime'], message: 'validation.shiftEndRequired' });
        if (!EMPLOYEE_TIME_PATTERN.test(s2.startTime) || !EMPLOYEE_TIME_PATTERN.test(s2.endTime)) return;
        if (minutesOfDay(s2.endTime) <= minutesOfDay(s2.startTime)) {
          ctx.addIssue({ code: 'custom', path: ['workingHours', i, 'shift2', 'endTime'], message: 'validation.shiftEndAfterStart' });
        } else if (EMPLOYEE_TIME_PATTERN.test(s1.startTime) && EMPLOYEE_TIME_PATTERN.test(s1.endTime)
          && minutesOfDay(s2.startTime) < minutesOfDay(s1.endTime) && minutesOfDay(s1.startTime) < minutesOfDay(s2.endTime)) {
          ctx.addIssue({ code: 'custom', path: ['workingHours', i, 'shift2', 'startTime'], message: 'validation.shiftsOverlap' });
        }
      });
    }, { when: (payload) => typeof payload.value === 'object' && payload.value !== null });
}
export type UserFormInput = z.input<ReturnType<typeof userFormSchema>>;
