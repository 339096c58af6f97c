import { beforeAll, describe, expect, it } from 'vitest';
import { appointments } from '../../db/schema/index.js';
import { body } from '../../test/harness.js';
import { insertClinic, insertDoctor, insertPatient } from '../appointments/fixtures.js';
import { importTest } from './fixtures.js';

const { ctx, a, req, upload, countOf, runJobs } = await importTest('services');
let clinicId: string;
let clinicPublicId: string;
let doctorId: string;

beforeAll(async () => {
  const clinic = await insertClinic(ctx.database.db, a.companyId, { name: 'عيادة الأسنان' });
  clinicId = clinic.id;
  clinicPublicId = clinic.publicId;
  doctorId = (await insertDoctor(ctx.database.db, a.companyId, { name: 'د. منى', clinics: [clinic.id] })).id;
  await insertDoctor(ctx.database.db, a.companyId, { name: 'Dr. Sami', clinics: [clinic.id] });
}, 120_000);

describe('importing services', () => {
  let batchId: string;

  it('reads Arabic headers and refuses, in the dry run, a row the services API would refuse, with its row, column and reason', async () => {
    const csv = [
      'اسم الخدمة,العيادة,السعر,المدة,الأطباء',
      'تنظيف الأسنان,عيادة الأسنان,٢٥٠,30,"د. منى، Dr. Sami"',
      `حشوة,${clinicPublicId},300,,د. منى`,
      'تبييض,عيادة الأسنان,-5,30,د. منى',
      'خلع,عيادة العيون,100,30,د. منى',
      'تقويم,عيادة الأسنان,900,30,د. غير موجود',
    ].join('\n');
    const res = await upload(csv, 'ar');
    expect(res.statusCode).toBe(201);
    const batch = body(res).data;
    expect(batch.mapping).toEqual({ name: 'اسم الخدمة', clinic: 'العيادة', price: 'السعر', duration: 'المدة', doctors: 'الأطباء' });
    expect(batch).toMatchObject({ kind: 'services', totalRows: 5, validRows: 2, refusedRows: 3 });
    expect(batch.problems.map((p: { row: number; column: string }) => [p.row, p.column])).toEqual([[4, 'السعر'], [5, 'العيادة'], [6, 'الأطباء']]);
    expect(batch.problems[1].message).toBe('لا توجد عيادة في هذه المنشأة باسم "عيادة العيون" (اكتب اسمها أو رقمها)');
    expect(batch.problems[2].message).toContain('د. غير موجود');
    expect(await countOf('select count(*)::int as n from services where company_id = $1', [a.companyId])).toBe(0);
    batchId = batch._id;
    const started = await req('POST', `/api/imports/${batchId}/start`, { duplicates: 'skip', version: batch.version });
    expect(started.statusCode).toBe(202);
    await runJobs();
    expect(body(await req('GET', `/api/imports/${batchId}`)).data).toMatchObject({ status: 'imported', importedRows: 2 });
    const rows = await ctx.database.query<{ name: string; price: string; duration_minutes: number | null; clinic_id: string; doctors: number; public_id: string }>(
      `select s.name, s.price::text as price, s.duration_minutes, s.clinic_id, s.public_id,
         (select count(*)::int from service_doctors d where d.service_id = s.id) as doctors
       from services s where s.company_id = $1 and s.import_batch_id = $2 order by s.name`, [a.companyId, batchId]);
    expect(rows.map((r) => [r.name, Number(r.price), r.duration_minutes, r.clinic_id, r.doctors])).toEqual([
      ['تنظيف الأسنان', 250, 30, clinicId, 2],
      ['حشوة', 300, null, clinicId, 1],
    ]);
    expect(rows.every((r) => r.public_id.startsWith('SRV'))).toBe(true);
  });

  it('refuses the undo while an appointment uses an imported service, then undoes the batch', async () => {
    const [service] = await ctx.database.query<{ id: string }>('select id from services where company_id = $1 and import_batch_id = $2 limit 1', [a.companyId, batchId]);
    const patient = await insertPatient(ctx.database.db, a.companyId);
    const start = new Date(Date.now() + 86_400_000);
    const [appt] = await ctx.database.db.insert(appointments).values({
      companyId: a.companyId, publicId: 'APT-SRV-1', patientId: patient.id, doctorId, clinicId, serviceId: service!.id,
      reason: 'Check-up', startsAt: start, endsAt: new Date(start.getTime() + 1_800_000),
    }).returning();
    const version = body(await req('GET', `/api/imports/${batchId}`)).data.version;
    const refused = await req('POST', `/api/imports/${batchId}/undo`, { version });
    expect(refused.statusCode).toBe(409);
    expect(body(refused).message).toMatchObject({ code: 'IMPORT_IN_USE' });
    expect(body(refused).message.message).toContain('1 appointments');
    expect(await countOf('select count(*)::int as n from services where company_id = $1 and import_batch_id = $2', [a.companyId, batchId])).toBe(2);

    await ctx.database.query('delete from appointments where company_id = $1 and id = $2', [a.companyId, appt!.id]);
    const undone = await req('POST', `/api/imports/${batchId}/undo`, { version });
    expect(undone.statusCode).toBe(200);
    expect(await countOf('select count(*)::int as n from services where company_id = $1 and import_batch_id = $2', [a.companyId, batchId])).toBe(0);
    expect(await countOf('select count(*)::int as n from service_doctors where company_id = $1', [a.companyId])).toBe(0);
  });
});
