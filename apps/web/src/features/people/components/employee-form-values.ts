import type { EmployeeContactInfo, EmployeeRecord, EmployeeType, EmployeeVacationRecord, EmployeeWorkingHour, EmployeeBreakTime } from '@clinic/shared';

/** Values of the staff and doctor form (spec 000 section 5). */
export interface EmployeeFormValues {
  name: string;
  employeeType: EmployeeType;
  image: File | null;
  contactInfos: Array<{ type: EmployeeContactInfo['type'] | ''; value: string; subType: string }>;
  dateOfBirth: string;
  gender: 'female' | 'male' | '';
  identity: string;
  nationality: string;
  marital_status: string | null;
  number_children: number | string | null;
  Languages: string[];
  medicalLicenseNumber: string;
  consultation_fee: number | string | null;
  on_call: boolean;
  hireDate: string;
  certifications: string[];
  professional_experience: string;
  Qualifications: string;
  address: string;
  notes: string;
  jobType: 'FULL_TIME' | 'PART_TIME' | '';
  jobTitle: string;
  specializations: string[];
  clinics: string[];
  departmentId: string | null;
  clinicCollectionId: string | null;
  workingHours: Array<{ day: EmployeeWorkingHour['day'] | ''; startTime: string; endTime: string }>;
  breakTimes: EmployeeBreakTime[];
  vacationRecords: Array<{ leaveStartDate: string; leaveEndDate: string; leaveType: EmployeeVacationRecord['leaveType'] | ''; status: EmployeeVacationRecord['status'] | '' }>;
}

export function emptyEmployeeValues(employeeType: EmployeeType): EmployeeFormValues {
  return {
    name: '',
    employeeType,
    image: null,
    contactInfos: [{ type: 'phone', value: '', subType: '' }],
    dateOfBirth: '',
    gender: '',
    identity: '',
    nationality: '',
    marital_status: 'Single',
    number_children: 0,
    Languages: [],
    medicalLicenseNumber: '',
    consultation_fee: null,
    on_call: false,
    hireDate: '',
    certifications: [],
    professional_experience: '',
    Qualifications: '',
    address: '',
    notes: '',
    jobType: 'FULL_TIME',
    jobTitle: '',
    specializations: [],
    clinics: [],
    departmentId: null,
    clinicCollectionId: null,
    workingHours: [{ day: 'Sunday', startTime: '09:00', endTime: '17:00' }],
    breakTimes: [],
    vacationRecords: [],
  };
}

/** The stored employee as form values (the edit screen). */
export function employeeValuesFromRecord(r: EmployeeRecord): EmployeeFormValues {
  return {
    name: r.name,
    employeeType: r.employeeType,
    image: null,
    contactInfos: r.contactInfos.map((c) => ({ type: c.type, value: c.value, subType: c.subType ?? '' })),
    dateOfBirth: r.dateOfBirth ?? '',
    gender: r.gender === 'female' || r.gender === 'male' ? r.gender : '',
    identity: r.identity ?? '',
    nationality: r.nationality ?? '',
    marital_status: r.marital_status,
    number_children: r.number_children,
    Languages: r.Languages,
    medicalLicenseNumber: r.medicalLicenseNumber ?? '',
    consultation_fee: r.consultation_fee,
    on_call: r.on_call,
    hireDate: r.hireDate ?? '',
    certifications: r.certifications,
    professional_experience: r.professional_experience ?? '',
    Qualifications: r.Qualifications ?? '',
    address: r.address ?? '',
    notes: r.notes ?? '',
    jobType: r.jobType === 'FULL_TIME' || r.jobType === 'PART_TIME' ? r.jobType : '',
    jobTitle: r.jobTitle ?? '',
    specializations: r.specializations.map((s) => s._id),
    clinics: r.clinics.map((c) => c._id),
    departmentId: r.departmentId?._id ?? null,
    clinicCollectionId: r.clinicCollectionId?._id ?? null,
    workingHours: r.workingHours.map((h) => ({ ...h })),
    breakTimes: r.breakTimes.map((b) => ({ ...b })),
    vacationRecords: r.vacationRecords.map((v) => ({ ...v })),
  };
}

const blank = (v: string | null | undefined) => (v && v.trim() ? v.trim() : null);
const numberOrNull = (v: number | string | null) => (v === '' || v === null || v === undefined ? null : Number(v));

/** The validated form as the API payload (the picture travels separately as a file). */
export function employeePayload(v: EmployeeFormValues): Record<string, unknown> {
  return {
    name: v.name.trim(),
    employeeType: v.employeeType,
    contactInfos: v.contactInfos.map((c) => ({ type: c.type, value: c.value.trim(), ...(blank(c.subType) ? { subType: c.subType.trim() } : {}) })),
    dateOfBirth: v.dateOfBirth,
    gender: v.gender,
    identity: v.identity.trim(),
    nationality: blank(v.nationality),
    marital_status: v.marital_status,
    number_children: numberOrNull(v.number_children),
    Languages: v.Languages,
    medicalLicenseNumber: blank(v.medicalLicenseNumber),
    consultation_fee: numberOrNull(v.consultation_fee),
    on_call: v.on_call,
    hireDate: v.hireDate,
    certifications: v.certifications,
    professional_experience: blank(v.professional_experience),
    Qualifications: blank(v.Qualifications),
    address: v.address.trim(),
    notes: blank(v.notes),
    jobType: v.jobType || null,
    jobTitle: blank(v.jobTitle),
    specializations: v.specializations,
    clinics: v.clinics,
    departmentId: v.departmentId,
    clinicCollectionId: v.clinicCollectionId,
    workingHours: v.workingHours,
    breakTimes: v.breakTimes,
    vacationRecords: v.vacationRecords,
  };
}
