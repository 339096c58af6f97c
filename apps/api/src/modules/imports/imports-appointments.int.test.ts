import { toHijri } from '@clinic/shared';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appointments, encounters, patients } from '../../db/schema/index.js';
import { body } from '../../test/harness.js';
import { insertClinic, insertDoctor, insertPatient, insertService, nextWeekday } from '../appointments/fixtures.js';
import { importTest } from './fixtures.js';

const { ctx, a, req, upload, countOf, runJobs } = await importTest('appointments');
let ids: { clinic: string; doctor: string; service: string; p1: string; p2: string; p1Public: string };
const day = nextWeekday('Monday', 'Asia/Riyadh', 3);

const at = (time: string) => new Date(`${day}T${time}:00+03:00`);

beforeAll(async () => {
  const db = ctx.database.db;
  const clinic = await insertClinic(db, a.companyId, { name: 'Main Clinic', timeZone: 'Asia/Riyadh' });
  const doctor = await insertDoctor(db, a.companyId, { name: 'Dr. Huda', clinics: [clinic.id] });
  const service = await insertService(db, a.companyId, { clinicId: clinic.id, doctors: [doctor.id], name: 'Consultation', durationMinutes: 30 });
  const p1 = await insertPatient(db, a.companyId, { name: 'Sara' });
  const p2 = await insertPatient(db, a.companyId, { name: 'Omar' });
  await db.update(patients).set({ phone: '+966551234567' }).where(eq(patients.id, p2.id));
  ids = { clinic: clinic.id, doctor: doctor.id, service: service.id, p1: p1.id, p2: p2.id, p1Public: p1.publicId };
  // An existing booking of the doctor at 10:00.
  const p3 = await insertPatient(db, a.companyId, { name: 'Booked by hand' });
  await db.insert(appointments).values({
    companyId: a.companyId, publicId: 'APT-HAND-1', patientId: p3.id, doctorId: doctor.id, clinicId: clinic.id, serviceId: service.id,
    reason: 'Check-up', startsAt: at('10:00'), endsAt: at('10:30'),
  });
}, 120_000);

describe('importing future appointments', () => {
  let batchId: string;

  it('checks each row with the booking rules in the dry run: a double booking in the file, against an existing booking, outside hours and in the past', async () => {
    const h = toHijri(day)!;
    const csv = [
      'المريض,الطبيب,العيادة,الخدمة,التاريخ,الوقت',
      `${ids.p1Public},Dr. Huda,Main Clinic,Consultation,${day},09:00`,
      `0551234567,Dr. Huda,Main Clinic,Consultation,${day},09:00`,
      `0551234567,Dr. Huda,Main Clinic,Consultation,${day},10:00`,
      `0551234567,Dr. Huda,Main Clinic,Consultation,${day},13:30`,
      `0551234567,Dr. Huda,Main Clinic,Consultation,2020-01-06,11:00`,
      `0551234567,Dr. Huda,Main Clinic,Consultation,${h.year}/${h.month}/${h.day} هـ,11:00`,
    ].join('\n');
    const res = await upload(csv);
    expect(res.statusCode).toBe(201);
    const batch = body(res).data;
    expect(batch).toMatchObject({ kind: 'appointments', totalRows: 6, validRows: 2, refusedRows: 4 });
    expect(batch.problems.map((p: { row: number; column: string }) => [p.row, p.column])).toEqual([[3, 'الوقت'], [4, 'الوقت'], [5, 'الوقت'], [6, 'التاريخ']]);
    expect(batch.problems[0].message).toBe('Row 2 of the file books this doctor at the same time');
    // The same messages the booking API answers for these bookings.
    const book = (time: string) => req('POST', '/api/appointments', { patient: ids.p2, doctor: ids.doctor, clinic: ids.clinic, service: ids.service, datetime: at(time).toISOString(), reason: 'x' });
    const taken = await book('10:00');
    expect(taken.statusCode).toBe(409);
    expect(batch.problems[1].message).toBe(body(taken).message.message);
    const closed = await book('13:30');
    expect(closed.statusCode).toBe(422);
    expect(batch.problems[2].message).toBe(body(closed).message.message);
    expect(batch.problems[3].message).toBe('The appointment is in the past; only future appointments are imported');
    batchId = batch._id;
    expect((await req('POST', `/api/imports/${batchId}/start`, { duplicates: 'skip', version: batch.version })).statusCode).toBe(202);
    await runJobs();
    expect(body(await req('GET', `/api/imports/${batchId}`)).data).toMatchObject({ status: 'imported', importedRows: 2 });
    const booked = await ctx.database.query<{ patient_id: string; starts_at: Date; status: string }>(
      'select patient_id, starts_at, status from appointments where company_id = $1 and import_batch_id = $2 order by starts_at', [a.companyId, batchId]);
    expect(booked.map((r) => [r.patient_id, new Date(r.starts_at).toISOString(), r.status])).toEqual([
      [ids.p1, at('09:00').toISOString(), 'scheduled'], [ids.p2, at('11:00').toISOString(), 'scheduled'],
    ]);
    // Booked through the booking entry point: audited as bookings.
    expect(await countOf(`select count(*)::int as n from audit_log where company_id = $1 and entity = 'appointment' and action = 'create'`, [a.companyId])).toBe(2);
  });

  it('refuses the undo while a visit of an imported appointment has started, then undoes the batch', async () => {
    const [appt] = await ctx.database.query<{ id: string }>('select id from appointments where company_id = $1 and import_batch_id = $2 limit 1', [a.companyId, batchId]);
    const [visit] = await ctx.database.db.insert(encounters).values({ companyId: a.companyId, kind: 'visit', appointmentId: appt!.id, patientId: ids.p1, doctorId: ids.doctor, clinicId: ids.clinic }).returning();
    const version = body(await req('GET', `/api/imports/${batchId}`)).data.version;
    const refused = await req('POST', `/api/imports/${batchId}/undo`, { version }, 'ar');
    expect(refused.statusCode).toBe(409);
    expect(body(refused).message).toMatchObject({ code: 'IMPORT_IN_USE' });
    expect(body(refused).message.message).toContain('1 زيارة');
    await ctx.database.query('delete from encounters where company_id = $1 and id = $2', [a.companyId, visit!.id]);
    expect((await req('POST', `/api/imports/${batchId}/undo`, { version })).statusCode).toBe(200);
    expect(await countOf('select count(*)::int as n from appointments where company_id = $1 and import_batch_id = $2', [a.companyId, batchId])).toBe(0);
    expect(await countOf('select count(*)::int as n from appointments where company_id = $1', [a.companyId])).toBe(1);
  });
});
