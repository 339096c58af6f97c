/**
 * Demo scheduling data: specialities, services per clinic (those of the specialities the clinic offers, provided by
 * the clinic's own doctors who practise them) and about four weeks of appointments around today that keep every
 * booking rule (clinic hours and holidays, doctors' shifts, breaks and approved leave, no overlaps). Past appointments
 * are completed or cancelled, future ones scheduled. Deterministic (seeded PRNG), bulk-inserted, and tolerant of
 * missing clinics, doctors or patients.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import { addDays, localTime, safeTimeZone, weekdayOf, zonedInstant } from '@clinic/shared';
import type { Db } from '../db/client.js';
import {
  appointments, clinics, clinicSpecializations, employeeClinics, employees, employeeSpecializations, patients, serviceDoctors, services,
  specializations, specializationStaff,
} from '../db/schema/index.js';
import { evaluateStart } from '../domain/scheduling/bookable.js';
import { clinicSlots } from '../domain/scheduling/booking-rules.js';
import { seededRandom } from './random.js';

interface SpecializationSeed {
  name: string;
  description: string;
  certification: string;
  procedures: string;
  equipment: string;
  services: Array<[name: string, description: string, price: number, minutes: number | null]>;
  reasons: string[];
  /** Words of a clinic's name that say it offers the speciality ("Dental Clinic": Dentistry). */
  clinicWords: RegExp;
}

