import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments } from '../../db/schema/index.js';
import { auth, body, contextWithTwoOrgs, multipart, signInStaff, type TestContext, type TestOrg } from '../../test/harness.js';
import { insertBookingParty } from '../appointments/fixtures.js';
import { insertPatients } from './imports.repository.js';

let ctx: TestContext;
let a: TestOrg;
let b: TestOrg;
let reception: string;

type Lang = 'en' | 'ar';
const req = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, lang?: Lang) =>
  ctx.app.inject({ method, url, headers: auth(token, lang), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

const upload = async (token: string, data: Buffer | string, opts: { name?: string; type?: string; lang?: Lang; kind?: string; mapping?: Record<string, string> } = {}) => {
  const fields: Array<[string, string]> = [['kind', opts.kind ?? 'patients'], ['fileName', opts.name ?? 'patients.csv']];
  if (opts.mapping) fields.push(['mapping', JSON.stringify(opts.mapping)]);
  const form = await multipart(fields, [{ field: 'file', filename: opts.name ?? 'patients.csv', type: opts.type ?? 'text/csv', data: Buffer.isBuffer(data) ? data : Buffer.from(data) }]);
  return ctx.app.inject({ method: 'POST', url: '/api/imports', headers: { ...auth(token, opts.lang), 'content-type': form.contentType }, payload: form.payload });
};
const q = <T = Record<string, unknown>>(sql: string, params: unknown[]) => ctx.database.query<T>(sql, params);
const patientsOf = (companyId: string) => q<{ name: string; phone: string; date_of_birth: string; import_batch_id: string | null }>(
  `select name, phone, to_char(date_of_birth, 'YYYY-MM-DD') as date_of_birth, import_batch_id from patients where company_id = $1 order by name`, [companyId]);
const countOf = async (sql: string, params: unknown[]) => (await q<{ n: number }>(sql, params))[0]!.n;
/** Runs the queued jobs until none is due (the import job writes its chunks). */
const runJobs = async () => { for (let i = 0; i < 5; i++) await ctx.app.jobs.runDue(new Date(Date.now() + 1000)); };

const ARABIC_CSV = [
  'الاسم,الجوال,تاريخ الميلاد,الجنس,رقم الهوية',
  '  سارة   أحمد ,٠٥٠١٢٣٤٥٦٧,1410/05/12 هـ,أنثى,1012345678',
  'خالد العمري,0551234567,1985-03-04,ذكر,',
  'ليلى,12,1990-01-01,أنثى,',
  'نورة,0561234567,31/02/1990,female,',
  '=cmd|calc,0571234567,1992-07-07,male,',
  'خالد الثاني,+966551234567,1985-03-04,ذكر,',
].join('\n');

beforeAll(async () => {
  ({ ctx, a, b } = await contextWithTwoOrgs());
  reception = await signInStaff(ctx, a, { name: 'Reem', username: 'imp_desk', email: 'imp_desk@a.test', employeeType: 'Administrative', roleNames: ['Receptionist'] });
}, 120_000);
afterAll(() => ctx.close());

describe('the dry run', () => {
  it('reads Arabic headers, cleans every row and reports each refused one with its row, column and a translated reason', async () => {
    const res = await upload(a.token, ARABIC_CSV, { lang: 'ar' });
    expect(res.statusCode).toBe(201);
    const batch = body(res).data;
    expect(batch).toMatchObject({ status: 'checked', totalRows: 6, validRows: 4, refusedRows: 2, duplicateRows: 1, importedRows: 0 });
    expect(batch.mapping).toEqual({ name: 'الاسم', phone: 'الجوال', dateOfBirth: 'تاريخ الميلاد', gender: 'الجنس', identity: 'رقم الهوية' });
    expect(batch.columns).toEqual(['الاسم', 'الجوال', 'تاريخ الميلاد', 'الجنس', 'رقم الهوية']);
    const refused = batch.problems.filter((p: { kind: string }) => p.kind === 'refused');
    expect(refused.map((p: { row: number; column: string }) => [p.row, p.column])).toEqual([[4, 'الجوال'], [5, 'تاريخ الميلاد']]);
    expect(refused[0].message).toBe('ليس رقم هاتف صالحًا في هذا البلد');
    const dup = batch.problems.find((p: { kind: string }) => p.kind === 'duplicate');
    expect(dup).toMatchObject({ row: 7, duplicateOfRow: 3, column: 'الجوال' });
    // Nothing is written by a dry run.
    expect(await patientsOf(a.companyId)).toEqual([]);
    expect(await countOf(`select count(*)::int as n from audit_log where company_id = $1 and entity = 'import_batch' and action = 'create'`, [a.companyId])).toBe(1);
  });

  it('reads an XLSX file with English headers, its dates as dates', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Patients');
    ws.addRow(['Full name', 'Mobile', 'Birth date', 'Sex']);
    ws.addRow(['Omar Hassan', '0591234567', new Date(Date.UTC(1979, 10, 2)), 'M']);
    ws.addRow(['', '0591234568', '1980-01-01', 'F']);
    const data = Buffer.from(await wb.xlsx.writeBuffer());
    const res = await upload(a.token, data, { name: 'staff.xlsx', type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
    expect(res.statusCode, res.body).toBe(201);
    const batch = body(res).data;
    expect(batch).toMatchObject({ totalRows: 2, validRows: 1, refusedRows: 1, fileName: 'staff.xlsx' });
    expect(batch.problems).toEqual([expect.objectContaining({ row: 3, column: 'Full name', message: 'This column is required and the row leaves it empty' })]);
  });

  it('refuses a file with a formula cell, naming the cell, and keeps nothing', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('Patients');
    ws.addRow(['Name', 'Phone', 'Date of birth', 'Gender']);
    ws.addRow(['Ali', '0501234567', '1990-01-01', 'male']);
    ws.getCell('B3').value = { formula: 'B2&"1"', result: '05012345671' } as ExcelJS.CellFormulaValue;
    const data = Buffer.from(await wb.xlsx.writeBuffer());
    const before = await countOf('select count(*)::int as n from import_batches where company_id = $1', [a.companyId]);
    const res = await upload(a.token, data, { name: 'f.xlsx' });
    expect(res.statusCode).toBe(422);
    expect(body(res).message).toMatchObject({ code: 'IMPORT_FORMULA', message: 'The file holds a formula in cell B3; paste values only and upload it again' });
    expect(await countOf('select count(*)::int as n from import_batches where company_id = $1', [a.companyId])).toBe(before);
  });

  it('refuses a file in another encoding, one without rows and one that is not a spreadsheet, saying why', async () => {
    const windows1256 = Buffer.from([0xc7, 0xe1, 0xc7, 0xd3, 0xe3, 0x2c, 0x50, 0x0a, 0xd3, 0x2c, 0x31]);
    const enc = await upload(a.token, windows1256);
    expect(enc.statusCode).toBe(422);
    expect(body(enc).message.code).toBe('IMPORT_ENCODING');
    const empty = await upload(a.token, 'Name,Phone,Date of birth,Gender\n', { lang: 'ar' });
    expect(body(empty).message).toMatchObject({ code: 'IMPORT_EMPTY', message: 'لا توجد صفوف تحت صف العناوين في الملف، فلم يُستورد شيء' });
    const pdf = await upload(a.token, Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj\n<<>>\nendobj\n'));
    expect(body(pdf).message.code).toBe('IMPORT_FILE_UNREADABLE');
  });

  it('reads UTF-16 with its byte-order mark', async () => {
    const text = 'Name\tMobile\tDOB\tGender\nHala\t0501112233\t1991-02-03\tfemale\n';
    const data = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    expect(body(await upload(a.token, data)).data).toMatchObject({ totalRows: 1, validRows: 1 });
  });

  it('is for holders of data_import only', async () => {
    expect((await upload(reception, ARABIC_CSV)).statusCode).toBe(403);
    expect((await req(reception, 'GET', '/api/imports')).statusCode).toBe(403);
  });
});

describe('the import and its undo', () => {
  let batchId: string;

  it('imports the accepted rows as a job, tagged with the batch, phones in E.164 and Hijri dates converted', async () => {
    const checked = body(await upload(a.token, ARABIC_CSV)).data;
    batchId = checked._id;
    const started = await req(a.token, 'POST', `/api/imports/${batchId}/start`, { duplicates: 'skip', version: checked.version });
    expect(started.statusCode).toBe(202);
    expect(body(started).data.status).toBe('importing');
    await runJobs();
    const done = body(await req(a.token, 'GET', `/api/imports/${batchId}`)).data;
    expect(done).toMatchObject({ status: 'imported', importedRows: 3 });
    const rows = await patientsOf(a.companyId);
    expect(rows.map((r) => [r.name, r.phone, r.date_of_birth])).toEqual([
      ['=cmd|calc', '+966571234567', '1992-07-07'],
      ['خالد العمري', '+966551234567', '1985-03-04'],
      ['سارة أحمد', '+966501234567', '1989-12-11'],
    ]);
    expect(rows.every((r) => r.import_batch_id === batchId)).toBe(true);
    expect(await countOf(`select count(*)::int as n from audit_log where company_id = $1 and entity = 'import_batch' and action = 'import'`, [a.companyId])).toBe(1);
    expect(await countOf(`select count(*)::int as n from audit_log where company_id = $1 and entity = 'patient'`, [a.companyId])).toBe(0);
  });

  it('flags the rows that match existing patients in a second file, and remembers the mapping', async () => {
    const again = body(await upload(a.token, 'Name,Phone,Date of birth,Gender,National ID\nSara A.,0501234567,1989-12-11,female,1012345678\nK. Omari,0551234567,1985-03-04,male,\n')).data;
    expect(again).toMatchObject({ validRows: 2, duplicateRows: 2 });
    expect(again.problems).toEqual([
      expect.objectContaining({ row: 2, kind: 'duplicate', column: 'National ID', existing: expect.objectContaining({ name: 'سارة أحمد' }) }),
      expect.objectContaining({ row: 3, kind: 'duplicate', column: 'Phone', message: expect.stringContaining('خالد العمري'), existing: expect.objectContaining({ name: 'خالد العمري' }) }),
    ]);
    expect(await countOf(`select count(*)::int as n from import_mappings where company_id = $1 and kind = 'patients'`, [a.companyId])).toBe(1);
  });

  it('another organisation sees neither the batch nor can undo it', async () => {
    expect((await req(b.token, 'GET', `/api/imports/${batchId}`)).statusCode).toBe(404);
    expect((await req(b.token, 'POST', `/api/imports/${batchId}/undo`, { version: 1 })).statusCode).toBe(404);
    expect(body(await req(b.token, 'GET', '/api/imports')).data).toEqual([]);
  });

  it('refuses the undo while an appointment refers to an imported patient, then undoes the whole batch', async () => {
    const party = await insertBookingParty(ctx.database.db, a.companyId, 'Asia/Riyadh');
    const [p] = await q<{ id: string }>('select id from patients where company_id = $1 and import_batch_id = $2 limit 1', [a.companyId, batchId]);
    const start = new Date(Date.now() + 86_400_000);
    const [appt] = await ctx.database.db.insert(appointments).values({
      companyId: a.companyId, publicId: 'APT-IMP-1', patientId: p!.id, doctorId: party.doctor, clinicId: party.clinic, serviceId: party.service,
      reason: 'Check-up', startsAt: start, endsAt: new Date(start.getTime() + 1_800_000),
    }).returning();
    const version = body(await req(a.token, 'GET', `/api/imports/${batchId}`)).data.version;
    const refused = await req(a.token, 'POST', `/api/imports/${batchId}/undo`, { version });
    expect(refused.statusCode).toBe(409);
    expect(body(refused).message.code).toBe('IMPORT_IN_USE');
    expect(body(refused).message.message).toContain('1 appointments');
    expect(await countOf('select count(*)::int as n from patients where company_id = $1 and import_batch_id = $2', [a.companyId, batchId])).toBe(3);

    await ctx.database.query('delete from appointments where company_id = $1 and id = $2', [a.companyId, appt!.id]);
    const undone = await req(a.token, 'POST', `/api/imports/${batchId}/undo`, { version });
    expect(undone.statusCode).toBe(200);
    expect(body(undone).data.status).toBe('undone');
    expect(await countOf('select count(*)::int as n from patients where company_id = $1 and import_batch_id = $2', [a.companyId, batchId])).toBe(0);
    expect(await countOf(`select count(*)::int as n from audit_log where company_id = $1 and entity = 'import_batch' and action = 'undo'`, [a.companyId])).toBe(1);
    expect((await req(a.token, 'POST', `/api/imports/${batchId}/undo`, { version: version + 1 })).statusCode).toBe(409);
  });

  it('stops, writing nothing more, once the account that started it can no longer import', async () => {
    const starter = await signInStaff(ctx, a, { name: 'Hala', username: 'imp_admin', email: 'imp_admin@a.test', employeeType: 'Admin', roleNames: ['Admin'] });
    const checked = body(await upload(starter, 'Name,Phone,Date of birth,Gender\nStopped One,0581234567,1990-01-01,male\nStopped Two,0581234568,1990-01-02,female\n')).data;
    expect((await req(starter, 'POST', `/api/imports/${checked._id}/start`, { duplicates: 'skip', version: checked.version })).statusCode).toBe(202);
    // The starter is deactivated before the job runs.
    await q(`update employees set is_active = false where company_id = $1 and username = 'imp_admin'`, [a.companyId]);
    await runJobs();
    const stopped = body(await req(a.token, 'GET', `/api/imports/${checked._id}`)).data;
    expect(stopped).toMatchObject({ status: 'failed', importedRows: 0 });
    // Why, in the reader's language.
    expect(stopped.lastError).toMatch(/^Stopped: the account that started this import can no longer import/);
    const arabic = body(await ctx.app.inject({ method: 'GET', url: `/api/imports/${checked._id}`, headers: auth(a.token, 'ar') })).data;
    expect(arabic.lastError).toMatch(/^توقف: لم يعد بإمكان الحساب/);
    expect(await countOf(`select count(*)::int as n from patients where company_id = $1 and import_batch_id = $2`, [a.companyId, checked._id])).toBe(0);
    expect(await countOf(`select count(*)::int as n from audit_log where company_id = $1 and entity_id = $2 and action = 'fail'`, [a.companyId, checked._id])).toBe(1);
  });

  it('resumes a batch whose runner died mid-way after the last row written, whatever was entered by hand meanwhile', async () => {
    const lines = ['Name,Phone,Date of birth,Gender'];
    for (let i = 0; i < 1500; i++) lines.push(`Resume ${i},05${String(30000000 + i)},1990-01-01,male`);
    const checked = body(await upload(a.token, lines.join('\n'))).data;
    expect(checked.validRows).toBe(1500);
    await req(a.token, 'POST', `/api/imports/${checked._id}/start`, { duplicates: 'skip', version: checked.version });
    // As if the runner died after its first chunk committed: 1,000 rows written and counted, the job still due.
    const firstChunk = Array.from({ length: 1000 }, (_, i) => ({
      name: `Resume ${i}`, phone: `+9665${String(30000000 + i)}`, dateOfBirth: '1990-01-01', gender: 'male' as const, identity: '', email: null,
    }));
    await insertPatients(ctx.database.db, a.companyId, checked._id, null, firstChunk);
    // Data rows start at the file's row 2: the first chunk wrote through row 1001.
    await q('update import_batches set imported_rows = 1000, resume_row = 1001 where company_id = $1 and id = $2', [a.companyId, checked._id]);
    // Meanwhile someone registers, by hand, a patient with the phone and birth date of a row already written: that row
    // now reads as a duplicate (skipped), which must not shift where the import goes on.
    await insertPatients(ctx.database.db, a.companyId, randomUUID(), null, [{ ...firstChunk[5]!, name: 'Entered by hand' }]);
    await runJobs();
    expect(await countOf(`select count(distinct name)::int as n from patients where company_id = $1 and import_batch_id = $2`, [a.companyId, checked._id])).toBe(1500);
    const done = body(await req(a.token, 'GET', `/api/imports/${checked._id}`)).data;
    expect(done).toMatchObject({ status: 'imported', importedRows: 1500 });
    expect(await countOf(`select count(*)::int as n from patients where company_id = $1 and import_batch_id = $2`, [a.companyId, checked._id])).toBe(1500);
  });
});
