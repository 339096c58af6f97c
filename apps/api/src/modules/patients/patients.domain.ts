/**
 * Pure rules of the patient record: age, insurance validity, the treatment timeline, how the form is stored,
 * and which fields an edit changed (for the audit log).
 */
import type { PatientData, PatientEmergencyContact, PatientInsurance } from '@clinic/shared';
import { localTime, safeTimeZone } from '@clinic/shared';
import { canonicalPhone, phoneSearchDigits } from '../../lib/phone.js';

/** Today's calendar date (`YYYY-MM-DD`) in a time zone; UTC when the zone is unknown. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return localTime(now, safeTimeZone(timeZone)).date;
}

/** Whole years between a date of birth and today (both `YYYY-MM-DD`); a birthday counts from its day. */
export function ageOn(dateOfBirth: string, today: string): number {
  const [by, bm, bd] = dateOfBirth.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  let age = ty - by;
  if (tm < bm || (tm === bm && td < bd)) age -= 1;
  return Math.max(0, age);
}

/** An insurance covers the patient up to and including its expiry date. */
export function insuranceIsActive(expiryDate: string, today: string): boolean {
  return expiryDate >= today;
}

export function withInsuranceStatus(insurances: ReadonlyArray<{ insuranceType: string; expiryDate: string }>, today: string): PatientInsurance[] {
  return insurances.map((i) => ({ insuranceType: i.insuranceType, expiryDate: i.expiryDate, active: insuranceIsActive(i.expiryDate, today) }));
}

/**
 * Splits a patient's appointments into history (starting on or before now, latest first) and upcoming
 * (after now, soonest first).
 */
export function splitTreatment<T extends { startsAt: Date }>(entries: readonly T[], now: Date): { upcoming: T[]; history: T[] } {
  const history = entries.filter((e) => e.startsAt.getTime() <= now.getTime()).sort((a, b) => b.startsAt.getTime() - a.startsAt.getTime());
  const upcoming = entries.filter((e) => e.startsAt.getTime() > now.getTime()).sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime());
  return { upcoming, history };
}

/** The long tail of the patient form, kept in `patients.details`. */
export interface StoredPatientDetails {
  address?: string;
  languages?: string[];
  preferredLanguage?: string;
  evaluation?: number;
  number_children?: number;
  height?: number;
  weight?: number;
  professiona_experi?: string;
  Current_Medications?: string;
  Surgical_History?: string;
  lifestyleFactors?: string;
  allergies?: string[];
  ChronicDiseases?: Array<{ disease_name: string }>;
  familyMedicalHistory?: string[];
  insurances?: Array<{ insuranceType: string; expiryDate: string }>;
  emergencyContacts?: PatientEmergencyContact[];
}

/** The real columns of a patient row that the form writes. */
export interface PatientColumns {
  name: string;
  identity: string;
  phone: string;
  email: string | null;
  dateOfBirth: string;
  gender: string;
  nationality: string;
  maritalStatus: string;
  bloodType: string;
  smoking: boolean;
  details: StoredPatientDetails;
}

function compact<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined && !(Array.isArray(v) && v.length === 0))) as T;
}

/** Splits a validated form into columns (searched, filtered, checked) and the details document. */
export function toColumns(data: PatientData): PatientColumns {
  return {
    name: data.name,
    identity: data.identity,
    phone: canonicalPhone(data.phone),
    email: data.email?.toLowerCase() ?? null,
    dateOfBirth: data.dateOfBirth,
    gender: data.gender,
    nationality: data.nationality,
    maritalStatus: data.marital_status,
    bloodType: data.blood_type,
    smoking: data.Smoking,
    details: compact<StoredPatientDetails>({
      address: data.address,
      languages: data.languages ? [...new Set(data.languages)] : undefined,
      preferredLanguage: data.preferredLanguage,
      evaluation: data.evaluation,
      number_children: data.number_children,
      height: data.height,
      weight: data.weight,
      professiona_experi: data.professiona_experi,
      Current_Medications: data.Current_Medications,
      Surgical_History: data.Surgical_History,
      lifestyleFactors: data.lifestyleFactors,
      allergies: data.allergies,
      ChronicDiseases: data.ChronicDiseases,
      familyMedicalHistory: data.familyMedicalHistory,
      insurances: data.insurances,
      emergencyContacts: data.emergencyContacts,
    }),
  };
}

/** The form's fields as one flat record, to compare a patient before and after an edit. */
export function formView(c: PatientColumns & { isActive: boolean; imageFileId: string | null }): Record<string, unknown> {
  const { details, maritalStatus, bloodType, smoking, ...rest } = c;
  return { ...rest, marital_status: maritalStatus, blood_type: bloodType, Smoking: smoking, ...details };
}

/** Phone and e-mail as the spec's contact list. */
export function contactInfosOf(phone: string | null, email: string | null): Array<{ type: 'email' | 'phone'; value: string }> {
  const infos: Array<{ type: 'email' | 'phone'; value: string }> = [];
  if (phone) infos.push({ type: 'phone', value: phone });
  if (email) infos.push({ type: 'email', value: email });
  return infos;
}

/** Search text as typed; phone numbers are also matched without their spaces and dashes. */
export function phoneSearchText(search: string): string | null {
  const digits = search.replace(/[\s\-().]/g, '');
  if (!/^\+?\d{3,}$/.test(digits)) return null;
  // A whole number finds its patient however it was stored or typed (0501234567, +966 50 123 4567).
  const national = phoneSearchDigits(digits);
  return national !== search ? national : null;
}