const SPECIALIZATIONS: SpecializationSeed[] = [
  { name: 'Cardiology', description: 'Diagnosis and treatment of diseases of the heart and blood vessels.', certification: 'Board certification in cardiology (Saudi Board or equivalent)', procedures: 'ECG, echocardiography, stress testing, Holter monitoring', equipment: 'ECG machine, echocardiograph, treadmill, defibrillator',
    clinicWords: /cardio|heart/i,
    services: [['Cardiology consultation', 'Assessment of heart symptoms and cardiovascular risk.', 350, 30], ['Echocardiogram', 'Ultrasound imaging of the heart structure and function.', 600, 60]], reasons: ['Chest pain', 'Palpitations', 'Blood pressure follow-up', 'ألم في الصدر'] },
  { name: 'Pediatrics', description: 'Medical care of infants, children and adolescents, from growth checks to acute illness.', certification: 'Board certification in pediatrics', procedures: 'Well-child visits, vaccinations, developmental screening', equipment: 'Pediatric scales, otoscope, nebuliser',
    clinicWords: /p(a)?ediatric|child|kids/i,
    services: [['Pediatric consultation', 'Examination and advice for children of all ages.', 250, 30], ['Child vaccination', 'Scheduled vaccines with a short check-up.', 120, 30]], reasons: ['Fever', 'Vaccination', 'Growth check', 'تطعيم الطفل'] },
  { name: 'Orthopedics', description: 'Care of bones, joints, ligaments and muscles, including sports injuries.', certification: 'Board certification in orthopedic surgery', procedures: 'Joint injections, fracture care, arthroscopy referral', equipment: 'X-ray viewer, casting supplies, splints',
    clinicWords: /orthop(a)?edic|bone|joint/i,
    services: [['Orthopedic consultation', 'Evaluation of joint, bone and muscle problems.', 300, 30], ['Joint injection', 'Guided injection for joint pain relief.', 450, 30]], reasons: ['Knee pain', 'Back pain', 'Shoulder injury', 'ألم في الركبة'] },
  { name: 'Dermatology', description: 'Diagnosis and treatment of skin, hair and nail conditions.', certification: 'Board certification in dermatology', procedures: 'Skin biopsy, cryotherapy, laser therapy', equipment: 'Dermatoscope, cryotherapy unit, medical laser',
    clinicWords: /dermat|skin/i,
    services: [['Dermatology consultation', 'Examination of skin, hair and nail concerns.', 280, 30], ['Laser skin treatment', 'Laser session for pigmentation or scars.', 800, 60]], reasons: ['Skin rash', 'Acne follow-up', 'Hair loss', 'حساسية جلدية'] },
  { name: 'Obstetrics and Gynecology', description: 'Women\'s health, pregnancy care and childbirth.', certification: 'Board certification in obstetrics and gynecology', procedures: 'Antenatal care, pelvic ultrasound, Pap smear', equipment: 'Ultrasound machine, fetal Doppler, examination bed',
    clinicWords: /women|gyn(a)?ecolog|obstet|maternity/i,
    services: [['Antenatal check-up', 'Routine pregnancy follow-up with measurements.', 300, 30], ['Pelvic ultrasound', 'Ultrasound examination of the pelvic organs.', 400, 30]], reasons: ['Pregnancy follow-up', 'Routine check-up', 'متابعة الحمل'] },
  { name: 'Internal Medicine', description: 'Prevention, diagnosis and treatment of adult diseases.', certification: 'Board certification in internal medicine', procedures: 'Chronic disease management, health screening', equipment: 'Blood pressure monitor, glucometer, ECG machine',
    clinicWords: /general medicine|internal medicine/i,
    services: [['Internal medicine consultation', 'Comprehensive assessment of adult health problems.', 250, 30], ['Diabetes follow-up', 'Review of blood sugar control and medication.', 200, 30]], reasons: ['Diabetes follow-up', 'Fatigue', 'Blood test results review', 'مراجعة نتائج التحاليل'] },
  { name: 'Ophthalmology', description: 'Medical and surgical care of the eyes and vision.', certification: 'Board certification in ophthalmology', procedures: 'Visual acuity testing, tonometry, retinal imaging', equipment: 'Slit lamp, tonometer, OCT scanner',
    clinicWords: /ophthalm|(^|[^a-z])eyes?([^a-z]|$)/i,
    services: [['Eye examination', 'Full eye check with vision and pressure tests.', 220, 30], ['Retina scan (OCT)', 'Optical coherence tomography of the retina.', 500, 30]], reasons: ['Blurred vision', 'Eye pressure check', 'Red eye', 'ضعف النظر'] },
  { name: 'Neurology', description: 'Disorders of the brain, spinal cord and nerves.', certification: 'Board certification in neurology', procedures: 'Neurological examination, EEG, nerve conduction studies', equipment: 'EEG machine, reflex hammer, EMG unit',
    clinicWords: /neuro/i,
    services: [['Neurology consultation', 'Assessment of headaches, seizures and nerve symptoms.', 350, 30], ['EEG', 'Recording of the brain\'s electrical activity.', 700, 60]], reasons: ['Headache', 'Dizziness', 'Numbness in hands', 'صداع مزمن'] },
  { name: 'ENT', description: 'Conditions of the ear, nose and throat.', certification: 'Board certification in otorhinolaryngology', procedures: 'Endoscopic examination, audiometry, ear cleaning', equipment: 'Otoscope, nasal endoscope, audiometer',
    clinicWords: /(^|[^a-z])(ent|ear|nose|throat)([^a-z]|$)/i,
    services: [['ENT consultation', 'Examination of ear, nose and throat complaints.', 250, 30], ['Hearing test', 'Audiometry to measure hearing levels.', 180, 30]], reasons: ['Ear pain', 'Sinusitis', 'Sore throat', 'التهاب الحلق'] },
  { name: 'Dentistry', description: 'Oral health, teeth and gums, from prevention to restoration.', certification: 'Licensed dental surgeon (BDS) with professional registration', procedures: 'Check-ups, scaling and polishing, fillings', equipment: 'Dental chair, intraoral X-ray, ultrasonic scaler',
    clinicWords: /dent/i,
    services: [['Dental check-up', 'Examination of teeth and gums with advice.', 200, 30], ['Teeth cleaning', 'Scaling and polishing by a dental professional.', 300, 30]], reasons: ['Toothache', 'Routine cleaning', 'Bleeding gums', 'ألم في الأسنان'] },
  { name: 'Family Medicine', description: 'Continuous, comprehensive care for individuals and families of every age.', certification: 'Board certification in family medicine', procedures: 'Preventive care, vaccinations, chronic disease follow-up', equipment: 'Examination bed, blood pressure monitor, ECG machine',
    clinicWords: /family|general medicine/i,
    services: [['Family medicine visit', 'General consultation for the whole family.', 200, 30], ['Annual health check', 'Yearly check-up with screening tests.', 500, 60]], reasons: ['Annual check-up', 'Cold and flu', 'Follow-up visit', 'مراجعة دورية'] },
  { name: 'Gastroenterology', description: 'Disorders of the digestive system, liver and pancreas.', certification: 'Board certification in gastroenterology', procedures: 'Endoscopy, colonoscopy, liver function assessment', equipment: 'Endoscope, colonoscope, ultrasound machine',
    clinicWords: /gastro|digestive/i,
    services: [['Gastroenterology consultation', 'Assessment of digestive complaints.', 330, 30], ['Upper endoscopy', 'Camera examination of the upper digestive tract.', 1500, 60]], reasons: ['Abdominal pain', 'Heartburn', 'Digestive problems', 'ألم في البطن'] },
];

