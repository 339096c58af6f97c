import { beforeAll, describe, expect, it } from 'vitest';
import { appointments } from '../../db/schema/index.js';
import { body } from '../../test/harness.js';
import { insertClinic, insertPatient, insertService } from '../appointments/fixtures.js';
import { importTest } from './fixtures.js';

const { ctx, a, req, upload, countOf, runJobs } = await importTest('employees');
let clinicId: string;

beforeAll(async () => {
  clinicId = (await insertClinic(ctx.database.db, a.companyId, { name: 'Main' })).id;
}, 120_000);

describe('importing doctors and staff', () => {
  let batchId: string;

  it('reads Arabic headers and types, refuses what the employees API refuses, and imports without any account', async () => {
    const csv = [
      'الاسم,الوظيفة,الجوال,رقم الهوية,تاريخ الميلاد,الجنس,العيادات,البريد,تاريخ التعيين,العنوان,ساعات العمل',
      'د. ريم,طبيبة,0501234567,1111111111,1985-01-01,أنثى,Main,reem@clinic.test,2020-01-01,الرياض,09:00-17:00',
      'أحمد,ممرض,٠٥٥١٢٣٤٥٦٧,2222222222,1410/01/01 هـ,ذكر,Main,,2020-01-01,الرياض,09:00-17:00',
      'سامي,سائق,0561234567,3333333333,1990-01-01,ذكر,Main,,2020-01-01,الرياض,09:00-17:00',
      'هند,استقبال,0571234567,1111111111,1991-01-01,أنثى,Main,,2020-01-01,الرياض,09:00-17:00',
    ].join('\n');
    const res = await upload(csv, 'ar');
    expect(res.statusCode).toBe(201);
    const batch = body(res).data;
    expect(batch.mapping).toMatchObject({ name: 'الاسم', employeeType: 'الوظيفة', phone: 'الجوال', identity: 'رقم الهوية', clinics: 'العيادات', email: 'البريد' });
    expect(batch).toMatchObject({ kind: 'employees', totalRows: 4, validRows: 2, refusedRows: 2 });
    expect(batch.problems.map((p: { row: number; column: string }) => [p.row, p.column])).toEqual([[4, 'الوظيفة'], [5, 'رقم الهوية']]);
    expect(batch.problems[0].message).toContain('طبيب أو ممرض');
    expect(batch.problems[1].message).toBe('الصف 2 من الملف له نفس رقم الهوية؛ سيُتخطّى الصف');
    batchId = batch._id;
    expect((await req('POST', `/api/imports/${batchId}/start`, { duplicates: 'skip', version: batch.version })).statusCode).toBe(202);
    await runJobs();
    expect(body(await req('GET', `/api/imports/${batchId}`)).data).toMatchObject({ status: 'imported', importedRows: 2 });
    const rows = await ctx.database.query<{ name: string; employee_type: string; username: string | null; password_hash: string | null; date_of_birth: string; clinics: number; contact: string }>(
      `select e.name, e.employee_type, e.username, e.password_hash, to_char(e.date_of_birth, 'YYYY-MM-DD') as date_of_birth, e.contact_infos::text as contact,
         (select count(*)::int from employee_clinics c where c.employee_id = e.id and c.clinic_id = $3) as clinics
       from employees e where e.company_id = $1 and e.import_batch_id = $2 order by e.name`, [a.companyId, batchId, clinicId]);
    expect(rows.map((r) => [r.name, r.employee_type, r.username, r.password_hash, r.clinics])).toEqual([
      ['أحمد', 'Nurse', null, null, 1], ['د. ريم', 'Doctor', null, null, 1],
    ]);
    expect(rows[0]!.date_of_birth).toBe('1989-08-03');
    expect(rows[0]!.contact).toContain('+966551234567');
  });

  it('refuses the undo while an appointment is with an imported doctor, then undoes the batch', async () => {
    const [doctor] = await ctx.database.query<{ id: string }>(`select id from employees where company_id = $1 and import_batch_id = $2 and employee_type = 'Doctor'`, [a.companyId, batchId]);
    const patient = await insertPatient(ctx.database.db, a.companyId);
    const service = await insertService(ctx.database.db, a.companyId, { clinicId, doctors: [doctor!.id] });
    const start = new Date(Date.now() + 86_400_000);
    const [appt] = await ctx.database.db.insert(appointments).values({
      companyId: a.companyId, publicId: 'APT-EMP-1', patientId: patient.id, doctorId: doctor!.id, clinicId, serviceId: service.id,
      reason: 'Check-up', startsAt: start, endsAt: new Date(start.getTime() + 1_800_000),
    }).returning();
    const version = body(await req('GET', `/api/imports/${batchId}`)).data.version;
    const refused = await req('POST', `/api/imports/${batchId}/undo`, { version });
    expect(refused.statusCode).toBe(409);
    expect(body(refused).message.message).toContain('1 appointments');
    await ctx.database.query('delete from appointments where company_id = $1 and id = $2', [a.companyId, appt!.id]);
    await ctx.database.query('delete from service_doctors where company_id = $1 and service_id = $2', [a.companyId, service.id]);
    expect((await req('POST', `/api/imports/${batchId}/undo`, { version })).statusCode).toBe(200);
    expect(await countOf('select count(*)::int as n from employees where company_id = $1 and import_batch_id = $2', [a.companyId, batchId])).toBe(0);
  });
});
