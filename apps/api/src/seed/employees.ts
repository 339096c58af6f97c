import { and, eq, isNull, sql } from 'drizzle-orm';
import type { EmployeeBreakTime, EmployeeDay, EmployeeVacationRecord, EmployeeWorkingHour } from '@clinic/shared';
import type { Db } from '../db/client.js';
import { clinics, employeeClinics, employeeRoles, employees, employeeSpecializations, invitations, specializations } from '../db/schema/index.js';
import { nextPublicId } from '../lib/public-id.js';
import { mulberry32 } from './random.js';

/*
 * Demo doctors and staff: 20 doctors and 15 other staff spread over the demo clinics (when the organisation
 * seed created any), with working hours inside their clinics' hours, breaks, a few leaves and specialities;
 * the demo user accounts get complete profiles too. Deterministic (seeded PRNG) and bulk-inserted.
 */

interface DoctorSeed { name: string; gender: 'male' | 'female'; speciality: string; title: string; nationality: string; languages: string[] }

const DOCTORS: DoctorSeed[] = [
  { name: 'Dr. Ahmed Al-Rashid', gender: 'male', speciality: 'Cardiology', title: 'Consultant Cardiologist', nationality: 'Saudi', languages: ['Arabic', 'English'] },
  { name: 'Dr. Sarah Mitchell', gender: 'female', speciality: 'Pediatrics', title: 'Pediatrician', nationality: 'British', languages: ['English'] },
  { name: 'Dr. Khalid Al-Otaibi', gender: 'male', speciality: 'Orthopedics', title: 'Orthopedic Surgeon', nationality: 'Saudi', languages: ['Arabic', 'English'] },
  { name: 'Dr. Mona El-Sayed', gender: 'female', speciality: 'Dermatology', title: 'Dermatologist', nationality: 'Egyptian', languages: ['Arabic', 'English', 'French'] },
  { name: 'د. نورة العتيبي', gender: 'female', speciality: 'Obstetrics and Gynecology', title: 'Consultant Obstetrician', nationality: 'Saudi', languages: ['Arabic', 'English'] },
  { name: 'Dr. James Whitaker', gender: 'male', speciality: 'Internal Medicine', title: 'Internist', nationality: 'American', languages: ['English', 'Spanish'] },
  { name: 'Dr. Rania Haddad', gender: 'female', speciality: 'Ophthalmology', title: 'Ophthalmologist', nationality: 'Lebanese', languages: ['Arabic', 'English', 'French'] },
  { name: 'Dr. Faisal Al-Qahtani', gender: 'male', speciality: 'Neurology', title: 'Neurologist', nationality: 'Saudi', languages: ['Arabic', 'English'] },
  { name: 'Dr. Priya Nair', gender: 'female', speciality: 'Endocrinology', title: 'Endocrinologist', nationality: 'Indian', languages: ['English'] },
  { name: 'Dr. Tariq Mahmoud', gender: 'male', speciality: 'ENT', title: 'ENT Specialist', nationality: 'Jordanian', languages: ['Arabic', 'English'] },
  { name: 'د. عبدالله الشهري', gender: 'male', speciality: 'General Surgery', title: 'General Surgeon', nationality: 'Saudi', languages: ['Arabic'] },
  { name: 'Dr. Laura Bennett', gender: 'female', speciality: 'Psychiatry', title: 'Psychiatrist', nationality: 'Canadian', languages: ['English', 'French'] },
  { name: 'Dr. Hassan Yousef', gender: 'male', speciality: 'Urology', title: 'Urologist', nationality: 'Syrian', languages: ['Arabic', 'English', 'German'] },
  { name: 'Dr. Amal Al-Zahrani', gender: 'female', speciality: 'Family Medicine', title: 'Family Physician', nationality: 'Saudi', languages: ['Arabic', 'English'] },
  { name: 'Dr. Michael O\'Connor', gender: 'male', speciality: 'Emergency Medicine', title: 'Emergency Physician', nationality: 'Australian', languages: ['English'] },
  { name: 'Dr. Salma Benali', gender: 'female', speciality: 'Dentistry', title: 'Dentist', nationality: 'Moroccan', languages: ['Arabic', 'French', 'English'] },
  { name: 'Dr. Omar Farouk', gender: 'male', speciality: 'Gastroenterology', title: 'Gastroenterologist', nationality: 'Egyptian', languages: ['Arabic', 'English'] },
  { name: 'د. ريم القحطاني', gender: 'female', speciality: 'Pediatrics', title: 'Pediatric Consultant', nationality: 'Saudi', languages: ['Arabic', 'English'] },
  { name: 'Dr. Daniel Fischer', gender: 'male', speciality: 'Radiology', title: 'Radiologist', nationality: 'German', languages: ['German', 'English'] },
  { name: 'Dr. Yasmin Khalil', gender: 'female', speciality: 'Cardiology', title: 'Cardiologist', nationality: 'Palestinian', languages: ['Arabic', 'English'] },
];