/**
 * The specialities whose services a clinic offers: those its name names (the General Medicine clinic internal and
 * family medicine, the Dental Clinic dentistry), else every one (a clinic named after its place, "Olaya"), each only
 * where a doctor of the clinic practises it. A specialist placed at a clinic of another kind sees its patients for the
 * general consultation there: no dental check-up in the General Medicine clinic.
 */
function offeredAt(clinicName: string): SpecializationSeed[] {
  const named = SPECIALIZATIONS.filter((s) => s.clinicWords.test(clinicName));
  return named.length ? named : SPECIALIZATIONS;
}

const GENERAL: SpecializationSeed['services'][number] = ['General consultation', 'A first visit with a doctor of the clinic.', 200, null];
/** Who a service is for, by its name: children's care for children, pregnancy care for women; the others for anyone. */
const SERVICE_PATIENTS: Record<string, (p: { age: number; gender: string | null }) => boolean> = {
  'Pediatric consultation': (p) => p.age < 16,
  'Child vaccination': (p) => p.age < 16,
  'Antenatal check-up': (p) => p.gender === 'female' && p.age >= 18 && p.age <= 45,
  'Pelvic ultrasound': (p) => p.gender === 'female' && p.age >= 16,
};

/** The patients a service suits (all of them when it suits anyone, or none would). */
export function patientsSuitedTo<P extends { dateOfBirth: string; gender: string | null }>(serviceName: string, people: readonly P[], thisYear: number): readonly P[] {
  const fits = SERVICE_PATIENTS[serviceName];
  const suited = fits ? people.filter((p) => fits({ age: thisYear - Number(p.dateOfBirth.slice(0, 4)), gender: p.gender })) : people;
  return suited.length ? suited : people;
}

const GENERAL_REASONS = ['Follow-up visit', 'General check-up', 'Consultation', 'Second opinion', 'استشارة عامة', 'متابعة'];
const CANCEL_REASONS = ['Patient requested a new time', 'Patient is travelling', 'Doctor called to an emergency', 'Patient felt better', 'تعذر حضور المريض'];

async function reserve(db: Db, companyId: string, entity: string, prefix: string, n: number): Promise<string[]> {
  if (n <= 0) return [];
  const result = await db.execute<{ last_value: number }>(sql`
    insert into public_id_counters (company_id, entity, last_value) values (${companyId}, ${entity}, ${n})
    on conflict (company_id, entity) do update set last_value = public_id_counters.last_value + ${n}
    returning last_value`);
  const last = Number((result as unknown as { rows: Array<{ last_value: number }> }).rows[0]?.last_value);
  return Array.from({ length: n }, (_, i) => `${prefix}-${String(last - n + 1 + i).padStart(6, '0')}`);
}

/** Seeds the scheduling side of a demo company; runs after organisation, people and patients. */
/**
 * When a visit's patient arrived (0-15 minutes before the start), was called in (5-30 minutes later) and, if it is
 * over, was done (after about the booked length): the times the front desk would have recorded. A cancelled visit has
 * none; nothing is later than `now`.
 */
export function visitTimes(flow: ReturnType<typeof seededRandom>, start: number, end: number, now: number, kept: boolean) {
  if (!kept) return {};
  const minute = 60_000;
  const arrivedAt = Math.min(start - flow.int(0, 15) * minute, now);
  const calledInAt = Math.min(arrivedAt + flow.int(5, 30) * minute, now);
  const length = Math.max(end - start + flow.int(-5, 10) * minute, 5 * minute);
  return {
    arrivedAt: new Date(arrivedAt),
    calledInAt: new Date(calledInAt),
    ...(end <= now ? { completedAt: new Date(Math.min(calledInAt + length, now)) } : {}),
  };
}

