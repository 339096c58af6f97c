// The read scenarios: what staff screens ask for, with ids found through the API as a client would.
import { CODE_SEARCH_TARGET, READ_TARGET } from './report.mjs';
import { BENCH_TZ_OFFSET, CLINIC_DAYS, TIERS } from './tiers.mjs';

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const OFFSET_MS = 3 * 3600_000; // the bench clinics' zone (Asia/Riyadh) is UTC+3 all year
/** The clinic-local day `days` after today (YYYY-MM-DD). */
const localDay = (days) => new Date(Date.now() + OFFSET_MS + days * 86_400_000).toISOString().slice(0, 10);
/** The day `days` before today (YYYY-MM-DD), as the older scenarios have always asked. */
const daysAgo = (days) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/** The latest clinic day (Sunday to Thursday) on or before today, clinic-local: a day the front desk had patients. */
function latestClinicDay() {
  for (let d = 0; d > -7; d--) {
    const day = localDay(d);
    if (CLINIC_DAYS.includes(DAY_NAMES[new Date(`${day}T00:00:00Z`).getUTCDay()])) return day;
  }
  return localDay(0);
}

export async function readScenarios({ api, tier, seedInfo }) {
  const somePatient = (await api('GET', '/api/patients?limit=5&page=3')).data[0];
  const clinic = (await api('GET', '/api/clinics?limit=5')).data[0];
  const namePart = somePatient.name.split(' ')[0].slice(0, 4);
  const dob = somePatient.dateOfBirth ?? (await api('GET', `/api/patients/${somePatient._id}`)).data.dateOfBirth;
  const weekStart = new Date(Date.now() - 3 * 86_400_000);
  const weekEnd = new Date(weekStart.getTime() + 7 * 86_400_000);
  const today = new Date().toISOString().slice(0, 10);
  const deepPage = Math.min(500, Math.max(1, Math.floor(TIERS[tier].patients / 10) - 1));
  const week = `from=${encodeURIComponent(weekStart.toISOString())}&to=${encodeURIComponent(weekEnd.toISOString())}`;
  // The patient with the long clinical record (PAT-000001 in both tiers).
  const chartPatient = seedInfo?.chartPatientId
    ?? (await api('GET', '/api/patients?search=PAT-000001&limit=5')).data.find((p) => p.publicId === 'PAT-000001')?._id;
  const service = (await api('GET', '/api/services?allData=true')).data.find((s) => s.clinic?._id === clinic._id && (s.doctors ?? []).length);
  const frontDeskDay = latestClinicDay();
  const read = (name, path, extra = {}) => ({ name, path, target: READ_TARGET, ...extra });
  const codes = (name, q) => read(`diagnosis codes: ${name}`, `/api/diagnosis-codes?search=${encodeURIComponent(q)}&limit=20`, { target: CODE_SEARCH_TARGET });
  return [
    read('patients: search by name', `/api/patients?search=${encodeURIComponent(namePart)}`),
    read('patients: date-of-birth filter', `/api/patients?dateOfBirth=${dob}`),
    read(`patients: deep page (${deepPage})`, `/api/patients?page=${deepPage}`),
    read('patient details', `/api/patients/${somePatient._id}`),
    read('employees: doctors', '/api/employees?employeeType=Doctor'),
    read('clinics list', '/api/clinics'),
    read('calendar: clinic week', `/api/appointments?clinic=${clinic._id}&${week}`),
    // What the week and day views ask for: lean cards, compressed as a browser accepts them.
    read('calendar: clinic week, cards (gzip)', `/api/appointments?clinic=${clinic._id}&${week}&view=calendar`, { headers: { 'accept-encoding': 'gzip' } }),
    read('appointments: status and date', `/api/appointments?status=completed&date=${today}`),
    // The dashboard's default view (this week) and its widest common one (a month), for a clinic and for the company.
    read('dashboard: clinic, this week', `/api/dashboard?clinic=${clinic._id}&from=${daysAgo(6)}&to=${today}`),
    read('dashboard: clinic, 30 days', `/api/dashboard?clinic=${clinic._id}&from=${daysAgo(29)}&to=${today}`),
    read('dashboard: company, 30 days', `/api/dashboard?from=${daysAgo(29)}&to=${today}`),
    // The patient's chart, first page (every kind of entry), of the patient with 200 encounters.
    ...(chartPatient ? [read('patient chart: first page (200 encounters)', `/api/patients/${chartPatient}/chart?limit=30`)] : []),
    // Diagnosis code search over the company's 100,000 codes, as the encounter's diagnosis picker asks.
    codes('code prefix (E11)', 'E11'),
    codes('English words', 'fracture femur'),
    codes('Arabic words', 'ورم خبيث في الرئة'),
    // There is no public self-booking page yet: the staff booking dialog's first free times (every booking rule
    // applies) are what such a page would show, asked for the clinic's busy days (from tomorrow, the most it gives).
    ...(service ? [read('free times: clinic, next 20 (staff next-free)', `/api/appointments/next-free?clinic=${clinic._id}&service=${service._id}&limit=20&from=${encodeURIComponent(`${localDay(1)}T00:00:00${BENCH_TZ_OFFSET}`)}`)] : []),
    // An integration's search: a clinic's appointments over a week, a page of 50 (FHIR R4 searchset).
    read('FHIR: Appointment search (clinic, week)', `/api/fhir/R4/Appointment?location=Location/${clinic._id}&date=ge${localDay(-3)}&date=le${localDay(3)}&_count=50`),
    read('waitlist: busy clinic, open entries', `/api/waitlist?status=open&clinic=${clinic._id}&page=1&limit=20`),
    read('front-desk board: busy clinic, a day', `/api/appointments/board?clinic=${clinic._id}&date=${frontDeskDay}`),
  ];
}