interface StaffSeed { name: string; gender: 'male' | 'female'; type: 'Nurse' | 'Technician' | 'Administrative' | 'Employee' | 'Other'; title: string; nationality: string }

const STAFF: StaffSeed[] = [
  { name: 'Maryam Al-Harthi', gender: 'female', type: 'Nurse', title: 'Head Nurse', nationality: 'Saudi' },
  { name: 'Grace Santos', gender: 'female', type: 'Nurse', title: 'Registered Nurse', nationality: 'Filipino' },
  { name: 'Joseph Mathew', gender: 'male', type: 'Nurse', title: 'Staff Nurse', nationality: 'Indian' },
  { name: 'Hind Al-Mutairi', gender: 'female', type: 'Nurse', title: 'Pediatric Nurse', nationality: 'Saudi' },
  { name: 'Ali Hassan', gender: 'male', type: 'Technician', title: 'Laboratory Technician', nationality: 'Egyptian' },
  { name: 'Kevin Reyes', gender: 'male', type: 'Technician', title: 'Radiology Technician', nationality: 'Filipino' },
  { name: 'سعود الدوسري', gender: 'male', type: 'Technician', title: 'Pharmacy Technician', nationality: 'Saudi' },
  { name: 'Lina Qasem', gender: 'female', type: 'Administrative', title: 'Front Desk Officer', nationality: 'Jordanian' },
  { name: 'Rashid Al-Balushi', gender: 'male', type: 'Administrative', title: 'Medical Records Officer', nationality: 'Omani' },
  { name: 'Emma Clarke', gender: 'female', type: 'Administrative', title: 'Patient Relations Coordinator', nationality: 'British' },
  { name: 'Yousef Darwish', gender: 'male', type: 'Employee', title: 'Billing Specialist', nationality: 'Syrian' },
  { name: 'هيفاء الغامدي', gender: 'female', type: 'Employee', title: 'Insurance Coordinator', nationality: 'Saudi' },
  { name: 'Imran Sheikh', gender: 'male', type: 'Employee', title: 'IT Support Specialist', nationality: 'Pakistani' },
  { name: 'Nadia Boutros', gender: 'female', type: 'Other', title: 'Dietitian', nationality: 'Lebanese' },
  { name: 'Samir Aziz', gender: 'male', type: 'Other', title: 'Physiotherapist', nationality: 'Egyptian' },
];

const SUN_THU: EmployeeDay[] = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday'];
const SAT_WED: EmployeeDay[] = ['Saturday', 'Sunday', 'Monday', 'Tuesday', 'Wednesday'];
const PATTERNS: Array<{ days: EmployeeDay[]; shifts: Array<[string, string]>; breaks: Array<[string, string]> }> = [
  { days: SUN_THU, shifts: [['09:00', '13:00'], ['16:00', '20:00']], breaks: [] },
  { days: SUN_THU, shifts: [['08:00', '16:00']], breaks: [['12:00', '12:30']] },
  { days: SAT_WED, shifts: [['09:00', '17:00']], breaks: [['13:00', '13:30']] },
  { days: SUN_THU, shifts: [['14:00', '22:00']], breaks: [['18:00', '18:30']] },
];
const STREETS = ['King Fahd Road', 'Olaya Street', 'Prince Sultan Street', 'Tahlia Street', 'King Abdullah Road', 'Al Urubah Road', 'Takhassusi Street'];
const DISTRICTS = ['Al Olaya', 'Al Malqa', 'Al Nakheel', 'Al Yasmin', 'Al Sulaimaniyah', 'Al Wurud', 'Hittin'];