export async function seedScheduling(db: Db, companyId: string, now = new Date()): Promise<void> {
  const rand = seededRandom(6060);
  // The visits' own times come from a generator of their own, so the booked days stay as they were.
  const flow = seededRandom(6061);
  // And whether a kept visit was missed, or a cancellation came late, from a third.
  const outcome = seededRandom(6062);

  // Specialities: reuse any that already exist (by name), add the rest.
  const existing = await db.select({ id: specializations.id, name: specializations.name }).from(specializations).where(eq(specializations.companyId, companyId));
  const specId = new Map(existing.map((s) => [s.name.toLowerCase(), s.id]));
  const missing = SPECIALIZATIONS.filter((s) => !specId.has(s.name.toLowerCase()));
  const specPublicIds = await reserve(db, companyId, 'specialization', 'SPC', missing.length);
  if (missing.length) {
    const rows = await db.insert(specializations).values(missing.map((s, i) => ({
      companyId, publicId: specPublicIds[i]!, name: s.name, description: s.description, certificationRequirements: s.certification,
      medicalProcedures: s.procedures, requiredEquipment: s.equipment,
    }))).returning({ id: specializations.id, name: specializations.name });
    for (const r of rows) specId.set(r.name.toLowerCase(), r.id);
  }

  const staff = await db
    .select({
      id: employees.id, name: employees.name, type: employees.employeeType, isActive: employees.isActive, jobTitle: employees.jobTitle,
      certifications: employees.certifications, workingHours: employees.workingHours, breakTimes: employees.breakTimes, vacationRecords: employees.vacationRecords,
    })
    .from(employees)
    .where(eq(employees.companyId, companyId))
    .orderBy(employees.publicId);
  const doctors = staff.filter((e) => e.type === 'Doctor');
  const doctorById = new Map(doctors.map((d) => [d.id, d]));

  // Doctors without a speciality get the one their title or certifications name.
  const linked = doctors.length
    ? await db.select({ employeeId: employeeSpecializations.employeeId, specializationId: employeeSpecializations.specializationId })
        .from(employeeSpecializations).where(and(eq(employeeSpecializations.companyId, companyId), inArray(employeeSpecializations.employeeId, doctors.map((d) => d.id))))
    : [];
  const doctorSpecs = new Map<string, Set<string>>();
  for (const l of linked) doctorSpecs.set(l.employeeId, (doctorSpecs.get(l.employeeId) ?? new Set()).add(l.specializationId));
  const newLinks: Array<{ companyId: string; employeeId: string; specializationId: string }> = [];
  for (const d of doctors) {
    if (doctorSpecs.has(d.id)) continue;
    const text = `${d.jobTitle ?? ''} ${JSON.stringify(d.certifications ?? [])}`.toLowerCase();
    // Whole words only: "ENT" must not match "Gastroenterologist".
    const hasWord = (word: string) => new RegExp(`(^|[^a-z])${word.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}([^a-z]|$)`).test(text);
    const match = SPECIALIZATIONS.find((s) => hasWord(s.name) || (s.name === 'Cardiology' && /cardiolog/.test(text)) || (s.name === 'Pediatrics' && /pediatric/.test(text)));
    if (!match) continue;
    const sid = specId.get(match.name.toLowerCase())!;
    newLinks.push({ companyId, employeeId: d.id, specializationId: sid });
    doctorSpecs.set(d.id, new Set([sid]));
  }
  if (newLinks.length) await db.insert(employeeSpecializations).values(newLinks).onConflictDoNothing();

  // Required staff of each new speciality: its doctors and a nurse or technician.
  const support = staff.filter((e) => e.isActive && (e.type === 'Nurse' || e.type === 'Technician'));
  const staffLinks: Array<{ companyId: string; specializationId: string; employeeId: string }> = [];
  for (const s of missing) {
    const sid = specId.get(s.name.toLowerCase())!;
    const own = doctors.filter((d) => doctorSpecs.get(d.id)?.has(sid)).slice(0, 2).map((d) => d.id);
    const helper = support.length ? [rand.pick(support).id] : [];
    for (const employeeId of new Set([...own, ...helper])) staffLinks.push({ companyId, specializationId: sid, employeeId });
  }
  if (staffLinks.length) await db.insert(specializationStaff).values(staffLinks).onConflictDoNothing();

  // Services per clinic, provided by the clinic's active doctors.
  const clinicRows = await db
    .select({ id: clinics.id, name: clinics.name, isActive: clinics.isActive, timeZone: clinics.timeZone, averageVisitMinutes: clinics.averageVisitMinutes, workingHours: clinics.workingHours, holidays: clinics.holidays })
    .from(clinics).where(eq(clinics.companyId, companyId)).orderBy(clinics.publicId);
  if (!clinicRows.length) return;
  const placements = await db.select({ employeeId: employeeClinics.employeeId, clinicId: employeeClinics.clinicId }).from(employeeClinics).where(eq(employeeClinics.companyId, companyId));
  const clinicDoctors = new Map<string, string[]>();
  for (const p of placements) {
    const d = doctorById.get(p.employeeId);
    if (d?.isActive) clinicDoctors.set(p.clinicId, [...(clinicDoctors.get(p.clinicId) ?? []), d.id]);
  }

  const clinicSpecLinks: Array<{ companyId: string; clinicId: string; specializationId: string }> = [];
  const planned: Array<{ clinicId: string; seed: SpecializationSeed['services'][number]; doctorIds: string[]; reasons: string[] }> = [];
  for (const clinic of clinicRows) {
    const ids = clinicDoctors.get(clinic.id) ?? [];
    if (!ids.length) continue;
    planned.push({ clinicId: clinic.id, seed: GENERAL, doctorIds: ids, reasons: GENERAL_REASONS });
    const specs = new Set(ids.flatMap((id) => [...(doctorSpecs.get(id) ?? [])]));
    for (const s of offeredAt(clinic.name)) {
      const sid = specId.get(s.name.toLowerCase())!;
      if (!specs.has(sid)) continue;
      clinicSpecLinks.push({ companyId, clinicId: clinic.id, specializationId: sid });
      const providers = ids.filter((id) => doctorSpecs.get(id)?.has(sid));
      for (const svc of s.services) planned.push({ clinicId: clinic.id, seed: svc, doctorIds: providers, reasons: s.reasons });
    }
  }
  if (clinicSpecLinks.length) await db.insert(clinicSpecializations).values(clinicSpecLinks).onConflictDoNothing();
  if (!planned.length) return;
  const servicePublicIds = await reserve(db, companyId, 'service', 'SRV', planned.length);
  const serviceRows = await db.insert(services).values(planned.map((p, i) => ({
    companyId, publicId: servicePublicIds[i]!, clinicId: p.clinicId, name: p.seed[0], description: p.seed[1], price: String(p.seed[2]), durationMinutes: p.seed[3],
  }))).returning({ id: services.id });
  await db.insert(serviceDoctors).values(planned.flatMap((p, i) => p.doctorIds.map((employeeId) => ({ companyId, serviceId: serviceRows[i]!.id, employeeId }))));

  // About four weeks of appointments around today.
  const patientRows = await db.select({ id: patients.id, dateOfBirth: patients.dateOfBirth, gender: patients.gender }).from(patients)
    .where(and(eq(patients.companyId, companyId), eq(patients.isActive, true))).orderBy(patients.publicId);
  if (!patientRows.length) return;
  // Each service's patients: children's services see children, pregnancy care women (no 86-year-old at a vaccination).
  const thisYear = now.getUTCFullYear();
  const patientsFor = new Map<string, readonly (typeof patientRows)[number][]>();
  const poolOf = (serviceName: string) => {
    let pool = patientsFor.get(serviceName);
    if (!pool) {
      pool = patientsSuitedTo(serviceName, patientRows, thisYear);
      patientsFor.set(serviceName, pool);
    }
    return pool;
  };
  // Kept appointments per doctor and per patient (ids are unique across both), across all clinics.
  const busy = new Map<string, Array<[number, number]>>();
  const free = (id: string, s: number, e: number) => !(busy.get(id) ?? []).some(([a, b]) => a < e && s < b);
  const book = (id: string, s: number, e: number) => busy.set(id, [...(busy.get(id) ?? []), [s, e]]);
  const rows: Array<typeof appointments.$inferInsert> = [];
  const longAgo = new Date(0);

  for (const clinic of clinicRows) {
    if (!clinic.isActive) continue;
    const tz = safeTimeZone(clinic.timeZone);
    const step = clinic.averageVisitMinutes > 0 ? clinic.averageVisitMinutes : 30;
    const offered = planned.map((p, i) => ({ ...p, id: serviceRows[i]!.id, minutes: p.seed[3] ?? step })).filter((p) => p.clinicId === clinic.id);
    const today = localTime(now, tz).date;
    const calendar = { timeZone: tz, workingHours: clinic.workingHours, holidays: clinic.holidays };
    for (let offset = -14; offset <= 14; offset++) {
      const date = addDays(today, offset);
      const slots = clinicSlots(clinic.workingHours, weekdayOf(date));
      for (const doctorId of clinicDoctors.get(clinic.id) ?? []) {
        const doctor = doctorById.get(doctorId)!;
        const mine = offered.filter((o) => o.doctorIds.includes(doctorId));
        if (!mine.length) continue;
        for (const slot of slots) {
          for (let m = slot.start; m + step <= slot.end; m += step) {
            if (!rand.chance(0.22)) continue;
            const service = rand.pick(mine);
            const time = `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
            const startsAt = zonedInstant(date, time, tz);
            const endsAt = new Date(startsAt.getTime() + service.minutes * 60_000);
            const s = startsAt.getTime();
            const e = endsAt.getTime();
            if (!free(doctorId, s, e)) continue;
            if (!evaluateStart({ clinic: calendar, doctor, durationMinutes: service.minutes, now: longAgo }, startsAt).ok) continue;
            const patient = rand.pick(poolOf(service.seed[0])).id;
            if (!free(patient, s, e)) continue;
            const past = e <= now.getTime();
            const cancelled = rand.chance(past ? 0.12 : 0.06);
            // Under way now: the patient is with the doctor.
            const ongoing = !cancelled && !past && s <= now.getTime();
            // About one kept visit in fourteen the patient never came to; about a quarter of cancellations came
            // within the day before (late).
            const missed = !cancelled && past && outcome.chance(0.07);
            const soon = cancelled && outcome.chance(0.25);
            const status = cancelled ? 'cancelled' : missed ? 'no_show' : past ? 'completed' : ongoing ? 'in_consultation' : 'scheduled';
            // The main generator's draws in their usual order (the booked days stay as they were).
            const reason = rand.pick(service.reasons);
            const cancellationReason = cancelled ? rand.pick(CANCEL_REASONS) : null;
            const createdAt = new Date(Math.min(now.getTime(), s) - (3 + Math.floor(rand.next() * 20)) * 86_400_000);
            const hour = 3_600_000;
            const cancelledAt = cancelled
              ? new Date(Math.min(now.getTime(), Math.max(createdAt.getTime() + hour, s - (soon ? outcome.int(1, 20) : outcome.int(25, 60)) * hour)))
              : null;
            // Late as the company's rule reads it (24 hours or less before the start), from the time it happened.
            const late = cancelledAt !== null && s - cancelledAt.getTime() <= 24 * hour;
            const times = past || ongoing ? visitTimes(flow, s, e, now.getTime(), !cancelled) : {};
            // A cancelled slot stays free for someone else; kept ones block the doctor and the patient.
            if (!cancelled) {
              book(doctorId, s, e);
              book(patient, s, e);
            }
            rows.push({
              companyId, publicId: '', patientId: patient, doctorId, clinicId: clinic.id, serviceId: service.id,
              reason, startsAt, endsAt, status, cancellationReason,
              lateCancellation: late, cancelledAt,
              reminderSent: past || s - now.getTime() < 2 * 86_400_000,
              createdAt,
              ...(missed ? { noShowAt: new Date(s + 15 * 60_000) } : times),
            });
          }
        }
      }
    }
  }
  if (!rows.length) return;
  rows.sort((x, y) => (x.createdAt as Date).getTime() - (y.createdAt as Date).getTime());
  const publicIds = await reserve(db, companyId, 'appointment', 'APT', rows.length);
  rows.forEach((r, i) => { r.publicId = publicIds[i]!; r.updatedAt = r.createdAt; });
  for (let i = 0; i < rows.length; i += 500) await db.insert(appointments).values(rows.slice(i, i + 500));
}
