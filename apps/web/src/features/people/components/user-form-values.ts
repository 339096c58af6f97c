import { EMPLOYEE_DAYS, EMPLOYEE_DOCUMENT_KINDS, type EmployeeDay, type EmployeeDocumentKind, type EmployeeRecord, type EmployeeType, type UserWorkingDay } from '@clinic/shared';
import type { EmployeeFiles } from '../api/employee-form-data';

export interface UserDocumentValue {
  file: File | null;
  stored: { _id: string; name: string; url: string } | null;
  effectiveDate: string | null;
}

/** Values of the user account form (spec 001: Add user, User edit). */
export interface UserFormValues {
  username: string;
  password: string;
  confirmPassword: string;
  roleIds: string[];
  employeeType: EmployeeType | '';
  fullName: string;
  gender: 'female' | 'male' | '';
  dateOfBirth: string;
  identity: string;
  nationality: string;
  marital_status: 'Single' | 'Married' | 'Divorced' | 'Widowed' | '';
  number_children: number | string | null;
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
  image: File | null;
  jobType: 'FULL_TIME' | 'PART_TIME' | '';
  jobTitle: string;
  hireDate: string;
  clinics: string[];
  workingHours: UserWorkingDay[];
  documents: Record<EmployeeDocumentKind, UserDocumentValue>;
}

const emptyDocument = (): UserDocumentValue => ({ file: null, stored: null, effectiveDate: null });

export function emptyUserValues(): UserFormValues {
  return {
    username: '', password: '', confirmPassword: '', roleIds: [], employeeType: '',
    fullName: '', gender: '', dateOfBirth: '', identity: '', nationality: '', marital_status: '', number_children: 0, email: '',
    phoneNumber1: '', phoneNumber2: '', buildingNumber: '', streetName: '', region: '', country: '',
    emergencyContactName: '', emergencyRelationship: '', emergencyContactPhone: '', image: null,
    jobType: '', jobTitle: '', hireDate: '', clinics: [], workingHours: [],
    documents: { cv: emptyDocument(), workPermit: emptyDocument(), certifications: emptyDocument(), employmentContract: emptyDocument() },
  };
}

/** A day row as the form keeps it: ticked days only, in week order (Sunday first). */
export function sortDays(days: UserWorkingDay[]): UserWorkingDay[] {
  return [...days].sort((a, b) => EMPLOYEE_DAYS.indexOf(a.day) - EMPLOYEE_DAYS.indexOf(b.day));
}

/** Stored working hours (one entry per shift) as days with two shifts. */
export function daysFromHours(hours: EmployeeRecord['workingHours']): UserWorkingDay[] {
  const byDay = new Map<EmployeeDay, Array<{ startTime: string; endTime: string }>>();
  for (const h of [...hours].sort((a, b) => a.startTime.localeCompare(b.startTime))) {
    byDay.set(h.day, [...(byDay.get(h.day) ?? []), { startTime: h.startTime, endTime: h.endTime }]);
  }
  return sortDays([...byDay.entries()].map(([day, shifts]) => ({
    day,
    shift1: shifts[0] ?? { startTime: '', endTime: '' },
    shift2: shifts[1] ?? { startTime: '', endTime: '' },
  })));
}

export function hoursFromDays(days: UserWorkingDay[]): EmployeeRecord['workingHours'] {
  return days.flatMap((d) => [d.shift1, d.shift2].filter((s) => s.startTime && s.endTime).map((s) => ({ day: d.day, ...s })));
}

