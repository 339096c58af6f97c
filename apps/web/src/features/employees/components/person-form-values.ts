import type { z } from 'zod';
import {
  EMPLOYEE_DOCUMENT_KINDS, WEEK_DAYS, type employeeFormSchema, type userFormSchema, type EmployeeBreakTime, type EmployeeContactInfo, type EmployeeDocumentKind, type EmployeeRecord, type EmployeeType,
  type EmployeeVacationRecord, type EmployeeWorkingHour, type UserWorkingDay,
} from '@clinic/shared';
import { daysToRows, rowsToDays } from '@/components/form/working-hours-field';
import type { EditorDay } from '@/components/form/working-hours-editor';
import type { EmployeeFiles } from '../api/employee-form-data';

/*
 * Values of the two forms over one employee record: the staff and doctor form (spec 000 section 5) and the user account
 * form (spec 001), which adds the sign-in fields and documents and keeps phones, address and shifts in fixed fields.
 */

/** What both forms hold under the same names (the personal, job and work-place fields). */
interface PersonValues {
  image: File | null;
  dateOfBirth: string;
  gender: 'female' | 'male' | '';
  identity: string;
  nationality: string;
  number_children: number | string | null;
  jobType: 'FULL_TIME' | 'PART_TIME' | '';
  jobTitle: string;
  hireDate: string;
  clinics: string[];
}

export interface EmployeeFormValues extends PersonValues {
  name: string;
  employeeType: EmployeeType;
  contactInfos: Array<{ type: EmployeeContactInfo['type'] | ''; value: string; subType: string }>;
  marital_status: string | null;
  Languages: string[];
  medicalLicenseNumber: string;
  consultation_fee: number | string | null;
  on_call: boolean;
  certifications: string[];
  professional_experience: string;
  Qualifications: string;
  address: string;
  notes: string;
  specializations: string[];
  departmentId: string | null;
  clinicCollectionId: string | null;
  workingHours: Array<{ day: EmployeeWorkingHour['day'] | ''; startTime: string; endTime: string }>;
  breakTimes: EmployeeBreakTime[];
  vacationRecords: Array<{ leaveStartDate: string; leaveEndDate: string; leaveType: EmployeeVacationRecord['leaveType'] | ''; status: EmployeeVacationRecord['status'] | '' }>;
}

export interface UserDocumentValue {
  file: File | null;
  stored: { _id: string; name: string; url: string } | null;
  effectiveDate: string | null;
}

export interface UserFormValues extends PersonValues {
  username: string;
  password: string;
  confirmPassword: string;
  roleIds: string[];
  employeeType: EmployeeType | '';
  fullName: string;
  marital_status: 'Single' | 'Married' | 'Divorced' | 'Widowed' | '';
  email: string;
  phoneNumber1: string;
  phoneNumber2: string;
  buildingNumber: string;
  streetName: string;
  region: string;
  country: string;
  emergencyContactName: string;
  emergencyRelationship: string;
  emergencyContactPhone: string;
  workingHours: UserWorkingDay[];
  documents: Record<EmployeeDocumentKind, UserDocumentValue>;
}

/** What the staff and doctor form sends once its schema has read it (numbers as numbers, blanks as null, ...). */
export type EmployeeFormOutput = z.output<typeof employeeFormSchema>;

/** The account form's values once its schema has read them. */
export type UserFormParsed = z.output<ReturnType<typeof userFormSchema>>;

/** What the account form sends: its schema's reading, with the picked files as the browser holds them. */
export type UserFormOutput = Omit<UserFormParsed, 'image' | 'documents'> & Pick<UserFormValues, 'image' | 'documents'>;

/* ---------- working hours: stored one row per shift; the account form keeps days with two shifts ---------- */

type Shifts = EmployeeFormValues['workingHours'];
const noShift = () => ({ startTime: '', endTime: '' });

/** Stored shifts (one row per shift) as days with slots, in week order. */
export const shiftsToDays = (rows: Shifts): EditorDay[] => rowsToDays(rows, WEEK_DAYS);
export const daysToShifts = (days: EditorDay[]): Shifts => daysToRows<Shifts[number]>(days);

/** Account days (two shifts each) as days with slots: an empty second shift is no slot. */
export const accountDaysToEditor = (days: UserWorkingDay[]): EditorDay[] =>
  days.map((d) => ({ day: d.day, timeSlots: d.shift2.startTime || d.shift2.endTime ? [d.shift1, d.shift2] : [d.shift1] }));
export const editorToAccountDays = (days: EditorDay[]): UserWorkingDay[] =>
  days.map((d) => ({ day: d.day as UserWorkingDay['day'], shift1: d.timeSlots[0] ?? noShift(), shift2: d.timeSlots[1] ?? noShift() }));

