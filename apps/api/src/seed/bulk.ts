/**
 * Deterministic data sets for benchmarks, loaded with bulk inserts into a fresh database:
 * - clinic tier: 1 clinic, 30 staff, 5,000 patients, 50,000 appointments;
 * - network tier: 10 complexes, 40 departments, 200 clinics, 2,000 employees, 200,000 patients,
 *   2,000,000 appointments over 3 years.
 * Both carry clinical records (`bulk-clinical.ts`): encounters with vitals and diagnoses for a share of the completed
 * visits (30% on the clinic tier, 5% on the network's), and one patient (PAT-000001) with 200 encounters, documents,
 * allergies and medications; a list of 100,000 diagnosis codes (`bulk-codes.ts`) and a waitlist at every clinic
 * (`bulk-waitlist.ts`).
 * Every row is valid for the API (the same shared schemas and column mappers as the forms). Appointments are laid
 * out so that no doctor and no patient overlaps, and days 30 to 90 from the seed date stay free for booking.
 */
import { sql } from 'drizzle-orm';
import {
  complexInput, clinicInput, departmentInput, patientInput, type WorkingHoursEntry,
} from '@clinic/shared';
import type { Database } from '../db/client.js';
import {
  clinicCollections, clinics, departments, employeeClinics, employees, serviceDoctors, services, specializations,
} from '../db/schema/index.js';
import { complexColumns } from '../modules/complexes/complexes.service.js';
import { clinicColumns } from '../modules/clinics/clinics.service.js';
import { departmentColumns } from '../modules/departments/departments.service.js';
import { createOrganisation } from '../modules/organisation/provision.js';
import { toColumns } from '../modules/patients/patients.domain.js';
import { seedBulkClinical } from './bulk-clinical.js';
import { seedBulkCodes } from './bulk-codes.js';
import { seedBulkWaitlist } from './bulk-waitlist.js';
import { mulberry32 } from './random.js';

export interface Tier {
  complexes: number;
  departments: number;
  clinics: number;
  employees: number;
  doctorsShare: number;
  patients: number;
  appointments: number;
  years: number;
  /** Per thousand completed visits, how many carry an encounter with vitals and a diagnosis (0: none). */
  clinicalPerMille: number;
  /** The encounters of the one patient whose chart the bench reads (bench/chart.mjs). */
  chartEncounters: number;
  /** Diagnosis codes in the company's list (the starter codes the records use, and generated ones: `bulk-codes.ts`). */
  diagnosisCodes: number;
  /** Waitlist entries at each clinic (`bulk-waitlist.ts`). */
  waitlistPerClinic: number;
}

/** The two bench data sets (`npm run bench:seed`); the query-plan test seeds the clinic tier. */
export const BENCH_TIERS = {
  clinic: {
    complexes: 1, departments: 1, clinics: 1, employees: 30, doctorsShare: 0.5, patients: 5_000, appointments: 50_000, years: 1,
    clinicalPerMille: 300, chartEncounters: 200, diagnosisCodes: 100_000, waitlistPerClinic: 300,
  },
  // The network's clinical records are a thinner share of its 1.8 million completed visits (about 90,000 encounters,
  // seven times the clinic tier's), so that the whole tier still loads within 300 s on PostgreSQL.
  network: {
    complexes: 10, departments: 40, clinics: 200, employees: 2_000, doctorsShare: 0.4, patients: 200_000, appointments: 2_000_000, years: 3,
    clinicalPerMille: 50, chartEncounters: 200, diagnosisCodes: 100_000, waitlistPerClinic: 60,
  },
} as const satisfies Record<string, Tier>;

export const TIMEZONE = 'Asia/Riyadh';
const OFFSET_MS = 3 * 3600_000; // Asia/Riyadh is UTC+3 all year
const CLINIC_DAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday'] as const;
const DOCTOR_START_MIN = 9 * 60;
const DOCTOR_SLOTS = 16; // 09:00-17:00 in 30-minute visits
const VISIT_MIN = 30;
const FUTURE_FILLED_DAYS = 14;