export function userValuesFromRecord(r: EmployeeRecord): UserFormValues {
  const phones = r.contactInfos.filter((c) => c.type === 'phone');
  const documents = Object.fromEntries(EMPLOYEE_DOCUMENT_KINDS.map((kind) => {
    const d = r.documents[kind];
    return [kind, { file: null, stored: d.file ? { _id: d.file._id, name: d.file.name, url: d.file.url } : null, effectiveDate: d.effectiveDate }];
  })) as UserFormValues['documents'];
  return {
    username: r.username ?? '', password: '', confirmPassword: '',
    roleIds: r.roleIds.map((x) => x._id), employeeType: r.employeeType,
    fullName: r.name, gender: r.gender === 'female' || r.gender === 'male' ? r.gender : '', dateOfBirth: r.dateOfBirth ?? '',
    identity: r.identity ?? '', nationality: r.nationality ?? '',
    marital_status: (r.marital_status ?? '') as UserFormValues['marital_status'], number_children: r.number_children ?? 0,
    email: r.email ?? '', phoneNumber1: phones[0]?.value ?? '', phoneNumber2: phones[1]?.value ?? '',
    buildingNumber: r.addressDetails?.buildingNumber ?? '', streetName: r.addressDetails?.streetName ?? (r.addressDetails ? '' : r.address ?? ''),
    region: r.addressDetails?.region ?? '', country: r.addressDetails?.country ?? '',
    emergencyContactName: r.emergencyContact?.name ?? '', emergencyRelationship: r.emergencyContact?.relationship ?? '',
    emergencyContactPhone: r.emergencyContact?.phone ?? '', image: null,
    jobType: r.jobType === 'FULL_TIME' || r.jobType === 'PART_TIME' ? r.jobType : '', jobTitle: r.jobTitle ?? '', hireDate: r.hireDate ?? '',
    clinics: r.clinics.map((c) => c._id), workingHours: daysFromHours(r.workingHours), documents,
  };
}

const trimmed = (v: string) => v.trim();

/**
 * The form as the employees API's payload and files. On edit the user name, password, type, e-mail and
 * identity are not sent (they are read-only there).
 */
export function userPayload(v: UserFormValues, mode: 'add' | 'edit', stored?: EmployeeRecord, imageRemoved = false): { values: Record<string, unknown>; files: EmployeeFiles } {
  const addressParts = [v.buildingNumber, v.streetName, v.region, v.country].map(trimmed).filter(Boolean);
  const contactInfos = [
    { type: 'phone', value: trimmed(v.phoneNumber1), subType: 'primary' },
    ...(trimmed(v.phoneNumber2) ? [{ type: 'phone', value: trimmed(v.phoneNumber2), subType: 'secondary' }] : []),
    ...(trimmed(v.email) ? [{ type: 'email', value: trimmed(v.email), subType: 'work' }] : []),
  ];
  const values: Record<string, unknown> = {
    name: trimmed(v.fullName),
    roleIds: v.roleIds,
    clinics: v.clinics,
    contactInfos,
    dateOfBirth: v.dateOfBirth,
    gender: v.gender,
    nationality: trimmed(v.nationality),
    marital_status: v.marital_status || null,
    number_children: v.number_children === '' || v.number_children === null ? 0 : Number(v.number_children),
    address: addressParts.join(', '),
    addressDetails: { buildingNumber: trimmed(v.buildingNumber), streetName: trimmed(v.streetName), region: trimmed(v.region), country: trimmed(v.country) },
    emergencyContact: { name: trimmed(v.emergencyContactName), phone: trimmed(v.emergencyContactPhone), relationship: trimmed(v.emergencyRelationship) },
    jobType: v.jobType,
    jobTitle: trimmed(v.jobTitle),
    hireDate: v.hireDate,
    workingHours: hoursFromDays(v.workingHours),
  };
  if (mode === 'add') {
    Object.assign(values, {
      username: trimmed(v.username),
      password: v.password,
      confirmPassword: v.confirmPassword,
      email: trimmed(v.email),
      employeeType: v.employeeType,
      identity: trimmed(v.identity),
    });
  }
  const documents: EmployeeFiles['documents'] = {};
  for (const kind of EMPLOYEE_DOCUMENT_KINDS) {
    const d = v.documents[kind];
    const had = stored?.documents[kind].file ?? null;
    documents[kind] = { file: d.file, remove: Boolean(had && !d.file && !d.stored), effectiveDate: d.effectiveDate };
  }
  return { values, files: { image: { file: v.image, remove: imageRemoved && Boolean(stored?.image), field: 'picture' }, documents } };
}
