/**
 * The demo's public booking page: the organisation's address (its name, slugified), two clinics taking online
 * bookings (one books at once, one asks the desk first), and a few bookings made online, one of them by a patient
 * who registered on the page. The bookings take free times the rule engine offers, like the page would.
 */
import { and, eq, sql } from 'drizzle-orm';
import { localTime } from '@clinic/shared';
import type { Db } from '../db/client.js';
import { clinicOnlineBooking, companies, onlineBookings, patients } from '../db/schema/index.js';
import { nextPublicId } from '../lib/public-id.js';
import { rowsOf } from '../lib/sql.js';
import { buffersOf, storeAppointment } from '../modules/appointments/index.js';
import { loadOffer, offerStarts } from '../modules/online-booking/index.js';

/** A booking address from a name: lower-case Latin letters and digits joined by dashes (3 to 40 characters). */
export function slugOf(name: string): string {
  const slug = name.toLowerCase().normalize('NFKD').replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40).replace(/-+$/, '');
  return slug.length >= 3 ? slug : `clinic-${slug || 'page'}`;
}

interface Candidate { clinic_id: string; service_ids: string[]; doctor_ids: string[] }

export async function seedOnlineBooking(db: Db, companyId: string, now = new Date()): Promise<void> {
  const [company] = await db.select({ name: companies.name, slug: companies.bookingSlug }).from(companies).where(eq(companies.id, companyId));
  if (!company) return;
  if (!company.slug) await db.update(companies).set({ bookingSlug: slugOf(company.name) }).where(eq(companies.id, companyId));

  // Two active clinics whose active services have active doctors working there.
  const candidates = rowsOf<Candidate>(await db.execute(sql`
    select s.clinic_id, jsonb_agg(distinct s.id::text) as service_ids, jsonb_agg(distinct e.id::text) as doctor_ids
    from services s
    join clinics c on c.company_id = s.company_id and c.id = s.clinic_id and c.is_active
    join service_doctors sd on sd.company_id = s.company_id and sd.service_id = s.id
    join employees e on e.company_id = sd.company_id and e.id = sd.employee_id and e.is_active and e.employee_type = 'Doctor'
    join employee_clinics ec on ec.company_id = e.company_id and ec.employee_id = e.id and ec.clinic_id = s.clinic_id
    where s.company_id = ${companyId} and s.is_active
    group by s.clinic_id, c.name order by c.name limit 2`));
  const modes = ['instant', 'request'] as const;
  const policy = {
    en: 'Cancel or move your visit from your link up to 24 hours before it; later, please call the clinic.',
    ar: 'يمكنك إلغاء زيارتك أو تغيير موعدها من رابطك حتى 24 ساعة قبلها؛ بعد ذلك يرجى الاتصال بالعيادة.',
  };
  for (const [i, c] of candidates.entries()) {
    await db.insert(clinicOnlineBooking).values({
      companyId, clinicId: c.clinic_id, enabled: true, mode: modes[i]!, serviceIds: c.service_ids.slice(0, 4), doctorIds: c.doctor_ids,
      minNoticeMinutes: 120, horizonDays: 30, maxPerPhoneDay: 2, maxPerPhoneWeek: 4, cancellationPolicy: policy,
    }).onConflictDoNothing();
  }

  // A few bookings made online: existing patients with a mobile number, and one who registered on the page.
  const known = await db.select({ id: patients.id, phone: patients.phone }).from(patients)
    .where(and(eq(patients.companyId, companyId), eq(patients.isActive, true), sql`${patients.phone} is not null`)).limit(3);
  const selfPhone = '+966555010203';
  const [selfRegistered] = await db.insert(patients).values({
    companyId, publicId: await nextPublicId(db, companyId, 'patient', 'PAT'), name: 'Reem Al-Harbi', identity: '', phone: selfPhone,
    dateOfBirth: '1994-07-19', gender: 'female', incomplete: true, selfRegistered: true,
  }).returning({ id: patients.id, phone: patients.phone });
  const bookers = [selfRegistered!, ...known];
  let n = 0;
  for (const [i, c] of candidates.entries()) {
    const window = { minNoticeMinutes: 120, horizonDays: 30, serviceIds: c.service_ids.slice(0, 4), doctorIds: c.doctor_ids };
    // Two bookings per clinic, of its first service with free times next week (a service whose only doctor works one
    // day of it may offer a single time, which its patient may already be booked at).
    let booked = 0;
    for (const service of window.serviceIds) {
      if (booked === 2) break;
      // A service the page does not offer is passed over; any other failure stops the seed, as a refused booking's does.
      const offer = await loadOffer(db, companyId, window, { clinic: c.clinic_id, service }, now).catch((error: unknown) => {
        if ((error as { code?: unknown }).code === 'BOOKING_OFFER_NOT_FOUND') return null;
        throw error;
      });
      if (!offer) continue;
      const dates = Array.from({ length: 7 }, (_, d) => localTime(new Date(now.getTime() + (d + 1) * 86_400_000), offer.timeZone).date);
      const starts = await offerStarts(db, companyId, offer, dates, 1);
      // Every third time first (spread over the week), then the others; a time the patient is already booked at is
      // passed over for the next one.
      for (const s of [...starts.filter((_, k) => k % 3 === 0), ...starts.filter((_, k) => k % 3 !== 0)]) {
        if (booked === 2) break;
        const who = bookers[n++ % bookers.length]!;
        try {
          await db.transaction(async (tx) => {
            const row = await storeAppointment(tx as unknown as Db, { companyId, id: null }, {
              patient: who.id, doctor: s.doctorId, clinic: c.clinic_id, service, reason: '', startsAt: s.startsAt, endsAt: s.endsAt,
              ...buffersOf(offer.parties), status: modes[i] === 'request' ? 'requested' : 'scheduled', source: 'online',
            });
            await tx.insert(onlineBookings).values({ companyId, appointmentId: row.id, clinicId: c.clinic_id, phone: who.phone!, ip: '203.0.113.7' });
          });
          booked++;
        } catch (error) {
          // The patient (or the doctor) is already booked at that time: the next time is tried instead. Anything
          // else is a fault, and the seed stops on it.
          const code = (error as { code?: unknown }).code;
          if (code !== 'PATIENT_DOUBLE_BOOKED' && code !== 'DOCTOR_DOUBLE_BOOKED') throw error;
        }
      }
    }
  }
}