/** Version-4-shaped UUIDs from the PRNG, so ids are the same on every run. */
function uuidFrom(rand: () => number): string {
  const h = Array.from({ length: 16 }, () => Math.floor(rand() * 256));
  h[6] = (h[6]! & 0x0f) | 0x40;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const x = h.map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${x.slice(0, 8)}-${x.slice(8, 12)}-${x.slice(12, 16)}-${x.slice(16, 20)}-${x.slice(20)}`;
}

const FIRST = ['Mohammed', 'Ahmed', 'Fatima', 'Aisha', 'Omar', 'Layla', 'Khalid', 'Noura', 'Yousef', 'Sara', 'Hassan', 'Mariam', 'Ali', 'Huda', 'James', 'Emily', 'Daniel', 'Grace', 'محمد', 'فاطمة', 'عبدالله', 'نورة', 'سارة', 'خالد'];
const LAST = ['Al-Harbi', 'Al-Qahtani', 'Haddad', 'Mansour', 'Saleh', 'Nasser', 'Ibrahim', 'Rahman', 'Carter', 'Brooks', 'Wilson', 'Amin', 'Zahra', 'Al-Otaibi', 'Al-Shehri', 'العتيبي', 'الشهري', 'القحطاني'];
const NATIONALITIES = ['Saudi', 'Egyptian', 'Jordanian', 'Lebanese', 'Syrian', 'Indian', 'Pakistani', 'British', 'American', 'Filipino'];
const BLOOD = ['A+', 'A-', 'B+', 'B-', 'AB+', 'AB-', 'O+', 'O-'] as const;
const REASONS = ['Follow-up visit', 'Annual check-up', 'Persistent cough', 'Back pain', 'Blood pressure review', 'Skin rash', 'Vaccination', 'Lab results review'];

function pad(n: number) {
  return String(n).padStart(6, '0');
}

async function setCounter(db: Database, companyId: string, entity: string, value: number) {
  await db.query(
    `insert into public_id_counters (company_id, entity, last_value) values ($1, $2, $3)
     on conflict (company_id, entity) do update set last_value = excluded.last_value`,
    [companyId, entity, value],
  );
}

async function inChunks<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

export interface BulkResult {
  companyId: string;
  /** The patient with the long clinical record (the chart bench), when the tier has one. */
  chartPatientId: string | null;
  counts: Record<string, number>;
  seconds: number;
}

export async function seedBulk(
  database: Database,
  tier: Tier,
  admin: { username: string; email: string; password: string },
  now = new Date(),
  log: (line: string) => void = () => {},
): Promise<BulkResult> {
  const started = Date.now();
  const db = database.db;
  const rand = mulberry32(20261121);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)]!;

  const { company, admin: adminRow } = await createOrganisation(db, {
    name: 'Benchmark Health Network',
    plan: 'company',
    timeZone: TIMEZONE,
    admin: { name: 'Bench Admin', ...admin },
  });
  const companyId = company.id;
  const pic = adminRow.id;

  // Organisation: complexes, departments, clinics (all open Sunday-Thursday 08:00-20:00, 30-minute visits).
  const hours: WorkingHoursEntry[] = CLINIC_DAYS.map((day) => ({ day, timeSlots: [{ startTime: '08:00', endTime: '20:00' }] }));
  const complexTemplate = complexInput.parse({
    name: 'Complex', PIC: pic, phone: '+966 11 222 3333', email: 'complex@bench.example', country: 'Saudi Arabia', address: 'Riyadh',
    yearOfEstablishment: '2012-04-15', overview: 'Outpatient complex', policies: 'Appointments first', vision: 'Care without waiting',
    goals: 'Same-week appointments', contactInfos: [{ type: 'phone', value: '+966 11 222 3334' }],
    workingDays: CLINIC_DAYS.map((day) => ({ day, startTime: '08:00', endTime: '20:00' })), locationGoogl: { x: 24.7, y: 46.7 },
  });
  const complexRows = Array.from({ length: tier.complexes }, (_, i) => ({
    companyId, id: uuidFrom(rand), publicId: `MC-${pad(i + 1)}`, ...complexColumns({ ...complexTemplate, name: `Bench Medical Complex ${i + 1}` }),
  }));
  if (complexRows.length) await db.insert(clinicCollections).values(complexRows);
  const departmentTemplate = departmentInput.parse({
    name: 'Department', PIC: pic, introduction: 'Outpatient department', yearOfEstablishment: '2014-01-10', address: 'Building A',
    vision: 'Healthy families', details: 'Consultation rooms', patientCapacity: 40, contactInfos: [{ type: 'phone', value: '+966 11 222 3335', subType: 'Desk' }],
  });
  const departmentRows = Array.from({ length: tier.departments }, (_, i) => ({
    companyId, id: uuidFrom(rand), publicId: `DEP-${pad(i + 1)}`,
    ...departmentColumns({ ...departmentTemplate, name: `Department ${i + 1}`, clinicCollectionId: complexRows[i % Math.max(1, complexRows.length)]?.id ?? null }),
  }));
  if (departmentRows.length) await db.insert(departments).values(departmentRows);
  const clinicTemplate = clinicInput.parse({
    name: 'Clinic', PIC: pic, AverageDurationOfVisit: VISIT_MIN, overview: 'Consultations and follow-up', yearOfEstablishment: '2015-05-01',
    address: 'Riyadh', vision: 'Care on time', goals: 'Follow-up within two weeks', WorkingHours: hours,
    contactInfos: [{ type: 'phone', value: '+966 11 222 3336', subType: 'Reception' }], locationGoogl: { x: 24.7, y: 46.7 },
  });
  const clinicRows = Array.from({ length: tier.clinics }, (_, i) => {
    const dept = departmentRows[i % Math.max(1, departmentRows.length)];
    return {
      companyId, id: uuidFrom(rand), publicId: `CLN-${pad(i + 1)}`,
      ...clinicColumns({ ...clinicTemplate, name: `Clinic ${i + 1}` }, { departmentId: dept?.id ?? null, clinicCollectionId: dept?.clinicCollectionId ?? null }, TIMEZONE),
    };
  });
  await inChunks(clinicRows, 200, (c) => db.insert(clinics).values(c));
  log(`organisation: ${complexRows.length} complexes, ${departmentRows.length} departments, ${clinicRows.length} clinics`);

  // Specialities.
  const specializationNames = ['Cardiology', 'Pediatrics', 'Dermatology', 'Dentistry', 'Family Medicine', 'Orthopedics', 'ENT', 'Ophthalmology', 'Neurology', 'Internal Medicine'];
  const specializationRows = specializationNames.map((name, i) => ({ companyId, id: uuidFrom(rand), publicId: `SPC-${pad(i + 1)}`, name, description: `${name} consultations and follow-up` }));
  await db.insert(specializations).values(specializationRows);

  // Employees: doctors and staff spread over the clinics, working Sunday-Thursday 09:00-17:00.
  const doctorCount = Math.max(1, Math.round(tier.employees * tier.doctorsShare));
  const workingHours = CLINIC_DAYS.map((day) => ({ day, startTime: '09:00', endTime: '17:00' }));
  const employeeRows = Array.from({ length: tier.employees }, (_, i) => {
    const doctor = i < doctorCount;
    const first = pick(FIRST);
    return {
      companyId, id: uuidFrom(rand), publicId: `EMP-${pad(i + 2)}`,
      name: `${doctor ? 'Dr. ' : ''}${first} ${pick(LAST)}`,
      employeeType: doctor ? 'Doctor' : pick(['Nurse', 'Technician', 'Administrative', 'Employee'] as const),
      gender: rand() < 0.5 ? 'female' : 'male', dateOfBirth: `19${60 + Math.floor(rand() * 35)}-0${1 + Math.floor(rand() * 9)}-1${Math.floor(rand() * 9)}`,
      identity: `B${pad(i + 1)}${Math.floor(rand() * 90 + 10)}`, nationality: pick(NATIONALITIES), maritalStatus: 'Married', numberOfChildren: Math.floor(rand() * 4),
      medicalLicenseNumber: doctor ? `ML-${pad(i + 1)}` : null, consultationFee: doctor ? 200 + Math.floor(rand() * 4) * 50 : null,
      hireDate: `20${10 + Math.floor(rand() * 15)}-0${1 + Math.floor(rand() * 9)}-01`, jobType: 'FULL_TIME', jobTitle: doctor ? 'Consultant' : 'Staff',
      address: 'Riyadh', contactInfos: [{ type: 'phone', value: `+9665${pad(i)}00`, subType: 'Mobile' }],
      languages: ['Arabic', 'English'], workingHours, details: { professional_experience: `${5 + Math.floor(rand() * 20)} years` },
    };
  });
  await inChunks(employeeRows, 500, (c) => db.insert(employees).values(c));
  const doctors = employeeRows.slice(0, doctorCount);
  const clinicOf = (i: number) => clinicRows[i % clinicRows.length]!;
  await inChunks(employeeRows.map((e, i) => ({ companyId, employeeId: e.id, clinicId: clinicOf(i < doctorCount ? i : i - doctorCount).id })), 1000, (c) => db.insert(employeeClinics).values(c));
  log(`people: ${employeeRows.length} employees (${doctorCount} doctors)`);

  // Services: three per clinic, provided by the clinic's doctors.
  const serviceRows = clinicRows.flatMap((c, ci) =>
    ['Consultation', 'Follow-up visit', 'Procedure'].map((name, k) => ({
      companyId, id: uuidFrom(rand), publicId: `SRV-${pad(ci * 3 + k + 1)}`, clinicId: c.id, name, description: `${name} at ${c.name}`, price: String(150 + k * 100),
    })),
  );
  await inChunks(serviceRows, 1000, (c) => db.insert(services).values(c));
  const servicesOfClinic = new Map<string, string[]>();
  for (const s of serviceRows) servicesOfClinic.set(s.clinicId, [...(servicesOfClinic.get(s.clinicId) ?? []), s.id]);
  const doctorClinic = doctors.map((_, i) => clinicOf(i).id);
  await inChunks(
    doctors.flatMap((d, i) => (servicesOfClinic.get(doctorClinic[i]!) ?? []).map((serviceId) => ({ companyId, serviceId, employeeId: d.id }))),
    2000,
    (c) => db.insert(serviceDoctors).values(c),
  );

  // Patients (unnest bulk insert). Details come from a template validated by the shared patient form schema.
  const template = toColumns(patientInput.parse({
    name: 'Template', identity: 'T1', phone: '0501234567', dateOfBirth: '1985-01-01', gender: 'female', nationality: 'Saudi',
    marital_status: 'Married', blood_type: 'O+', address: 'Olaya Street, Riyadh', Smoking: false, professiona_experi: 'Teacher',
    languages: ['Arabic', 'English'], allergies: ['Penicillin'], emergencyContacts: [{ name: 'Omar Haddad', phone: '0509876543', relationToPatient: 'Brother' }],
  }));
  const patientIds: string[] = [];
  const createdBase = now.getTime() - tier.years * 365 * 86_400_000;
  for (let start = 0; start < tier.patients; start += 5000) {
    const n = Math.min(5000, tier.patients - start);
    const cols = { id: [] as string[], publicId: [] as string[], name: [] as string[], identity: [] as string[], phone: [] as string[], dob: [] as string[], gender: [] as string[], nationality: [] as string[], blood: [] as string[], created: [] as string[] };
    for (let k = 0; k < n; k++) {
      const i = start + k;
      const id = uuidFrom(rand);
      patientIds.push(id);
      cols.id.push(id);
      cols.publicId.push(`PAT-${pad(i + 1)}`);
      cols.name.push(`${pick(FIRST)} ${pick(LAST)}`.slice(0, 30));
      cols.identity.push(`ID${String(1_000_000_000 + i)}`);
      cols.phone.push(`05${String(10_000_000 + i).slice(-8)}`);
      cols.dob.push(`${1940 + Math.floor(rand() * 80)}-${String(1 + Math.floor(rand() * 12)).padStart(2, '0')}-${String(1 + Math.floor(rand() * 28)).padStart(2, '0')}`);
      cols.gender.push(rand() < 0.5 ? 'female' : 'male');
      cols.nationality.push(pick(NATIONALITIES));
      cols.blood.push(pick(BLOOD));
      cols.created.push(new Date(createdBase + (i / tier.patients) * (now.getTime() - createdBase)).toISOString());
    }
    await database.query(
      `insert into patients (company_id, id, public_id, name, identity, phone, date_of_birth, gender, nationality, marital_status, blood_type, smoking, details, created_at, updated_at)
       select $1::uuid, t.id, t.public_id, t.name, t.identity, t.phone, t.dob, t.gender, t.nationality, 'Married', t.blood, false, $2::jsonb, t.created, t.created
       from unnest($3::uuid[], $4::text[], $5::text[], $6::text[], $7::text[], $8::date[], $9::text[], $10::text[], $11::text[], $12::timestamptz[])
         as t(id, public_id, name, identity, phone, dob, gender, nationality, blood, created)`,
      [companyId, JSON.stringify(template.details), cols.id, cols.publicId, cols.name, cols.identity, cols.phone, cols.dob, cols.gender, cols.nationality, cols.blood, cols.created],
    );
  }
  log(`patients: ${tier.patients}`);

  // Appointments: walk clinic days backwards from today + 14 days; at each 30-minute slot every doctor (in a rotating
  // share) sees a different patient, so neither doctors nor patients overlap.
  const D = doctors.length;
  const P = patientIds.length;
  const today = new Date(Math.floor((now.getTime() + OFFSET_MS) / 86_400_000) * 86_400_000); // local midnight, as UTC date
  const days: number[] = [];
  for (let d = FUTURE_FILLED_DAYS; days.length < tier.years * 260 && d > -tier.years * 366; d--) {
    const date = new Date(today.getTime() + d * 86_400_000);
    if (date.getUTCDay() <= 4) days.push(d); // Sunday (0) to Thursday (4)
  }
  const perDoctorSlots = days.length * DOCTOR_SLOTS;
  const fill = Math.min(1, tier.appointments / (D * perDoctorSlots));
  let written = 0;
  let slotCounter = 0;
  const batch = { id: [] as string[], publicId: [] as string[], patient: [] as string[], doctor: [] as string[], clinic: [] as string[], service: [] as string[], reason: [] as string[], start: [] as string[], end: [] as string[], status: [] as string[], cancel: [] as (string | null)[] };
  const flush = async () => {
    if (!batch.id.length) return;
    await database.query(
      `insert into appointments (company_id, id, public_id, patient_id, doctor_id, clinic_id, service_id, reason, starts_at, ends_at, status, cancellation_reason, created_at, updated_at)
       select $1::uuid, t.id, t.public_id, t.patient, t.doctor, t.clinic, t.service, t.reason, t.s, t.e, t.status, t.cancel, t.s - interval '7 days', t.s
       from unnest($2::uuid[], $3::text[], $4::uuid[], $5::uuid[], $6::uuid[], $7::uuid[], $8::text[], $9::timestamptz[], $10::timestamptz[], $11::text[], $12::text[])
         as t(id, public_id, patient, doctor, clinic, service, reason, s, e, status, cancel)`,
      [companyId, batch.id, batch.publicId, batch.patient, batch.doctor, batch.clinic, batch.service, batch.reason, batch.start, batch.end, batch.status, batch.cancel],
    );
    for (const k of Object.keys(batch) as Array<keyof typeof batch>) batch[k].length = 0;
  };
  // The last-visit trigger would update patients after every batch; it is off during the load (a fresh database
  // only) and the patients' last visits are set once at the end, as the migration that added them does.
  await database.query('alter table appointments disable trigger appointments_last_visit_insert');
  try {
    await loadAppointments();
  } finally {
    await database.query('alter table appointments enable trigger appointments_last_visit_insert');
  }
  await database.query(
    `update patients p set last_visit_at = v.last_visit
     from (select patient_id, max(starts_at) as last_visit from appointments where company_id = $1 and status = 'completed' group by 1) v
     where p.company_id = $1 and p.id = v.patient_id`,
    [companyId],
  );
  log(`appointments: ${written}`);

  async function loadAppointments() {
    outer: for (const d of days) {
      const dayStartUtc = today.getTime() + d * 86_400_000 - OFFSET_MS;
      for (let s = 0; s < DOCTOR_SLOTS; s++) {
        const startMs = dayStartUtc + (DOCTOR_START_MIN + s * VISIT_MIN) * 60_000;
        slotCounter++;
        for (let di = 0; di < D; di++) {
          if (rand() >= fill) continue;
          if (written >= tier.appointments) break outer;
          const clinicId = doctorClinic[di]!;
          const svc = servicesOfClinic.get(clinicId)!;
          const past = startMs < now.getTime();
          const cancelled = rand() < 0.08;
          written++;
          batch.id.push(uuidFrom(rand));
          batch.publicId.push(`APT-${pad(written)}`);
          batch.patient.push(patientIds[(di + slotCounter * D) % P]!);
          batch.doctor.push(doctors[di]!.id);
          batch.clinic.push(clinicId);
          batch.service.push(svc[written % svc.length]!);
          batch.reason.push(REASONS[written % REASONS.length]!);
          batch.start.push(new Date(startMs).toISOString());
          batch.end.push(new Date(startMs + VISIT_MIN * 60_000).toISOString());
          batch.status.push(cancelled ? 'cancelled' : past ? 'completed' : 'scheduled');
          batch.cancel.push(cancelled ? 'Patient asked to cancel' : null);
          if (batch.id.length >= 10_000) {
            await flush();
            if (written % 200_000 < 10_000) log(`appointments: ${written}`);
          }
        }
      }
    }
    await flush();
  }

  const clinical = await seedBulkClinical(database, companyId, { encountersPerMille: tier.clinicalPerMille, chartPatientId: patientIds[0]!, chartEncounters: tier.chartEncounters }, now, log);
  let mark = Date.now();
  const diagnosisCodes = await seedBulkCodes(database, companyId, tier.diagnosisCodes);
  log(`diagnosis codes: ${diagnosisCodes} (${Date.now() - mark} ms)`);
  mark = Date.now();
  const waitlistClinics = clinicRows.map((c) => ({ id: c.id, services: servicesOfClinic.get(c.id) ?? [], doctors: doctors.filter((_, i) => doctorClinic[i] === c.id).map((d) => d.id) }));
  const waitlist = await seedBulkWaitlist(database, companyId, {
    clinics: waitlistClinics, patientIds, perClinic: tier.waitlistPerClinic, createdBy: pic, today: today.toISOString().slice(0, 10), uuidFrom,
  }, now);
  log(`waitlist: ${waitlist} entries (${Date.now() - mark} ms)`);

  await setCounter(database, companyId, 'clinic_collection', complexRows.length);
  await setCounter(database, companyId, 'department', departmentRows.length);
  await setCounter(database, companyId, 'clinic', clinicRows.length);
  await setCounter(database, companyId, 'employee', employeeRows.length + 1);
  await setCounter(database, companyId, 'specialization', specializationRows.length);
  await setCounter(database, companyId, 'service', serviceRows.length);
  await setCounter(database, companyId, 'patient', P);
  await setCounter(database, companyId, 'appointment', written);
  await setCounter(database, companyId, 'waitlist', waitlist);
  await db.execute(sql`vacuum analyze`);
  return {
    companyId,
    chartPatientId: tier.clinicalPerMille > 0 && tier.chartEncounters > 0 ? patientIds[0]! : null,
    counts: { ...clinical, diagnosisCodes, waitlist, complexes: complexRows.length, departments: departmentRows.length, clinics: clinicRows.length, employees: employeeRows.length + 1, doctors: D, patients: P, appointments: written, services: serviceRows.length },
    seconds: Math.round((Date.now() - started) / 100) / 10,
  };
}
