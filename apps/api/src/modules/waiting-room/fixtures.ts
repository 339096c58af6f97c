/**
 * Test data for the waiting room: a clinic with doctors, a service and patients inserted directly, appointments booked
 * for today, and check-ins through the API (which give the tickets).
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { appointments, patients } from '../../db/schema/index.js';
import { nextPublicId } from '../../lib/public-id.js';
import { auth, type TestContext } from '../../test/harness.js';
import { insertClinic, insertDoctor, insertPatient, insertService } from '../appointments/fixtures.js';

export interface QueueClinic {
  clinic: string;
  doctors: string[];
  service: string;
}

/** A clinic (all day open, so any time of day books) with `doctors` doctors giving one service of `minutes` minutes. */
export async function queueClinic(db: Db, companyId: string, opts: { timeZone?: string; doctors?: number; minutes?: number; name?: string } = {}): Promise<QueueClinic> {
  const clinic = await insertClinic(db, companyId, { timeZone: opts.timeZone ?? 'Asia/Riyadh', workingHours: [], averageVisitMinutes: 20, ...(opts.name ? { name: opts.name } : {}) });
  const doctors: string[] = [];
  for (let i = 0; i < (opts.doctors ?? 2); i++) {
    doctors.push((await insertDoctor(db, companyId, { name: `Dr. ${String.fromCharCode(65 + i)} ${clinic.name}`, clinics: [clinic.id], workingHours: [] })).id);
  }
  const service = await insertService(db, companyId, { clinicId: clinic.id, doctors, durationMinutes: opts.minutes ?? 15 });
  return { clinic: clinic.id, doctors, service: service.id };
}

let slot = 0;

/** A scheduled appointment of a new patient (with a mobile number unless `phone` is null), at its own hour near `around`. */
export async function booked(db: Db, companyId: string, q: QueueClinic, opts: { doctor?: string; around: Date; phone?: string | null; name?: string; language?: string }) {
  slot += 1;
  const patient = await insertPatient(db, companyId, { name: opts.name ?? `Patient ${slot}` });
  const phone = opts.phone === undefined ? `+96650${String(1_000_000 + slot).slice(-7)}` : opts.phone;
  await db.update(patients).set({ phone, details: opts.language ? { preferredLanguage: opts.language } : {} })
    .where(and(eq(patients.companyId, companyId), eq(patients.id, patient.id)));
  const startsAt = new Date(opts.around.getTime() - slot * 3_600_000);
  const [row] = await db.insert(appointments).values({
    companyId, publicId: await nextPublicId(db, companyId, 'appointment', 'APT'), patientId: patient.id, doctorId: opts.doctor ?? q.doctors[0]!,
    clinicId: q.clinic, serviceId: q.service, reason: 'Check-up', startsAt, endsAt: new Date(startsAt.getTime() + 15 * 60_000), status: 'scheduled',
  }).returning();
  return { ...row!, patientName: patient.name, phone };
}

/** Moves an appointment along the visit's flow through the API (as the front desk or the doctor does). */
export async function setStatus(ctx: TestContext, token: string, id: string, status: string) {
  const [row] = await ctx.database.db.select({ version: appointments.version }).from(appointments).where(eq(appointments.id, id));
  return ctx.app.inject({ method: 'PATCH', url: `/api/appointments/${id}`, headers: auth(token), payload: { status, version: row!.version } });
}
