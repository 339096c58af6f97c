/**
 * Demo organisation structure for "Al Noor Medical Group" (Company plan): the company profile,
 * 2 medical complexes, 4 departments and 6 clinics with working hours, visit lengths, the Riyadh time
 * zone and holidays. Fixed data (deterministic), validated by the same shared schemas as the forms,
 * inserted in bulk. People of the company may be missing: the person in charge is then the first employee.
 */
import { eq } from 'drizzle-orm';
import {
  complexInput, clinicInput, companyInput, departmentInput, type ComplexInput, type ClinicInput, type DepartmentInput,
  type WorkingHoursEntry,
} from '@clinic/shared';
import type { Db } from '../db/client.js';
import { clinicCollections, clinics, companyProfiles, departments, employees } from '../db/schema/index.js';
import { nextPublicId } from '../lib/public-id.js';
import { complexColumns } from '../modules/complexes/complexes.service.js';
import { clinicColumns } from '../modules/clinics/clinics.service.js';
import { profileColumns } from '../modules/companies/companies.service.js';
import { departmentColumns } from '../modules/departments/departments.service.js';

const TIME_ZONE = 'Asia/Riyadh';
const HOLIDAYS = [
  { name: 'Founding Day', date: '2026-02-22', reason: 'National holiday' },
  { name: 'Eid al-Fitr', date: '2026-03-20', reason: 'Religious holiday' },
  { name: 'National Day', date: '2026-09-23', reason: 'National holiday' },
];

const SUN_TO_THU = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday'] as const;

/** Sunday to Thursday in two periods, Saturday mornings; Friday closed. */
function splitWeek(morning: [string, string], evening: [string, string], saturday: [string, string] | null): WorkingHoursEntry[] {
  const days: WorkingHoursEntry[] = SUN_TO_THU.map((day) => ({
    day,
    timeSlots: [{ startTime: morning[0], endTime: morning[1] }, { startTime: evening[0], endTime: evening[1] }],
  }));
  if (saturday) days.push({ day: 'Saturday', timeSlots: [{ startTime: saturday[0], endTime: saturday[1] }] });
  return days;
}

const RIYADH = { x: 24.6959, y: 46.6855 };
const JEDDAH = { x: 21.561, y: 39.151 };

interface ClinicSeed {
  name: string;
  department: number;
  minutes: number;
  hours: WorkingHoursEntry[];
  overview: string;
  phone: string;
  offset: number;
}

const CLINICS: ClinicSeed[] = [
  { name: 'General Medicine Clinic', department: 0, minutes: 20, hours: splitWeek(['09:00', '13:00'], ['16:00', '21:00'], ['10:00', '14:00']), overview: 'Check-ups, chronic disease follow-up and referrals for adults', phone: '+966 11 462 1101', offset: 0.001 },
  { name: 'Cardiology Clinic', department: 0, minutes: 30, hours: splitWeek(['09:00', '13:00'], ['16:00', '20:00'], null), overview: 'ECG, echocardiography and follow-up of heart patients', phone: '+966 11 462 1102', offset: 0.002 },
  { name: 'Dental Clinic', department: 1, minutes: 30, hours: splitWeek(['10:00', '14:00'], ['17:00', '22:00'], ['10:00', '14:00']), overview: 'Family dentistry, orthodontics and cosmetic dentistry', phone: '+966 11 462 1103', offset: 0.003 },
  { name: 'Paediatrics Clinic', department: 2, minutes: 20, hours: splitWeek(['08:00', '13:00'], ['16:00', '21:00'], ['10:00', '14:00']), overview: 'Well-child visits, vaccinations and childhood illnesses', phone: '+966 12 661 2201', offset: 0.001 },
  { name: "Women's Health Clinic", department: 2, minutes: 30, hours: splitWeek(['09:00', '13:00'], ['16:00', '21:00'], null), overview: 'Obstetrics, antenatal care and gynaecology', phone: '+966 12 661 2202', offset: 0.002 },
  { name: 'Dermatology Clinic', department: 3, minutes: 20, hours: splitWeek(['09:00', '13:00'], ['16:00', '21:00'], ['10:00', '14:00']), overview: 'Skin, hair and nail conditions and laser treatments', phone: '+966 12 661 2203', offset: 0.003 },
];

/**
 * The insurers each clinic has a contract with: their share of the services they cover (by name; what a contract does
 * not list, such as an annual health check or teeth cleaning, the patient pays in full). Patients whose card names one
 * of them and has not lapsed get the insurer's share on their invoices, and a claim when the invoice is issued.
 */
const COVERED_CARE = ['General consultation', 'Internal medicine consultation', 'Diabetes follow-up', 'Cardiology consultation', 'Echocardiogram',
  'Dental check-up', 'Pediatric consultation', 'Child vaccination', 'Antenatal check-up', 'Pelvic ultrasound'];
