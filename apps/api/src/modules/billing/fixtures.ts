/**
 * Test data for billing: a clinic with a cash box, an insurer contract and an online payment method, a doctor with a
 * consultation fee, a service and an insured patient (other areas' records, written directly).
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { appointments, clinics, employees, patients } from '../../db/schema/index.js';
import { nextPublicId } from '../../lib/public-id.js';
import { insertClinic, insertDoctor, insertPatient, insertService } from '../appointments/fixtures.js';

export const CASH_BOX = 'Front desk';
export const INSURER = 'Bupa';
export const CARD = 'Mada';

export async function billingClinic(db: Db, companyId: string, opts: { servicePrice?: number; coverage?: number; fee?: number; cardFeePercent?: number } = {}) {
  const clinic = await insertClinic(db, companyId);
  const doctor = await insertDoctor(db, companyId, { clinics: [clinic.id] });
  if (opts.fee !== undefined) {
    await db.update(employees).set({ consultationFee: opts.fee }).where(and(eq(employees.companyId, companyId), eq(employees.id, doctor.id)));
  }
  const service = await insertService(db, companyId, { clinicId: clinic.id, doctors: [doctor.id], name: 'General consultation', price: opts.servicePrice ?? 150 });
  const patient = await insertPatient(db, companyId, { name: 'Layla Haddad' });
  await db.update(patients).set({ details: { insurances: [{ insuranceType: INSURER, expiryDate: '2099-12-31' }] } })
    .where(and(eq(patients.companyId, companyId), eq(patients.id, patient.id)));
  await db.update(clinics).set({
    details: {
      cashBoxes: [{ name: CASH_BOX, pic: 'Sara', isActive: true, currency: 'SAR', transactionHistory: [] }],
      insuranceCompany: [{
        companyName: INSURER, companyPhone: '0112345678', companyEmail: 'claims@bupa.example', coveragePercentage: opts.coverage ?? 80,
        coveredServices: ['General consultation'], coverageDetails: [], isActive: true,
      }],
      onlinePaymentMethods: [{ companyName: CARD, processingFees: opts.cardFeePercent ?? 1.5, type: 'credit_card', isActive: true }],
    },
  }).where(and(eq(clinics.companyId, companyId), eq(clinics.id, clinic.id)));
  return { clinic, doctor, service, patient };
}

/** A completed appointment, written directly (its time does not matter to billing). */
export async function pastAppointment(db: Db, companyId: string, p: { patient: string; doctor: string; clinic: string; service: string }, startsAt = new Date('2026-03-01T07:00:00Z')) {
  const [row] = await db.insert(appointments).values({
    companyId, publicId: await nextPublicId(db, companyId, 'appointment', 'APT'), patientId: p.patient, doctorId: p.doctor, clinicId: p.clinic,
    serviceId: p.service, reason: 'Check-up', startsAt, endsAt: new Date(startsAt.getTime() + 30 * 60_000), status: 'completed',
  }).returning();
  return row!;
}
