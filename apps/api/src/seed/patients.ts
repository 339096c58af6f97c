/**
 * Demo patients: 300 realistic records (Arabic and English names, mixed nationalities; some with allergies,
 * chronic diseases, insurance and emergency contacts) and a few staff notes. Deterministic (seeded PRNG)
 * and inserted in bulk.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { PatientNationality } from '@clinic/shared';
import type { Db } from '../db/client.js';
import { employees, patientNotes, patients } from '../db/schema/index.js';
import type { StoredPatientDetails } from '../modules/patients/patients.domain.js';
import { seededRandom } from './random.js';

export const DEMO_PATIENT_COUNT = 300;

const ARAB_MALE = ['Mohammed', 'Ahmed', 'Abdullah', 'Khalid', 'Omar', 'Faisal', 'Saud', 'Yousef', 'Ibrahim', 'Hassan', 'Ali', 'Tariq', 'Nasser', 'Majed', 'Sultan', 'Turki', 'Hamza', 'Bilal', 'Ziad', 'Rami'];
const ARAB_FEMALE = ['Fatimah', 'Noura', 'Sara', 'Aisha', 'Maha', 'Reem', 'Layla', 'Huda', 'Amal', 'Hind', 'Lama', 'Rania', 'Dana', 'Mariam', 'Shahad', 'Joud', 'Asma', 'Salma', 'Yara', 'Nada'];
const ARAB_FAMILY = ['Al-Harbi', 'Al-Qahtani', 'Al-Otaibi', 'Al-Ghamdi', 'Al-Zahrani', 'Al-Shehri', 'Al-Dosari', 'Al-Mutairi', 'Haddad', 'Mansour', 'Nasser', 'Saleh', 'Khoury', 'Hamdan', 'Al-Amin', 'Barakat', 'Al-Rashid', 'Farouk', 'Suleiman', 'Al-Anazi'];
const ARABIC_SCRIPT_MALE = ['محمد', 'أحمد', 'عبدالله', 'خالد', 'عمر', 'فيصل', 'يوسف', 'إبراهيم', 'حسن', 'علي', 'سلطان', 'ماجد'];
const ARABIC_SCRIPT_FEMALE = ['فاطمة', 'نورة', 'سارة', 'عائشة', 'مها', 'ريم', 'ليلى', 'هدى', 'أمل', 'هند', 'مريم', 'سلمى'];
const ARABIC_SCRIPT_FAMILY = ['الحربي', 'القحطاني', 'العتيبي', 'الغامدي', 'الزهراني', 'الشهري', 'الدوسري', 'المطيري', 'حداد', 'منصور', 'صالح', 'العنزي'];
const WESTERN_MALE = ['James', 'Daniel', 'Thomas', 'Oliver', 'William', 'Michael', 'Lucas', 'Henry', 'Marco', 'Pablo', 'Jonas', 'Pierre'];
const WESTERN_FEMALE = ['Emily', 'Sophie', 'Charlotte', 'Emma', 'Olivia', 'Hannah', 'Grace', 'Chloe', 'Giulia', 'Lucia', 'Lena', 'Camille'];
const WESTERN_FAMILY = ['Carter', 'Wilson', 'Brooks', 'Taylor', 'Bennett', 'Hughes', 'Schmidt', 'Rossi', 'Garcia', 'Martin', 'Miller', 'Clarke'];
const SOUTH_ASIAN_MALE = ['Imran', 'Rahul', 'Arjun', 'Farhan', 'Sanjay', 'Usman', 'Vikram', 'Rizwan'];
const SOUTH_ASIAN_FEMALE = ['Priya', 'Ayesha', 'Sana', 'Anjali', 'Nadia', 'Farah', 'Kavya', 'Zainab'];
const SOUTH_ASIAN_FAMILY = ['Khan', 'Sharma', 'Patel', 'Hussain', 'Iqbal', 'Reddy', 'Chowdhury', 'Malik'];
const FILIPINO_MALE = ['Jose', 'Mark', 'Paolo', 'Carlo', 'Miguel'];
const FILIPINO_FEMALE = ['Maria', 'Angelica', 'Kristine', 'Joy', 'Camille'];
const FILIPINO_FAMILY = ['Santos', 'Reyes', 'Cruz', 'Bautista', 'Dela Cruz', 'Mendoza'];

const ARAB_NATIONALITIES: PatientNationality[] = ['Saudi', 'Emirati', 'Kuwaiti', 'Bahraini', 'Omani', 'Yemeni', 'Jordanian', 'Syrian', 'Lebanese', 'Palestinian', 'Egyptian', 'Sudanese', 'Moroccan', 'Tunisian', 'Iraqi'];
const WESTERN_NATIONALITIES: PatientNationality[] = ['British', 'American', 'Canadian', 'German', 'French', 'Italian', 'Spanish'];
const SOUTH_ASIAN_NATIONALITIES: PatientNationality[] = ['Pakistani', 'Indian', 'Bangladeshi'];

const CITIES = [
  'King Fahd Road, Al Olaya, Riyadh', 'Prince Sultan Street, Al Rawdah, Jeddah', 'King Abdulaziz Road, Al Malqa, Riyadh',
  'Al Khobar Corniche, Al Khobar', 'Prince Mohammed bin Abdulaziz Street, Jeddah', 'Al Imam Saud Road, Al Nakheel, Riyadh',
  'King Saud Street, Dammam', 'Al Hamra District, Jeddah', 'Abu Bakr Al Siddiq Road, Al Yasmin, Riyadh', 'Al Aziziyah District, Makkah',
  'Quba Road, Madinah', 'Al Faisaliyah District, Dammam',
];
const OCCUPATIONS = ['Teacher', 'Civil engineer', 'Accountant', 'Nurse', 'University student', 'Retired', 'Sales manager', 'Driver', 'Pharmacist', 'Software developer', 'Homemaker', 'Architect', 'Civil servant', 'Business owner', 'Banker', 'Electrician'];
const ALLERGIES = ['Penicillin', 'Peanuts', 'Shellfish', 'Latex', 'Dust mites', 'Pollen', 'Aspirin', 'Sulfa drugs', 'Eggs', 'Ibuprofen', 'Cat dander'];
const CHRONIC = ['Type 2 diabetes', 'Hypertension', 'Asthma', 'Hypothyroidism', 'Chronic kidney disease', 'Rheumatoid arthritis', 'Migraine', 'High cholesterol', 'COPD', 'Sickle cell disease'];
const FAMILY_HISTORY = ['Father: type 2 diabetes', 'Mother: hypertension', 'Grandmother: breast cancer', 'Brother: asthma', 'Father: heart disease', 'Mother: hypothyroidism', 'Grandfather: stroke', 'Sister: migraine'];
const LIFESTYLE = ['Walks 30 minutes daily', 'Office work, little exercise', 'Vegetarian diet', 'Night-shift worker', 'Plays football weekly', 'High-sugar diet, trying to cut down', 'Swims twice a week', 'Sleeps about 5 hours a night', 'Follows a low-salt diet'];
const MEDICATIONS = ['Metformin 500 mg twice daily', 'Amlodipine 5 mg daily', 'Salbutamol inhaler as needed', 'Levothyroxine 50 mcg daily', 'Atorvastatin 20 mg at night', 'Omeprazole 20 mg daily', 'Vitamin D 50,000 IU weekly'];
const INSURANCES = ['Bupa Arabia – Gold', 'Tawuniya – Silver', 'MedGulf – Basic', 'AXA Cooperative – Premium', 'Al Rajhi Takaful – Gold', 'GIG Saudi – Silver', 'Malath – Basic'];
const RELATIONS = ['Brother', 'Sister', 'Mother', 'Father', 'Husband', 'Wife', 'Son', 'Daughter', 'Friend', 'Cousin'];
const NOTES = [
  'Blood pressure within normal range today.',
  'Patient asked to repeat HbA1c test in three months.',
  'Referred to nutrition clinic for a diet plan.',
  'Reports improved sleep since last visit.',
  'Reminded about annual flu vaccination.',
  'Allergy card updated after the latest reaction.',
  'Prefers morning appointments.',
  'Follow-up on chest X-ray results requested.',
];

const BLOOD_WEIGHTED = ['O+', 'O+', 'O+', 'A+', 'A+', 'B+', 'B+', 'AB+', 'O-', 'A-', 'B-', 'AB-'] as const;

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** A Saudi mobile number, stored as every number is (E.164, lib/phone.ts). */
function mobile(r: ReturnType<typeof seededRandom>): string {
  return `+9665${r.pick(['0', '3', '4', '5', '6', '9'])}${String(r.int(0, 9_999_999)).padStart(7, '0')}`;
}