const INSURER_CONTRACTS = [
  { companyName: 'Bupa Arabia', companyPhone: '8002440307', companyEmail: 'providers@bupa.example', coveragePercentage: 80, coveredServices: COVERED_CARE },
  { companyName: 'Tawuniya', companyPhone: '8001249990', companyEmail: 'providers@tawuniya.example', coveragePercentage: 70, coveredServices: COVERED_CARE },
  { companyName: 'MedGulf', companyPhone: '8004413334', companyEmail: 'providers@medgulf.example', coveragePercentage: 60, coveredServices: ['General consultation', 'Pediatric consultation', 'Antenatal check-up'] },
];

export async function seedOrganisation(db: Db, companyId: string): Promise<void> {
  const existing = await db.select({ id: companyProfiles.companyId }).from(companyProfiles).where(eq(companyProfiles.companyId, companyId)).limit(1);
  if (existing.length) return;
  const people = await db.select({ id: employees.id, username: employees.username }).from(employees).where(eq(employees.companyId, companyId)).orderBy(employees.createdAt);
  if (!people.length) return;
  const byUsername = new Map(people.map((p) => [p.username ?? '', p.id]));
  const pic = (username: string) => byUsername.get(username) ?? people[0]!.id;

  const company = companyInput.parse({
    name: 'Al Noor Medical Group',
    address: 'King Fahd Road, Al Olaya, Riyadh 12214',
    yearOfEstablishment: '2008-03-15',
    goals: 'Specialist care within a week, close to every family we serve',
    overview: 'Al Noor Medical Group (مجموعة النور الطبية) runs outpatient medical complexes in Riyadh and Jeddah with family medicine, specialist and dental clinics.',
    vision: 'Trusted, accessible care for every family in the Kingdom',
    contactInfos: [
      { type: 'email', value: 'info@alnoor.example', subType: 'General enquiries', name: 'Customer care', designation: 'Front office' },
      { type: 'phone', value: '+966 11 462 1000', subType: 'Head office' },
    ],
    holidays: HOLIDAYS,
    specializations: [
      { name: 'Family medicine', description: 'First contact care for all ages' },
      { name: 'Cardiology', description: 'Heart and blood vessel conditions' },
      { name: 'Dentistry', description: 'Oral health and dental surgery' },
    ],
    bankAccount: [{ accountName: 'Al Noor Medical Group', accountNumber: 'SA0380000000608010167519', bankName: 'Al Rajhi Bank', swiftCode: 'RJHISARI' }],
    insuranceCompany: [
      { companyName: 'Bupa Arabia', companyPhone: '8002440307', companyEmail: 'providers@bupa.example' },
      { companyName: 'Tawuniya', companyPhone: '8001249990', companyEmail: 'providers@tawuniya.example' },
    ],
    cashBoxes: [{ name: 'Head office cash box', pic: 'Khalid Nasser' }],
    onlinePaymentMethods: [{ companyName: 'Mada', processingFees: 0.8 }, { companyName: 'Apple Pay', processingFees: 1.2 }],
    commercialRecord: { recordNumber: '1010234567', grantDate: '2008-02-01', issueDate: '2023-02-01', expirationDate: '2028-01-31', taxNumber: '300234567800003' },
    locationGoogle: RIYADH,
    Key_member: 'Dr. Omar Haddad (Medical Director)',
    Founder: 'Sara Al-Harbi',
    Executives: 'Sara Al-Harbi (CEO), Khalid Nasser (CFO), Dr. Omar Haddad (CMO)',
  });
  await db.insert(companyProfiles).values({ companyId, ...profileColumns(company) });

  const complexSeeds: ComplexInput[] = [
    {
      name: 'Al Noor Olaya Medical Complex', PIC: pic('admin'), phone: '+966 11 462 1100', email: 'olaya@alnoor.example',
      website: 'https://olaya.alnoor.example', country: 'Saudi Arabia', stateProvince: 'Riyadh Province', zipCode: '12214',
      address: 'Olaya Street 40, Riyadh', yearOfEstablishment: '2010-09-01', overview: 'Flagship outpatient complex in central Riyadh',
      policies: 'Booked appointments first; walk-ins seen as capacity allows', vision: 'Specialist care without the wait',
      goals: 'Same-week specialist appointments', details: 'Free parking, pharmacy and laboratory on site',
      contactInfos: [{ type: 'phone', value: '+966 11 462 1100' }, { type: 'email', value: 'olaya@alnoor.example' }],
      workingDays: [...SUN_TO_THU.map((day) => ({ day, startTime: '08:00', endTime: '22:00' })), { day: 'Saturday', startTime: '10:00', endTime: '14:00' }],
      holidays: HOLIDAYS, locationGoogl: RIYADH,
    },
    {
      name: 'Al Noor Jeddah Medical Complex', PIC: pic('hibrahim'), phone: '+966 12 661 2200', email: 'jeddah@alnoor.example',
      website: 'https://jeddah.alnoor.example', country: 'Saudi Arabia', stateProvince: 'Makkah Province', zipCode: '23432',
      address: 'Prince Sultan Road, Al Rawdah, Jeddah', yearOfEstablishment: '2016-01-10', overview: 'Family and women\'s health complex in north Jeddah',
      policies: 'Children are seen with a guardian; women\'s clinics staffed by female doctors', vision: 'Healthy families in every neighbourhood',
      goals: 'One visit for the whole family', details: 'Children\'s play area and baby changing rooms',
      contactInfos: [{ type: 'phone', value: '+966 12 661 2200' }],
      workingDays: [...SUN_TO_THU.map((day) => ({ day, startTime: '08:00', endTime: '22:00' })), { day: 'Saturday', startTime: '10:00', endTime: '14:00' }],
      holidays: HOLIDAYS, locationGoogl: JEDDAH,
    },
  ];
  const complexRows = [];
  for (const seed of complexSeeds) {
    complexRows.push({ companyId, publicId: await nextPublicId(db, companyId, 'clinic_collection', 'MC'), ...complexColumns(complexInput.parse(seed)) });
  }
  const complexIds = (await db.insert(clinicCollections).values(complexRows).returning({ id: clinicCollections.id })).map((r) => r.id);

  const departmentSeeds: Array<DepartmentInput & { complex: number }> = [
    { complex: 0, name: 'Internal Medicine', PIC: pic('doctor'), introduction: 'Adult medicine from check-ups to chronic disease care', yearOfEstablishment: '2010-09-01', address: 'Olaya complex, ground floor', vision: 'Prevention first', details: 'Includes the heart clinic and an ECG room', patientCapacity: 60, contactInfos: [{ type: 'phone', value: '+966 11 462 1110', subType: 'Reception' }] },
    { complex: 0, name: 'Dental Care', PIC: pic('yamin'), introduction: 'Dentistry for the whole family', yearOfEstablishment: '2012-05-20', address: 'Olaya complex, first floor', vision: 'Healthy smiles for life', details: 'Six dental chairs and digital X-ray', patientCapacity: 30, contactInfos: [{ type: 'phone', value: '+966 11 462 1120', subType: 'Reception' }] },
    { complex: 1, name: 'Women and Children', PIC: pic('ecarter'), introduction: 'Care for mothers, babies and children', yearOfEstablishment: '2016-01-10', address: 'Jeddah complex, ground floor', vision: 'A healthy start for every child', details: 'Vaccination room and ultrasound', patientCapacity: 50, contactInfos: [{ type: 'phone', value: '+966 12 661 2210', subType: 'Reception' }] },
    { complex: 1, name: 'Dermatology', PIC: pic('dbrooks'), introduction: 'Skin, hair and nail care', yearOfEstablishment: '2018-03-01', address: 'Jeddah complex, first floor', vision: 'Confidence in your skin', details: 'Laser and phototherapy units', patientCapacity: 25, contactInfos: [{ type: 'email', value: 'derma.jeddah@alnoor.example', subType: 'Appointments' }] },
  ];
  const departmentRows = [];
  for (const { complex, ...seed } of departmentSeeds) {
    const columns = departmentColumns(departmentInput.parse({ ...seed, clinicCollectionId: complexIds[complex] }));
    departmentRows.push({ companyId, publicId: await nextPublicId(db, companyId, 'department', 'DEP'), ...columns });
  }
  const departmentIds = (await db.insert(departments).values(departmentRows).returning({ id: departments.id })).map((r) => r.id);

  const clinicRows = [];
  for (const seed of CLINICS) {
    const complex = departmentSeeds[seed.department]!.complex;
    const base = complex === 0 ? RIYADH : JEDDAH;
    const input: ClinicInput = {
      name: seed.name,
      PIC: departmentSeeds[seed.department]!.PIC,
      AverageDurationOfVisit: seed.minutes,
      timeZone: TIME_ZONE,
      overview: seed.overview,
      yearOfEstablishment: complex === 0 ? '2011-01-15' : '2016-02-01',
      address: complex === 0 ? 'Al Noor Olaya Medical Complex, Riyadh' : 'Al Noor Jeddah Medical Complex, Jeddah',
      vision: 'The right care at the right time',
      goals: 'Short waits and clear follow-up plans',
      contactInfos: [{ type: 'phone', value: seed.phone, subType: 'Reception' }],
      holidays: HOLIDAYS,
      WorkingHours: seed.hours,
      insuranceCompany: INSURER_CONTRACTS,
      onlinePaymentMethods: [{ companyName: 'Mada', processingFees: 0.8, type: 'credit_card', transactionType: 'deposit', supportedCurrencies: ['SAR'] }],
      cashBoxes: [{ name: `${seed.name} front desk`, pic: 'Layla Mansour', currency: 'SAR', totalBalance: 0 }],
      locationGoogl: { x: Number((base.x + seed.offset).toFixed(4)), y: Number((base.y + seed.offset).toFixed(4)) },
      departmentId: departmentIds[seed.department],
    };
    const parsed = clinicInput.parse(input);
    clinicRows.push({
      companyId,
      publicId: await nextPublicId(db, companyId, 'clinic', 'CLN'),
      ...clinicColumns(parsed, { departmentId: departmentIds[seed.department]!, clinicCollectionId: complexIds[complex]! }, TIME_ZONE),
    });
  }
  await db.insert(clinics).values(clinicRows);
}
