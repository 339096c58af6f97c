/**
 * Demo prescriptions: an issued prescription for some of the latest completed visits, written by the visit's doctor
 * in the patient's language, with its items on the patient's medication list (completed once the course is over).
 * Consistent with the patients' records: a patient with any active allergy gets only drugs no recorded allergy
 * touches, even by class (no antibiotic or anti-inflammatory), and nothing repeats a medication already taken.
 */
import { randomBytes } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import { addDays, checkPrescription, normalizeDrugName, type DoseUnit, type FrequencyCode, type MedicationRoute } from '@clinic/shared';
import type { Db } from '../db/client.js';
import {
  appointments, companies, encounters, medications, patientAllergies, patientMedications, patients, prescriptionItems, prescriptions,
} from '../db/schema/index.js';
import { publicIdOf } from '../lib/public-id.js';

interface Plan { drug: [string, string]; dose: number; unit: DoseUnit; route: MedicationRoute; frequency: FrequencyCode; days: number; quantity: number; en: string; ar: string; safe?: boolean }

const PLANS: Plan[] = [
  { drug: ['Augmentin', '625 mg'], dose: 1, unit: 'tablet', route: 'oral', frequency: 'BID', days: 7, quantity: 14, en: 'After meals', ar: 'بعد الأكل' },
  { drug: ['Panadol', '500 mg'], dose: 2, unit: 'tablet', route: 'oral', frequency: 'PRN', days: 5, quantity: 20, en: 'For pain or fever, at most 8 tablets a day', ar: 'عند الألم أو الحرارة، بحد أقصى 8 أقراص يومياً', safe: true },
  { drug: ['Brufen', '400 mg'], dose: 1, unit: 'tablet', route: 'oral', frequency: 'TID', days: 5, quantity: 15, en: 'With food', ar: 'مع الطعام' },
  { drug: ['Zyrtec', '10 mg'], dose: 1, unit: 'tablet', route: 'oral', frequency: 'QHS', days: 14, quantity: 14, en: 'May cause drowsiness', ar: 'قد يسبب النعاس', safe: true },
  { drug: ['Losec', '20 mg'], dose: 1, unit: 'capsule', route: 'oral', frequency: 'OD', days: 28, quantity: 28, en: 'Before breakfast', ar: 'قبل الإفطار', safe: true },
  { drug: ['Fucidin', '2%'], dose: 1, unit: 'application', route: 'topical', frequency: 'TID', days: 7, quantity: 1, en: 'Thin layer on the affected skin', ar: 'طبقة رقيقة على الجلد المصاب', safe: true },
];

/** How many recent completed visits get a prescription. */
const VISITS = 16;