/** Stored working hours as days with two shifts, earliest first, in week order. */
export function daysFromHours(hours: EmployeeRecord['workingHours']): UserWorkingDay[] {
  return editorToAccountDays(shiftsToDays([...hours].sort((a, b) => a.startTime.localeCompare(b.startTime))));
}

export function hoursFromDays(days: UserWorkingDay[]): EmployeeRecord['workingHours'] {
  return days.flatMap((d) => [d.shift1, d.shift2].filter((s) => s.startTime && s.endTime).map((s) => ({ day: d.day, ...s })));
}

/* ---------- empty forms and stored records as values ---------- */

const emptyPerson = (): PersonValues => ({
  image: null, dateOfBirth: '', gender: '', identity: '', nationality: '', number_children: 0, jobType: '', jobTitle: '', hireDate: '', clinics: [],
});

function personFromRecord(r: EmployeeRecord): PersonValues {
  return {
    image: null,
    dateOfBirth: r.dateOfBirth ?? '',
    gender: r.gender === 'female' || r.gender === 'male' ? r.gender : '',
    identity: r.identity ?? '',
    nationality: r.nationality ?? '',
    number_children: r.number_children,
    jobType: r.jobType === 'FULL_TIME' || r.jobType === 'PART_TIME' ? r.jobType : '',
    jobTitle: r.jobTitle ?? '',
    hireDate: r.hireDate ?? '',
    clinics: r.clinics.map((c) => c._id),
  };
}

export function emptyEmployeeValues(employeeType: EmployeeType): EmployeeFormValues {
  return {
    ...emptyPerson(), name: '', employeeType, contactInfos: [{ type: 'phone', value: '', subType: '' }], marital_status: 'Single', Languages: [],
    medicalLicenseNumber: '', consultation_fee: null, on_call: false, certifications: [], professional_experience: '', Qualifications: '', address: '',
    notes: '', jobType: 'FULL_TIME', specializations: [], departmentId: null, clinicCollectionId: null,
    workingHours: [{ day: 'Sunday', startTime: '09:00', endTime: '17:00' }], breakTimes: [], vacationRecords: [],
  };
}

/** The stored employee as the staff form's values (the edit screen). */
export function employeeValuesFromRecord(r: EmployeeRecord): EmployeeFormValues {
  return {
    ...personFromRecord(r), name: r.name, employeeType: r.employeeType,
    contactInfos: r.contactInfos.map((c) => ({ type: c.type, value: c.value, subType: c.subType ?? '' })),
    marital_status: r.marital_status, Languages: r.Languages, medicalLicenseNumber: r.medicalLicenseNumber ?? '', consultation_fee: r.consultation_fee,
    on_call: r.on_call, certifications: r.certifications, professional_experience: r.professional_experience ?? '', Qualifications: r.Qualifications ?? '',
    address: r.address ?? '', notes: r.notes ?? '', specializations: r.specializations.map((s) => s._id), departmentId: r.departmentId?._id ?? null,
    clinicCollectionId: r.clinicCollectionId?._id ?? null, workingHours: r.workingHours.map((h) => ({ ...h })), breakTimes: r.breakTimes.map((b) => ({ ...b })),
    vacationRecords: r.vacationRecords.map((v) => ({ ...v })),
  };
}

const emptyDocument = (): UserDocumentValue => ({ file: null, stored: null, effectiveDate: null });

export function emptyUserValues(): UserFormValues {
  return {
    ...emptyPerson(), username: '', password: '', confirmPassword: '', roleIds: [], employeeType: '', fullName: '', marital_status: '', email: '',
    phoneNumber1: '', phoneNumber2: '', buildingNumber: '', streetName: '', region: '', country: '',
    emergencyContactName: '', emergencyRelationship: '', emergencyContactPhone: '', workingHours: [],
    documents: { cv: emptyDocument(), workPermit: emptyDocument(), certifications: emptyDocument(), employmentContract: emptyDocument() },
  };
}

/** The stored account as the user form's values: phones, address parts and shifts in their fixed fields. */
export function userValuesFromRecord(r: EmployeeRecord): UserFormValues {
  const phones = r.contactInfos.filter((c) => c.type === 'phone');
  const documents = Object.fromEntries(EMPLOYEE_DOCUMENT_KINDS.map((kind) => {
    const d = r.documents[kind];
    return [kind, { file: null, stored: d.file ? { _id: d.file._id, name: d.file.name, url: d.file.url } : null, effectiveDate: d.effectiveDate }];
  })) as UserFormValues['documents'];
  return {
    ...personFromRecord(r), username: r.username ?? '', password: '', confirmPassword: '', roleIds: r.roleIds.map((x) => x._id), employeeType: r.employeeType,
    fullName: r.name, marital_status: (r.marital_status ?? '') as UserFormValues['marital_status'], number_children: r.number_children ?? 0,
    email: r.email ?? '', phoneNumber1: phones[0]?.value ?? '', phoneNumber2: phones[1]?.value ?? '',
    buildingNumber: r.addressDetails?.buildingNumber ?? '', streetName: r.addressDetails?.streetName ?? (r.addressDetails ? '' : r.address ?? ''),
    region: r.addressDetails?.region ?? '', country: r.addressDetails?.country ?? '',
    emergencyContactName: r.emergencyContact?.name ?? '', emergencyRelationship: r.emergencyContact?.relationship ?? '',
    emergencyContactPhone: r.emergencyContact?.phone ?? '', workingHours: daysFromHours(r.workingHours), documents,
  };
}

