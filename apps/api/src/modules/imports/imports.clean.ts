/**
 * Clean-up on the way in, without I/O: headers recognised in Arabic or English, Arabic-Indic digits, phone numbers to
 * E.164 by country, Gregorian and Hijri (Umm al-Qura) dates, and each patient row checked with the same schema as
 * the desk's quick registration.
 */
import { hijriMonthLength, hijriMonthStart, normaliseDigits, quickPatientInput, type ImportKind } from '@clinic/shared';
import type { CountryCode } from 'libphonenumber-js';
import { toE164 } from '../../lib/phone.js';

/** Header texts recognised per field (compared after `headerKey`). */
const SYNONYMS: Record<string, readonly string[]> = {
  name: ['name', 'full name', 'patient name', 'patient', 'الاسم', 'الاسم الكامل', 'اسم المريض', 'الاسم الرباعي', 'اسم الخدمة', 'service', 'service name', 'employee name', 'اسم الموظف'],
  phone: ['phone', 'mobile', 'mobile number', 'phone number', 'cell', 'telephone', 'الجوال', 'رقم الجوال', 'الهاتف', 'رقم الهاتف', 'الموبايل', 'جوال'],
  dateOfBirth: ['date of birth', 'birth date', 'birthdate', 'dob', 'birthday', 'تاريخ الميلاد', 'الميلاد', 'تاريخ الولاده'],
  gender: ['gender', 'sex', 'الجنس', 'النوع'],
  identity: ['identity', 'identity number', 'id number', 'national id', 'iqama', 'رقم الهويه', 'الهويه', 'رقم الاقامه', 'السجل المدني', 'رقم السجل المدني'],
  email: ['email', 'e-mail', 'email address', 'البريد الالكتروني', 'البريد', 'الايميل'],
  employeeType: ['type', 'role', 'employee type', 'job', 'position', 'النوع الوظيفي', 'الوظيفه', 'المسمي الوظيفي', 'نوع الموظف'],
  hireDate: ['hire date', 'hiring date', 'start date', 'joined', 'تاريخ التعيين', 'تاريخ المباشره'],
  address: ['address', 'العنوان'],
  workingHours: ['working hours', 'hours', 'shift', 'ساعات العمل', 'الدوام', 'وقت الدوام'],
  clinics: ['clinics', 'clinic', 'العيادات', 'العياده'],
  speciality: ['speciality', 'specialty', 'specialities', 'specialization', 'التخصص', 'التخصصات'],
  price: ['price', 'fee', 'cost', 'السعر', 'الرسوم', 'التكلفه'],
  duration: ['duration', 'duration minutes', 'minutes', 'المده', 'مده الخدمه', 'المده بالدقائق'],
  description: ['description', 'details', 'الوصف', 'التفاصيل'],
  clinic: ['clinic', 'clinic name', 'branch', 'العياده', 'اسم العياده', 'الفرع'],
  doctors: ['doctors', 'doctor', 'doctor names', 'الاطباء', 'الطبيب', 'اسماء الاطباء'],
  patient: ['patient', 'patient number', 'patient id', 'file number', 'patient phone', 'patient mobile', 'المريض', 'رقم المريض', 'رقم الملف', 'جوال المريض', 'هويه المريض'],
  doctor: ['doctor', 'doctor name', 'physician', 'الطبيب', 'اسم الطبيب', 'الدكتور'],
  service: ['service', 'service name', 'الخدمه', 'اسم الخدمه'],
  date: ['date', 'appointment date', 'day', 'التاريخ', 'تاريخ الموعد', 'اليوم'],
  time: ['time', 'appointment time', 'start', 'start time', 'الوقت', 'وقت الموعد', 'الساعه'],
  reason: ['reason', 'notes', 'reason for visit', 'السبب', 'سبب الزياره', 'ملاحظات'],
};

/** A header as compared: digits normalised, lower case, Arabic letter variants folded, punctuation and spaces squeezed. */
export function headerKey(text: string): string {
  return normaliseDigits(text).toLowerCase()
    .replace(/[\u064b-\u065f\u0640]/g, '')
    .replace(/[أإآ]/g, 'ا').replace(/ة/g, 'ه').replace(/ى/g, 'ي')
    .replace(/[_\-.:/()]+/g, ' ').replace(/\s+/g, ' ').trim();
}

/**
 * The mapping { field: header } for a file's headers: the organisation's remembered one first ({ header key: field }),
 * then the synonyms. Each header serves one field at most.
 */
export function detectMapping(fields: readonly string[], headers: readonly string[], remembered: Record<string, string>): Record<string, string> {
  const mapping: Record<string, string> = {};
  const used = new Set<string>();
  const take = (field: string, header: string) => { if (!mapping[field] && !used.has(header)) { mapping[field] = header; used.add(header); } };
  for (const h of headers) { const f = remembered[headerKey(h)]; if (f && fields.includes(f)) take(f, h); }
  for (const f of fields) {
    const known = (SYNONYMS[f] ?? []).map(headerKey);
    const h = headers.find((x) => known.includes(headerKey(x)) && !used.has(x));
    if (h) take(f, h);
  }
  return mapping;
}