export async function seedPrescriptions(db: Db, companyId: string): Promise<void> {
  const [company] = await db.select({ timeZone: companies.timeZone }).from(companies).where(eq(companies.id, companyId)).limit(1);
  if (!company) return;
  const visits = await db.select({
    patientId: appointments.patientId, doctorId: appointments.doctorId, clinicId: appointments.clinicId, at: appointments.startsAt,
    encounterId: encounters.id, details: patients.details,
  }).from(appointments)
    .innerJoin(patients, and(eq(patients.companyId, appointments.companyId), eq(patients.id, appointments.patientId)))
    .leftJoin(encounters, and(eq(encounters.companyId, appointments.companyId), eq(encounters.appointmentId, appointments.id)))
    .where(and(eq(appointments.companyId, companyId), eq(appointments.status, 'completed')))
    .orderBy(desc(appointments.startsAt)).limit(VISITS);
  const catalogue = await db.select().from(medications).where(eq(medications.companyId, companyId));
  const drugOf = (p: Plan) => catalogue.find((d) => d.name === p.drug[0] && d.strength === p.drug[1]);
  const today = new Date().toLocaleDateString('en-CA', { timeZone: company.timeZone });

  let issued = 0;
  for (const [i, visit] of visits.entries()) {
    const [allergies, active] = await Promise.all([
      db.select().from(patientAllergies).where(and(eq(patientAllergies.companyId, companyId), eq(patientAllergies.patientId, visit.patientId))),
      db.select().from(patientMedications).where(and(eq(patientMedications.companyId, companyId), eq(patientMedications.patientId, visit.patientId), eq(patientMedications.status, 'active'))),
    ]);
    const anyAllergy = allergies.some((a) => a.status === 'active');
    const plan = [...PLANS.slice(i % PLANS.length), ...PLANS.slice(0, i % PLANS.length)].find((p) => {
      const drug = drugOf(p);
      if (!drug || (anyAllergy && !p.safe)) return false;
      const check = checkPrescription({
        items: [{ medicationId: drug.id, name: drug.name, genericName: drug.genericName, nameAr: drug.nameAr }],
        allergyState: anyAllergy ? 'allergies' : 'none',
        allergies: allergies.map((a) => ({ id: a.id, substance: a.substance, substanceKey: a.substanceKey, status: a.status as 'active' })),
        activeMedications: active,
      });
      return check.warnings.length === 0;
    });
    if (!plan) continue;
    const drug = drugOf(plan)!;
    const day = new Date(visit.at).toLocaleDateString('en-CA', { timeZone: company.timeZone });
    // The patient's language when it is Arabic or English; otherwise every other one in each, so the demo has both.
    const preferred = (visit.details as { preferredLanguage?: string } | null)?.preferredLanguage;
    const language = preferred === 'Arabic' ? 'ar' : preferred === 'English' ? 'en' : issued % 2 === 1 ? 'ar' : 'en';
    issued += 1;
    const [row] = await db.insert(prescriptions).values({
      companyId, number: publicIdOf(companyId, 'prescription', 'RX'), patientId: visit.patientId, prescriberId: visit.doctorId, clinicId: visit.clinicId,
      encounterId: visit.encounterId, language, validDays: 30, verificationToken: randomBytes(24).toString('base64url'), createdBy: visit.doctorId,
      createdAt: visit.at,
    }).returning({ id: prescriptions.id });
    await db.insert(prescriptionItems).values({
      companyId, prescriptionId: row!.id, position: 0, medicationId: drug.id, name: drug.name, genericName: drug.genericName, nameAr: drug.nameAr,
      strength: drug.strength, form: drug.form, dose: String(plan.dose), unit: plan.unit, route: plan.route, frequency: plan.frequency,
      durationDays: plan.days, quantity: plan.quantity, instructions: language === 'ar' ? plan.ar : plan.en,
    });
    await db.update(prescriptions).set({ status: 'issued', issuedAt: visit.at, validUntil: addDays(day, 30) })
      .where(and(eq(prescriptions.companyId, companyId), eq(prescriptions.id, row!.id)));
    const endDate = addDays(day, plan.days - 1);
    const over = endDate < today;
    await db.insert(patientMedications).values({
      companyId, patientId: visit.patientId, medicationId: drug.id, name: drug.name, genericName: drug.genericName, strength: drug.strength, form: drug.form,
      nameKey: normalizeDrugName(drug.name), genericKey: normalizeDrugName(drug.genericName), dose: String(plan.dose), unit: plan.unit, route: plan.route,
      frequency: plan.frequency, startDate: day, endDate, notes: language === 'ar' ? plan.ar : plan.en, source: 'prescription', prescriptionId: row!.id,
      // On the list from the visit that prescribed it, as the prescribing screen would have put it there.
      encounterId: visit.encounterId, createdBy: visit.doctorId, createdAt: visit.at, updatedAt: visit.at,
      ...(over ? { status: 'completed', statusChangedBy: visit.doctorId, statusChangedAt: sql`${endDate}::date + time '20:00'`, updatedAt: sql`${endDate}::date + time '20:00'` } : {}),
    });
  }
}