/* ---------- values as the employees API's payload (the picture and documents travel as files) ---------- */

const trimmed = (v: string) => v.trim();
const blank = (v: string | null | undefined) => (v && v.trim() ? v.trim() : null);
const numberOrNull = (v: unknown) => (v === '' || v === null || v === undefined ? null : Number(v));

export function employeePayload(v: EmployeeFormOutput): Record<string, unknown> {
  return {
    name: trimmed(v.name), employeeType: v.employeeType,
    contactInfos: v.contactInfos.map((c) => ({ type: c.type, value: trimmed(c.value), ...(blank(c.subType) ? { subType: blank(c.subType) } : {}) })),
    dateOfBirth: v.dateOfBirth, gender: v.gender, identity: trimmed(v.identity), nationality: blank(v.nationality), marital_status: v.marital_status,
    number_children: numberOrNull(v.number_children), Languages: v.Languages, medicalLicenseNumber: blank(v.medicalLicenseNumber),
    consultation_fee: numberOrNull(v.consultation_fee), on_call: v.on_call, hireDate: v.hireDate, certifications: v.certifications,
    professional_experience: blank(v.professional_experience), Qualifications: blank(v.Qualifications), address: trimmed(v.address), notes: blank(v.notes),
    jobType: v.jobType || null, jobTitle: blank(v.jobTitle), specializations: v.specializations, clinics: v.clinics, departmentId: v.departmentId,
    clinicCollectionId: v.clinicCollectionId, workingHours: v.workingHours, breakTimes: v.breakTimes, vacationRecords: v.vacationRecords,
  };
}

/** The account form's payload and files; on edit the user name, password, type, e-mail and identity are not sent (read-only there). */
export function userPayload(v: UserFormOutput, mode: 'add' | 'edit', stored?: EmployeeRecord, imageRemoved = false): { values: Record<string, unknown>; files: EmployeeFiles } {
  const address = { buildingNumber: trimmed(v.buildingNumber), streetName: trimmed(v.streetName), region: trimmed(v.region), country: trimmed(v.country) };
  const contactInfos = [
    { type: 'phone', value: trimmed(v.phoneNumber1), subType: 'primary' },
    ...(trimmed(v.phoneNumber2) ? [{ type: 'phone', value: trimmed(v.phoneNumber2), subType: 'secondary' }] : []),
    ...(trimmed(v.email) ? [{ type: 'email', value: trimmed(v.email), subType: 'work' }] : []),
  ];
  const values: Record<string, unknown> = {
    name: trimmed(v.fullName), roleIds: v.roleIds, clinics: v.clinics, contactInfos, dateOfBirth: v.dateOfBirth, gender: v.gender,
    nationality: trimmed(v.nationality), marital_status: v.marital_status || null, number_children: numberOrNull(v.number_children) ?? 0,
    address: Object.values(address).filter(Boolean).join(', '), addressDetails: address,
    emergencyContact: { name: trimmed(v.emergencyContactName), phone: trimmed(v.emergencyContactPhone), relationship: trimmed(v.emergencyRelationship) },
    jobType: v.jobType, jobTitle: trimmed(v.jobTitle), hireDate: v.hireDate, workingHours: hoursFromDays(v.workingHours),
  };
  if (mode === 'add') {
    Object.assign(values, { username: trimmed(v.username), password: v.password, confirmPassword: v.confirmPassword, email: trimmed(v.email), employeeType: v.employeeType, identity: trimmed(v.identity) });
  }
  const documents: EmployeeFiles['documents'] = {};
  for (const kind of EMPLOYEE_DOCUMENT_KINDS) {
    const d = v.documents[kind];
    const had = stored?.documents[kind].file ?? null;
    documents[kind] = { file: d.file, remove: Boolean(had && !d.file && !d.stored), effectiveDate: d.effectiveDate };
  }
  return { values, files: { image: { file: v.image, remove: imageRemoved && Boolean(stored?.image), field: 'picture' }, documents } };
}