/** Reserves `count` consecutive public ids in one statement and returns the first number. */
async function reservePublicIds(db: Db, companyId: string, count: number): Promise<number> {
  const rows = await db.execute<{ last_value: number }>(sql`
    insert into public_id_counters (company_id, entity, last_value) values (${companyId}, 'patient', ${count})
    on conflict (company_id, entity) do update set last_value = public_id_counters.last_value + ${count}
    returning last_value`);
  const last = Number((rows as unknown as { rows: Array<{ last_value: number }> }).rows[0]?.last_value);
  return last - count + 1;
}

export async function seedPatients(db: Db, companyId: string, now: Date = new Date()): Promise<{ patients: number; notes: number }> {
  const r = seededRandom(20_260_505);
  const first = await reservePublicIds(db, companyId, DEMO_PATIENT_COUNT);
  const identities = new Set<string>();
  const rows: Array<typeof patients.$inferInsert> = [];

  for (let i = 0; i < DEMO_PATIENT_COUNT; i++) {
    const gender = r.chance(0.5) ? 'female' : 'male';
    const female = gender === 'female';
    const group = r.next();
    let name: string;
    let nationality: PatientNationality;
    if (group < 0.72) {
      nationality = r.chance(0.6) ? 'Saudi' : r.pick(ARAB_NATIONALITIES);
      name = r.chance(0.35)
        ? `${r.pick(female ? ARABIC_SCRIPT_FEMALE : ARABIC_SCRIPT_MALE)} ${r.pick(ARABIC_SCRIPT_FAMILY)}`
        : `${r.pick(female ? ARAB_FEMALE : ARAB_MALE)} ${r.pick(ARAB_FAMILY)}`;
    } else if (group < 0.86) {
      nationality = r.pick(WESTERN_NATIONALITIES);
      name = `${r.pick(female ? WESTERN_FEMALE : WESTERN_MALE)} ${r.pick(WESTERN_FAMILY)}`;
    } else if (group < 0.96) {
      nationality = r.pick(SOUTH_ASIAN_NATIONALITIES);
      name = `${r.pick(female ? SOUTH_ASIAN_FEMALE : SOUTH_ASIAN_MALE)} ${r.pick(SOUTH_ASIAN_FAMILY)}`;
    } else {
      nationality = 'Filipino';
      name = `${r.pick(female ? FILIPINO_FEMALE : FILIPINO_MALE)} ${r.pick(FILIPINO_FAMILY)}`;
    }

    // Saudi national ids start with 1, residents' iqamas with 2.
    let identity: string;
    do identity = `${nationality === 'Saudi' ? 1 : 2}${String(r.int(0, 999_999_999)).padStart(9, '0')}`;
    while (identities.has(identity));
    identities.add(identity);

    const age = r.chance(0.15) ? r.int(1, 17) : r.int(18, 88);
    const birth = new Date(Date.UTC(now.getUTCFullYear() - age, r.int(0, 11), r.int(1, 28)));
    if (birth > now) birth.setUTCFullYear(birth.getUTCFullYear() - 1);
    const adult = age >= 18;
    const maritalStatus = !adult ? 'Single' : age > 70 && r.chance(0.3) ? 'Widowed' : r.pick(['Single', 'Married', 'Married', 'Married', 'Divorced'] as const);
    const heightCm = adult ? (female ? r.int(150, 175) : r.int(160, 192)) : r.int(80, 170);
    const weightKg = adult ? r.int(48, 115) : r.int(12, 65);
    const arabic = ARAB_NATIONALITIES.includes(nationality);
    const languages = arabic ? (r.chance(0.6) ? ['Arabic', 'English'] : ['Arabic']) : WESTERN_NATIONALITIES.includes(nationality) ? r.some(['English', 'French', 'German', 'Spanish'], 1, 2) : ['English'];
    if (!languages.includes('English') && !arabic) languages.unshift('English');
    const hasChronic = age > 35 && r.chance(0.45);
    const details: StoredPatientDetails = {
      address: r.pick(CITIES),
      languages,
      preferredLanguage: languages[0],
      evaluation: r.int(2, 5),
      height: heightCm,
      weight: weightKg,
      professiona_experi: !adult ? 'Student' : age > 64 ? 'Retired' : r.pick(OCCUPATIONS),
      ...(maritalStatus !== 'Single' ? { number_children: r.int(0, 6) } : {}),
      ...(hasChronic ? { Current_Medications: r.some(MEDICATIONS, 1, 2).join('; ') } : {}),
      ...(r.chance(0.2) ? { Surgical_History: isoDay(new Date(Date.UTC(now.getUTCFullYear() - r.int(1, Math.max(1, Math.min(age, 25))), r.int(0, 11), r.int(1, 28)))) } : {}),
      ...(r.chance(0.7) ? { lifestyleFactors: r.pick(LIFESTYLE) } : {}),
      ...(r.chance(0.3) ? { allergies: r.some(ALLERGIES, 1, 3) } : {}),
      ...(hasChronic ? { ChronicDiseases: r.some(CHRONIC, 1, 2).map((disease_name) => ({ disease_name })) } : {}),
      ...(r.chance(0.4) ? { familyMedicalHistory: r.some(FAMILY_HISTORY, 1, 2) } : {}),
      ...(r.chance(0.6)
        ? {
            insurances: Array.from({ length: r.chance(0.15) ? 2 : 1 }, () => ({
              insuranceType: r.pick(INSURANCES),
              // Most policies still run; about one in five has lapsed.
              expiryDate: isoDay(new Date(now.getTime() + (r.chance(0.8) ? r.int(20, 700) : -r.int(10, 400)) * 86_400_000)),
            })),
          }
        : {}),
      ...(r.chance(0.75)
        ? {
            emergencyContacts: Array.from({ length: r.chance(0.3) ? 2 : 1 }, () => ({
              name: arabic ? `${r.pick(r.chance(0.5) ? ARAB_FEMALE : ARAB_MALE)} ${r.pick(ARAB_FAMILY)}` : `${r.pick(r.chance(0.5) ? WESTERN_FEMALE : WESTERN_MALE)} ${r.pick(WESTERN_FAMILY)}`,
              phone: mobile(r),
              relationToPatient: r.pick(RELATIONS),
            })),
          }
        : {}),
    };
    const slug = name.toLowerCase().replace(/[^a-z]+/g, '.').replace(/^\.|\.$/g, '');
    rows.push({
      companyId,
      publicId: `PAT-${String(first + i).padStart(6, '0')}`,
      name,
      identity,
      phone: mobile(r),
      email: slug && r.chance(0.7) ? `${slug}${r.int(1, 99)}@${r.pick(['gmail.com', 'outlook.com', 'hotmail.com', 'icloud.com'])}` : null,
      dateOfBirth: isoDay(birth),
      gender,
      nationality,
      maritalStatus,
      bloodType: r.pick(BLOOD_WEIGHTED),
      smoking: adult && r.chance(0.2),
      isActive: r.chance(0.93),
      details,
      // Registered over the last two years, oldest first, so the list's newest-first order follows the ids.
      createdAt: new Date(now.getTime() - (DEMO_PATIENT_COUNT - i) * 2.4 * 86_400_000),
      updatedAt: new Date(now.getTime() - (DEMO_PATIENT_COUNT - i) * 2.4 * 86_400_000),
    });
  }

  const inserted: Array<{ id: string; createdAt: Date }> = [];
  for (let i = 0; i < rows.length; i += 100) {
    inserted.push(...(await db.insert(patients).values(rows.slice(i, i + 100)).returning({ id: patients.id, createdAt: patients.createdAt })));
  }

  // A few notes by the demo doctors (none when no doctor exists yet).
  const doctors = await db
    .select({ id: employees.id })
    .from(employees)
    .where(and(eq(employees.companyId, companyId), eq(employees.employeeType, 'Doctor')))
    .orderBy(employees.publicId);
  const notes: Array<typeof patientNotes.$inferInsert> = [];
  for (const p of inserted) {
    if (!r.chance(0.2)) continue;
    for (let n = r.int(1, 2); n > 0; n--) {
      const at = new Date(p.createdAt.getTime() + r.int(1, 60) * 86_400_000);
      notes.push({ companyId, patientId: p.id, authorId: doctors.length ? r.pick(doctors).id : null, body: r.pick(NOTES), createdAt: at < now ? at : now });
    }
  }
  if (notes.length) await db.insert(patientNotes).values(notes);
  return { patients: inserted.length, notes: notes.length };
}