/** Words in a clinic's name that suit a speciality (the demo clinics are named after what they treat). */
const CLINIC_HINTS: Record<string, RegExp> = {
  Cardiology: /cardio|heart/i,
  Pediatrics: /p(a)?ediatric|child|kids/i,
  Dermatology: /dermat|skin/i,
  Dentistry: /dent/i,
  'Obstetrics and Gynecology': /women|gyn|obstet/i,
};

const minutes = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;

type ClinicHours = Array<{ day: string; timeSlots?: Array<{ startTime: string; endTime: string }> }>;

/** The pattern's shifts clipped to the clinic's hours of each day (all of them when the clinic has none). */
export function shiftsInside(pattern: (typeof PATTERNS)[number], clinicHours: ClinicHours | null): EmployeeWorkingHour[] {
  const out: EmployeeWorkingHour[] = [];
  for (const day of pattern.days) {
    const slots = clinicHours && clinicHours.length ? clinicHours.find((d) => d.day === day)?.timeSlots ?? [] : null;
    for (const [s, e] of pattern.shifts) {
      if (slots === null) {
        out.push({ day, startTime: s, endTime: e });
        continue;
      }
      for (const slot of slots) {
        const start = Math.max(minutes(s), minutes(slot.startTime));
        const end = Math.min(minutes(e), minutes(slot.endTime));
        if (end - start >= 60) out.push({ day, startTime: hhmm(start), endTime: hhmm(end) });
      }
    }
  }
  if (out.length === 0 && clinicHours) {
    // The clinic keeps other hours than any pattern: work its first slot on each of its days.
    for (const d of clinicHours) {
      const first = d.timeSlots?.[0];
      if (first && minutes(first.endTime) > minutes(first.startTime)) out.push({ day: d.day as EmployeeDay, startTime: first.startTime, endTime: first.endTime });
    }
  }
  return out;
}

function breaksInside(pattern: (typeof PATTERNS)[number], hours: EmployeeWorkingHour[]): EmployeeBreakTime[] {
  return pattern.breaks
    .filter(([s, e]) => hours.some((h) => minutes(h.startTime) <= minutes(s) && minutes(e) <= minutes(h.endTime)))
    .map(([startTime, endTime]) => ({ startTime, endTime }));
}

async function reservePublicIds(db: Db, companyId: string, n: number): Promise<string[]> {
  const result = await db.execute<{ last_value: number }>(sql`
    insert into public_id_counters (company_id, entity, last_value) values (${companyId}, 'employee', ${n})
    on conflict (company_id, entity) do update set last_value = public_id_counters.last_value + ${n}
    returning last_value`);
  const last = Number((result as unknown as { rows: Array<{ last_value: number }> }).rows[0]?.last_value);
  return Array.from({ length: n }, (_, i) => `EMP-${String(last - n + 1 + i).padStart(6, '0')}`);
}

