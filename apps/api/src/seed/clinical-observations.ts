/**
 * Demo vitals and allergies: a set of vitals at each completed visit (in its encounter, taken by a nurse ten minutes after the visit
 * starts, in the units a clinic uses, a few abnormal), and an allergy state for every patient: some with allergies
 * (Arabic or English substances), some with "no known allergies" recorded, the rest never asked.
 */
import { and, asc, eq, inArray, lt } from 'drizzle-orm';
import { bmiOf, substanceKey, toCanonical } from '@clinic/shared';
import type { Db } from '../db/client.js';
import { appointments, employees, encounters, patientAllergies, patientAllergyStates, patients, vitalSigns } from '../db/schema/index.js';
import { seededRandom } from './random.js';

const ALLERGIES: Array<Array<{ substance: string; reaction: string; severity: 'mild' | 'moderate' | 'severe' | 'life_threatening'; type?: 'intolerance' }>> = [
  [{ substance: 'Penicillin', reaction: 'Hives and facial swelling', severity: 'severe' }],
  [{ substance: 'أسبرين', reaction: 'ضيق في التنفس', severity: 'moderate' }, { substance: 'Latex', reaction: 'Contact rash', severity: 'mild' }],
  [{ substance: 'Peanuts', reaction: 'Anaphylaxis', severity: 'life_threatening' }],
  [{ substance: 'سلفا', reaction: 'طفح جلدي', severity: 'moderate' }],
  [{ substance: 'Lactose', reaction: 'Bloating', severity: 'mild', type: 'intolerance' }],
];

export async function seedClinicalObservations(db: Db, companyId: string, now = new Date()): Promise<void> {
  const rand = seededRandom(3107);
  const nurses = await db.select({ id: employees.id }).from(employees)
    .where(and(eq(employees.companyId, companyId), inArray(employees.employeeType, ['Nurse', 'Doctor']))).orderBy(asc(employees.name)).limit(6);
  const recorder = () => (nurses.length ? rand.pick(nurses).id : null);
  const people = await db.select({ id: patients.id, dob: patients.dateOfBirth }).from(patients).where(eq(patients.companyId, companyId)).orderBy(asc(patients.publicId));
  const visits = await db.select({ patientId: appointments.patientId, startsAt: appointments.startsAt, encounterId: encounters.id }).from(appointments)
    .leftJoin(encounters, and(eq(encounters.companyId, appointments.companyId), eq(encounters.appointmentId, appointments.id)))
    .where(and(eq(appointments.companyId, companyId), eq(appointments.status, 'completed'), lt(appointments.startsAt, now))).orderBy(asc(appointments.startsAt));

  const byPatient = new Map<string, Array<{ startsAt: Date; encounterId: string | null }>>();
  for (const v of visits) byPatient.set(v.patientId, [...(byPatient.get(v.patientId) ?? []), v]);
  const rows: Array<typeof vitalSigns.$inferInsert> = [];
  people.forEach((p, i) => {
    const adult = Number(p.dob.slice(0, 4)) <= now.getUTCFullYear() - 13;
    const height = adult ? rand.int(152, 188) : rand.int(95, 150);
    let weight = adult ? rand.int(55, 105) : rand.int(15, 45);
    const imperial = i % 4 === 3;
    const hypertensive = i % 6 === 1;
    for (const [n, { startsAt, encounterId }] of (byPatient.get(p.id) ?? []).entries()) {
      weight += rand.int(-1, 1);
      const fever = rand.chance(0.15);
      const tempC = fever ? 38 + rand.int(1, 18) / 10 : 36.4 + rand.int(0, 8) / 10;
      const weightKg = imperial ? toCanonical('weight', Math.round(weight * 2.2046), 'lb') : weight;
      const heightCm = n === 0 ? height : null;
      const systolic = hypertensive ? rand.int(138, 162) : rand.int(104, 132);
      rows.push({
        companyId, patientId: p.id, encounterId, takenAt: new Date(startsAt.getTime() + 10 * 60_000), recordedBy: recorder(), recordedAt: new Date(startsAt.getTime() + 11 * 60_000),
        heightCm, weightKg, bmi: bmiOf(height, weightKg),
        temperatureC: imperial ? toCanonical('temperature', Math.round((tempC * 9) / 5 * 10 + 320) / 10, 'F') : Math.round(tempC * 10) / 10,
        pulse: fever ? rand.int(96, 118) : rand.int(62, 92), respiratoryRate: rand.int(12, fever ? 24 : 18),
        systolic, diastolic: Math.min(systolic - 25, hypertensive ? rand.int(86, 98) : rand.int(66, 84)), spo2: rand.int(fever ? 93 : 96, 99),
        painScore: rand.int(0, fever ? 6 : 3), glucoseMmol: rand.chance(0.3) ? (rand.chance(0.2) ? rand.int(80, 140) / 10 : rand.int(42, 76) / 10) : null,
        enteredUnits: imperial ? { weight: 'lb', temperature: 'F', bmi: 'kg/m2' } : {},
      });
    }
  });
  for (let i = 0; i < rows.length; i += 500) await db.insert(vitalSigns).values(rows.slice(i, i + 500));

  for (const [i, p] of people.entries()) {
    const kind = i % 5;
    if (kind === 0 || kind === 1) {
      for (const a of ALLERGIES[Math.floor(i / 5) % ALLERGIES.length]!) {
        await db.insert(patientAllergies).values({
          companyId, patientId: p.id, substance: a.substance, substanceKey: substanceKey(a.substance), reaction: a.reaction, severity: a.severity,
          type: a.type ?? 'allergy', recordedBy: recorder(), recordedAt: new Date(now.getTime() - (30 + i) * 86_400_000),
        }).onConflictDoNothing();
      }
    } else if (kind === 2) {
      await db.insert(patientAllergyStates).values({ companyId, patientId: p.id, noKnownAllergies: true, recordedBy: recorder(), recordedAt: new Date(now.getTime() - (20 + i) * 86_400_000) })
        .onConflictDoNothing();
    }
  }
}