/** The mapping as the organisation remembers it: { header key: field }. */
export function rememberedForm(mapping: Record<string, string>): Record<string, string> {
  return Object.fromEntries(Object.entries(mapping).map(([field, header]) => [headerKey(header), field]));
}

export function cleanText(v: string): string {
  return normaliseDigits(v).replace(/\s+/g, ' ').trim();
}

/** A phone number in E.164 (lib/phone.ts), read in `country` unless it says +. */
export { toE164 };

const pad = (n: number) => String(n).padStart(2, '0');

/** The Gregorian day ('YYYY-MM-DD') of an Umm al-Qura date, or null when there is no such day. */
export function fromHijri(year: number, month: number, day: number): string | null {
  const start = hijriMonthStart(year, month);
  const length = hijriMonthLength(year, month);
  if (!start || !length || !Number.isInteger(day) || day < 1 || day > length) return null;
  return new Date(Date.parse(`${start}T00:00:00Z`) + (day - 1) * 86_400_000).toISOString().slice(0, 10);
}

function gregorian(y: number, m: number, d: number): string | null {
  const iso = `${String(y).padStart(4, '0')}-${pad(m)}-${pad(d)}`;
  const t = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(t.getTime()) && t.toISOString().slice(0, 10) === iso ? iso : null;
}

/**
 * A date written as YYYY-MM-DD, YYYY/MM/DD or DD/MM/YYYY (also with dashes or dots), in Western or Arabic-Indic
 * digits. Hijri when it says so (هـ, AH) or its year is one only the Hijri calendar has now (1300..1500).
 */
export function toIsoDate(text: string): string | null {
  let s = normaliseDigits(text).trim();
  const markedHijri = /(هـ|ه|AH|H)\s*$/i.test(s);
  s = s.replace(/(هـ|ه|AH|H)\s*$/i, '').trim();
  let y: number, m: number, d: number;
  let match = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[T ].*)?$/.exec(s);
  if (match) [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else if ((match = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(s))) [d, m, y] = [Number(match[1]), Number(match[2]), Number(match[3])];
  else return null;
  if (markedHijri || (y >= 1300 && y <= 1500)) return fromHijri(y, m, d);
  return gregorian(y, m, d);
}

const GENDERS: Record<string, 'male' | 'female'> = {
  male: 'male', m: 'male', man: 'male', 'ذكر': 'male', 'ذ': 'male', 'رجل': 'male',
  female: 'female', f: 'female', woman: 'female', 'انثي': 'female', 'انثى': 'female', 'أنثى': 'female', 'ا': 'female', 'امراه': 'female',
};

export function toGender(text: string): 'male' | 'female' | null {
  return GENDERS[headerKey(text)] ?? GENDERS[text.trim()] ?? null;
}

export interface RowProblem { field: string; key: string; params?: Record<string, unknown> }
export interface PatientRow { name: string; phone: string; dateOfBirth: string; gender: 'male' | 'female'; identity: string; email: string | null }

/** The cleaned patient of a row, or the problems that refuse it (field and message key). */
export function cleanPatient(get: (field: string) => string, country: CountryCode, today: string): { value: PatientRow | null; problems: RowProblem[] } {
  const problems: RowProblem[] = [];
  const required = (field: string) => { const v = cleanText(get(field)); if (!v) problems.push({ field, key: 'validation.imports.required' }); return v; };
  const name = required('name');
  const phoneText = required('phone');
  const dobText = required('dateOfBirth');
  const genderText = required('gender');
  const phone = phoneText ? toE164(phoneText, country) : null;
  if (phoneText && !phone) problems.push({ field: 'phone', key: 'validation.imports.phone' });
  const dob = dobText ? toIsoDate(dobText) : null;
  if (dobText && !dob) problems.push({ field: 'dateOfBirth', key: 'validation.imports.date' });
  else if (dob && dob > today) problems.push({ field: 'dateOfBirth', key: 'validation.imports.dateFuture' });
  const gender = genderText ? toGender(genderText) : null;
  if (genderText && !gender) problems.push({ field: 'gender', key: 'validation.imports.gender' });
  const identity = cleanText(get('identity'));
  if (identity.length > 30) problems.push({ field: 'identity', key: 'validation.imports.tooLong' });
  const email = cleanText(get('email')).toLowerCase() || null;
  if (email && (email.length > 120 || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))) problems.push({ field: 'email', key: 'validation.imports.email' });
  if (problems.length) return { value: null, problems };
  // The desk's own rules for a patient registered with these four fields (name length, date range, ...).
  const checked = quickPatientInput.safeParse({ name, phone, dateOfBirth: dob, gender });
  if (!checked.success) {
    return { value: null, problems: checked.error.issues.map((i) => ({ field: String(i.path[0] ?? 'name'), key: i.message })) };
  }
  return { value: { ...checked.data, gender: gender!, identity, email }, problems };
}

export const SUPPORTED_KINDS: readonly ImportKind[] = ['patients', 'employees', 'services', 'appointments'];