/** Seeds the people of a demo company. Safe to run when organisation data is missing. */
export async function seedEmployees(db: Db, companyId: string): Promise<void> {
  const rand = mulberry32(4242);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
  const int = (min: number, max: number) => min + Math.floor(rand() * (max - min + 1));
  const date = (fromYear: number, toYear: number) => `${int(fromYear, toYear)}-${String(int(1, 12)).padStart(2, '0')}-${String(int(1, 28)).padStart(2, '0')}`;
  const phone = () => `05${int(0, 9)}${String(int(0, 9_999_999)).padStart(7, '0')}`;
  const year = new Date().getUTCFullYear();

  const clinicRows = await db
    .select({ id: clinics.id, name: clinics.name, departmentId: clinics.departmentId, clinicCollectionId: clinics.clinicCollectionId, workingHours: clinics.workingHours })
    .from(clinics)
    .where(eq(clinics.companyId, companyId))
    .orderBy(clinics.publicId);
  const specRows = await db.select({ id: specializations.id, name: specializations.name }).from(specializations).where(eq(specializations.companyId, companyId));
  const specByName = new Map(specRows.map((s) => [s.name.toLowerCase(), s.id]));

  const leaves = (i: number): EmployeeVacationRecord[] => {
    if (i % 4 !== 0) return [];
    const month = String(int(1, 12)).padStart(2, '0');
    const start = int(1, 18);
    return [{
      leaveStartDate: `${year}-${month}-${String(start).padStart(2, '0')}`,
      leaveEndDate: `${year}-${month}-${String(start + int(1, 9)).padStart(2, '0')}`,
      leaveType: pick(['Vacation', 'Vacation', 'Sick Leave', 'Emergency'] as const),
      status: pick(['Approved', 'Approved', 'Pending'] as const),
    }];
  };
  const address = () => {
    const street = pick(STREETS);
    const region = pick(DISTRICTS);
    const buildingNumber = String(int(1000, 9999));
    return { text: `${buildingNumber} ${street}, ${region}, Riyadh`, details: { buildingNumber, streetName: street, region, country: 'Saudi Arabia' } };
  };
  const slug = (name: string) => name.toLowerCase().replace(/^dr\.\s*/, '').replace(/[^a-z]+/g, '.').replace(/^\.|\.$/g, '');

  const people = [
    ...DOCTORS.map((d, i) => ({ kind: 'doctor' as const, i, d })),
    ...STAFF.map((s, i) => ({ kind: 'staff' as const, i, s })),
  ];
  const publicIds = await reservePublicIds(db, companyId, people.length);
  const rows: Array<typeof employees.$inferInsert> = [];
  const clinicLinks: Array<{ index: number; clinicIds: string[] }> = [];
  const specLinks: Array<{ index: number; specId: string }> = [];

  const general = clinicRows.filter((c) => /general|family/i.test(c.name));
  const clinicFor = (index: number, speciality?: string) => {
    const hint = speciality ? CLINIC_HINTS[speciality] : undefined;
    const suited = hint ? clinicRows.filter((c) => hint.test(c.name)) : [];
    const pool = suited.length ? suited : general.length && speciality ? general : clinicRows;
    return pool.length ? pool[index % pool.length]! : null;
  };

  people.forEach((p, index) => {
    const clinicA = clinicFor(index, p.kind === 'doctor' ? p.d.speciality : undefined);
    const clinicB = clinicRows.length > 3 && p.kind === 'doctor' && p.i % 3 === 0 ? clinicRows[(index + 3) % clinicRows.length]! : null;
    const pattern = p.kind === 'doctor' ? PATTERNS[p.i % 2 === 0 ? 0 : p.i % 3 === 0 ? 3 : 1]! : PATTERNS[1 + (p.i % 3)]!;
    const hours = shiftsInside(pattern, clinicA ? (clinicA.workingHours as ClinicHours) : null);
    const addr = address();
    const name = p.kind === 'doctor' ? p.d.name : p.s.name;
    const emailLocal = slug(name) || `staff${index + 1}`;
    const base = {
      companyId,
      publicId: publicIds[index]!,
      name,
      email: `${emailLocal}@alnoor.demo`,
      gender: p.kind === 'doctor' ? p.d.gender : p.s.gender,
      nationality: p.kind === 'doctor' ? p.d.nationality : p.s.nationality,
      dateOfBirth: date(1965, 1996),
      identity: String(1_000_000_000 + int(0, 999_999_999)),
      maritalStatus: pick(['Single', 'Married', 'Married', 'Divorced'] as const),
      numberOfChildren: int(0, 4),
      hireDate: date(2012, year - 1),
      jobType: rand() < 0.8 ? 'FULL_TIME' : 'PART_TIME',
      address: addr.text,
      contactInfos: [{ type: 'phone', value: phone(), subType: 'mobile' }, { type: 'email', value: `${emailLocal}@alnoor.demo`, subType: 'work' }],
      emergencyContact: { name: pick(['Abdullah', 'Fatimah', 'John', 'Huda', 'Mohammed', 'Aisha']) + ' ' + name.split(' ').pop(), phone: phone(), relationship: pick(['Spouse', 'Brother', 'Sister', 'Parent']) },
      workingHours: hours,
      breakTimes: breaksInside(pattern, hours),
      vacationRecords: leaves(index),
      departmentId: clinicA?.departmentId ?? null,
      clinicCollectionId: clinicA?.clinicCollectionId ?? null,
    };
    if (p.kind === 'doctor') {
      rows.push({
        ...base,
        employeeType: 'Doctor',
        jobTitle: p.d.title,
        languages: p.d.languages,
        medicalLicenseNumber: `SCFHS-${int(100000, 999999)}`,
        consultationFee: pick([150, 200, 250, 300, 350, 400, 500]),
        onCall: rand() < 0.35,
        certifications: [`Board Certified in ${p.d.speciality}`, pick(['Saudi Board', 'Arab Board', 'MRCP (UK)', 'ABIM (USA)', 'FRCS'])],
        details: {
          professional_experience: `${int(5, 25)} years of clinical practice in ${p.d.speciality.toLowerCase()}`,
          Qualifications: pick(['MBBS, MD', 'MBBS, Fellowship', 'MD, PhD', 'BDS, MSc']),
          notes: null,
          addressDetails: addr.details,
        },
      });
      // Only an exact catalogue match; otherwise the title and certifications say what the doctor does.
      const specId = specByName.get(p.d.speciality.toLowerCase());
      if (specId) specLinks.push({ index, specId });
    } else {
      rows.push({
        ...base,
        employeeType: p.s.type,
        jobTitle: p.s.title,
        languages: p.s.nationality === 'Saudi' ? ['Arabic', 'English'] : ['English', 'Arabic'],
        details: { professional_experience: `${int(2, 18)} years as ${p.s.title.toLowerCase()}`, Qualifications: null, notes: null, addressDetails: addr.details },
      });
    }
    const ids = [clinicA?.id, clinicB?.id].filter((x): x is string => Boolean(x));
    if (ids.length) clinicLinks.push({ index, clinicIds: [...new Set(ids)] });
  });

  const inserted = await db.insert(employees).values(rows).returning({ id: employees.id });
  const links = clinicLinks.flatMap((l) => l.clinicIds.map((clinicId) => ({ companyId, employeeId: inserted[l.index]!.id, clinicId })));
  if (links.length) await db.insert(employeeClinics).values(links);
  if (specLinks.length) await db.insert(employeeSpecializations).values(specLinks.map((l) => ({ companyId, employeeId: inserted[l.index]!.id, specializationId: l.specId })));

  await completeDemoAccounts(db, companyId, rand, clinicRows, specRows);
}

