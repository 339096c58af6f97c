/**
 * The bench data set's waitlist: `perClinic` entries at every clinic, for one of its services, half of them for one of
 * its doctors, with the preferred dates, weekdays and times the form offers; most are open, the rest closed. Drawn from
 * a seeded generator of their own (the rest of the data set stays as it was), loaded with one unnest insert per
 * 10,000 entries.
 */
import type { Database } from '../db/client.js';
import { mulberry32 } from './random.js';

export interface WaitlistClinic { id: string; services: readonly string[]; doctors: readonly string[] }

const NOTES = ['', '', 'Prefers mornings', 'Can come at short notice', 'Needs an interpreter', 'After school hours'];
/** Weekdays as the waitlist stores them (0 Monday .. 6 Sunday): the bench clinics open Sunday to Thursday. */
const OPEN_DAYS = [6, 0, 1, 2, 3];

export async function seedBulkWaitlist(
  database: Database, companyId: string, opts: {
    clinics: readonly WaitlistClinic[]; patientIds: readonly string[]; perClinic: number; createdBy: string; today: string;
    /** The data set's id maker (version-4-shaped UUIDs from a generator). */
    uuidFrom: (rand: () => number) => string;
  },
  now: Date,
): Promise<number> {
  if (opts.perClinic <= 0 || !opts.patientIds.length) return 0;
  const rand = mulberry32(20261128);
  const cols = { id: [] as string[], publicId: [] as string[], patient: [] as string[], service: [] as string[], clinic: [] as string[], doctor: [] as (string | null)[],
    from: [] as (string | null)[], to: [] as (string | null)[], weekdays: [] as string[], timeFrom: [] as (string | null)[], timeTo: [] as (string | null)[],
    priority: [] as number[], note: [] as string[], status: [] as string[], created: [] as string[] };
  const addDays = (days: number) => new Date(Date.parse(`${opts.today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
  let n = 0;
  const flush = async () => {
    if (!cols.id.length) return;
    await database.query(
      `insert into waitlist_entries (company_id, id, public_id, patient_id, service_id, clinic_id, doctor_id, from_date, to_date, weekdays, time_from, time_to,
         priority, note, status, created_by, created_at, updated_at)
       select $1::uuid, t.id, t.public_id, t.patient, t.service, t.clinic, t.doctor, t.from_date, t.to_date, t.weekdays::jsonb, t.time_from, t.time_to,
         t.priority, t.note, t.status, $2::uuid, t.created, t.created
       from unnest($3::uuid[], $4::text[], $5::uuid[], $6::uuid[], $7::uuid[], $8::uuid[], $9::text[], $10::text[], $11::text[], $12::text[], $13::text[],
         $14::int[], $15::text[], $16::text[], $17::timestamptz[])
         as t(id, public_id, patient, service, clinic, doctor, from_date, to_date, weekdays, time_from, time_to, priority, note, status, created)`,
      [companyId, opts.createdBy, cols.id, cols.publicId, cols.patient, cols.service, cols.clinic, cols.doctor, cols.from, cols.to, cols.weekdays,
        cols.timeFrom, cols.timeTo, cols.priority, cols.note, cols.status, cols.created],
    );
    for (const list of Object.values(cols)) list.length = 0;
  };
  for (const clinic of opts.clinics) {
    if (!clinic.services.length) continue;
    for (let k = 0; k < opts.perClinic; k++) {
      n++;
      const waitedDays = Math.floor(rand() * 60);
      const morning = rand() < 0.5;
      const timed = rand() < 0.6;
      cols.id.push(opts.uuidFrom(rand));
      cols.publicId.push(`WL-${String(n).padStart(6, '0')}`);
      cols.patient.push(opts.patientIds[Math.floor(rand() * opts.patientIds.length)]!);
      cols.service.push(clinic.services[Math.floor(rand() * clinic.services.length)]!);
      cols.clinic.push(clinic.id);
      cols.doctor.push(clinic.doctors.length && rand() < 0.5 ? clinic.doctors[Math.floor(rand() * clinic.doctors.length)]! : null);
      cols.from.push(rand() < 0.7 ? addDays(Math.floor(rand() * 7)) : null);
      cols.to.push(rand() < 0.5 ? addDays(14 + Math.floor(rand() * 30)) : null);
      cols.weekdays.push(JSON.stringify(rand() < 0.4 ? OPEN_DAYS.filter(() => rand() < 0.5) : []));
      cols.timeFrom.push(timed ? (morning ? '09:00' : '13:00') : null);
      cols.timeTo.push(timed ? (morning ? '12:00' : '17:00') : null);
      cols.priority.push(rand() < 0.1 ? 2 : rand() < 0.3 ? 1 : 0);
      cols.note.push(NOTES[Math.floor(rand() * NOTES.length)]!);
      cols.status.push(rand() < 0.85 ? 'open' : 'closed');
      cols.created.push(new Date(now.getTime() - waitedDays * 86_400_000 - Math.floor(rand() * 86_400_000)).toISOString());
      if (cols.id.length >= 10_000) await flush();
    }
  }
  await flush();
  return n;
}