/** What the demo accounts' doctors practise, in the order they were created. */
const DEMO_DOCTOR_SPECIALIZATIONS = [
  { name: 'Internal Medicine', title: 'Consultant Internist' },
  { name: 'Pediatrics', title: 'Consultant Pediatrician' },
  { name: 'Cardiology', title: 'Consultant Cardiologist' },
  { name: 'Orthopedics', title: 'Orthopedic Surgeon' },
];

/** Gives the demo user accounts (created with sign-in fields only) complete profiles. */
async function completeDemoAccounts(
  db: Db,
  companyId: string,
  rand: () => number,
  clinicRows: Array<{ id: string; name: string; departmentId: string | null; clinicCollectionId: string | null; workingHours: unknown }>,
  specRows: Array<{ id: string; name: string }>,
) {
  const accounts = await db
    .select({ id: employees.id, name: employees.name, email: employees.email, employeeType: employees.employeeType })
    .from(employees)
    .where(and(eq(employees.companyId, companyId), isNull(employees.identity), sql`${employees.passwordHash} is not null`))
    .orderBy(employees.publicId);
  const int = (min: number, max: number) => min + Math.floor(rand() * (max - min + 1));
  const titles: Record<string, string> = {
    Admin: 'Clinic Administrator', Doctor: 'Consultant Physician', Administrative: 'Receptionist', Nurse: 'Registered Nurse',
    Employee: 'Accountant', Technician: 'Laboratory Technician',
  };
  let doctorNo = 0;
  for (const [i, acc] of accounts.entries()) {
    const speciality = acc.employeeType === 'Doctor' ? DEMO_DOCTOR_SPECIALIZATIONS[doctorNo++ % DEMO_DOCTOR_SPECIALIZATIONS.length]! : null;
    const hint = speciality ? CLINIC_HINTS[speciality.name] : undefined;
    const suited = hint ? clinicRows.filter((c) => hint.test(c.name)) : [];
    // The front desk's demo account works at the general clinic, the busiest: it opens on a full day's board.
    const frontDesk = acc.employeeType === 'Administrative' ? clinicRows.find((c) => /general|family/i.test(c.name)) : undefined;
    const clinic = suited[0] ?? frontDesk ?? (clinicRows.length ? clinicRows[i % clinicRows.length]! : null);
    const pattern = PATTERNS[acc.employeeType === 'Doctor' ? 0 : 2]!;
    const hours = shiftsInside(pattern, clinic ? (clinic.workingHours as ClinicHours) : null);
    const street = STREETS[i % STREETS.length]!;
    const region = DISTRICTS[i % DISTRICTS.length]!;
    const phoneNumber = `05${int(0, 9)}${String(int(0, 9_999_999)).padStart(7, '0')}`;
    const female = /Sara|Layla|Fatima|Emily|Noura|Mariam|Aisha/.test(acc.name);
    await db.update(employees).set({
      identity: String(2_000_000_000 + int(0, 999_999_999)),
      gender: female ? 'female' : 'male',
      dateOfBirth: `${int(1970, 1995)}-${String(int(1, 12)).padStart(2, '0')}-${String(int(1, 28)).padStart(2, '0')}`,
      nationality: female && /Emily/.test(acc.name) ? 'British' : /James|Daniel/.test(acc.name) ? 'American' : 'Saudi',
      maritalStatus: i % 3 === 0 ? 'Single' : 'Married',
      numberOfChildren: i % 3 === 0 ? 0 : int(1, 3),
      hireDate: `${int(2015, 2023)}-${String(int(1, 12)).padStart(2, '0')}-01`,
      jobType: 'FULL_TIME',
      jobTitle: speciality?.title ?? titles[acc.employeeType] ?? 'Staff Member',
      address: `${int(1000, 9999)} ${street}, ${region}, Riyadh`,
      contactInfos: [{ type: 'phone', value: phoneNumber, subType: 'primary' }, ...(acc.email ? [{ type: 'email', value: acc.email, subType: 'work' }] : [])],
      emergencyContact: { name: `Contact of ${acc.name.replace(/^Dr\.\s*/, '')}`, phone: `05${String(int(10_000_000, 99_999_999))}`, relationship: 'Spouse' },
      languages: ['Arabic', 'English'],
      workingHours: hours,
      breakTimes: breaksInside(pattern, hours),
      departmentId: clinic?.departmentId ?? null,
      clinicCollectionId: clinic?.clinicCollectionId ?? null,
      ...(speciality ? { medicalLicenseNumber: `SCFHS-${int(100000, 999999)}`, consultationFee: 300, certifications: [`Board Certified in ${speciality.name}`, 'Saudi Board'] } : {}),
      details: { professional_experience: `${int(3, 20)} years`, addressDetails: { buildingNumber: String(int(1000, 9999)), streetName: street, region, country: 'Saudi Arabia' } },
    }).where(and(eq(employees.companyId, companyId), eq(employees.id, acc.id)));
    if (clinic) await db.insert(employeeClinics).values({ companyId, employeeId: acc.id, clinicId: clinic.id }).onConflictDoNothing();
    const specId = speciality ? specRows.find((r) => r.name.toLowerCase() === speciality.name.toLowerCase())?.id : undefined;
    if (specId) await db.insert(employeeSpecializations).values({ companyId, employeeId: acc.id, specializationId: specId }).onConflictDoNothing();
  }
}

/**
 * A receptionist invited by e-mail who has not set up her account yet: listed with the users as invited, her HR
 * record incomplete. The invitation lapses like any other (INVITATION_TTL_HOURS after the demo was made).
 */
export async function seedInvitation(db: Db, companyId: string, roleIds: Map<string, string>, invitedBy: string, ttlHours = 72): Promise<void> {
  const publicId = await nextPublicId(db, companyId, 'employee', 'EMP');
  const email = 'mariam.alotaibi@demo.clinic';
  const [row] = await db.insert(employees).values({
    companyId, publicId, name: 'Mariam Al-Otaibi', employeeType: 'Administrative', email, incomplete: true,
  }).returning({ id: employees.id });
  const role = roleIds.get('Receptionist');
  if (role) await db.insert(employeeRoles).values({ companyId, employeeId: row!.id, roleId: role });
  await db.insert(invitations).values({
    companyId, employeeId: row!.id, email, invitedBy, expiresAt: new Date(Date.now() + ttlHours * 3_600_000),
  });
}
