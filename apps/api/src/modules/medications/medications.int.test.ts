import { beforeAll, describe, expect, it } from 'vitest';
import { insertPatient } from '../appointments/fixtures.js';
import { clinicalTest } from '../../test/clinical-fixtures.js';
import { auth, body, multipart } from '../../test/harness.js';

const { ctx, a, b, doctor, reception, patientId } = await clinicalTest({
  orgs: ['Al Noor', 'Other'],
  doctor: { name: 'Dr. Huda Saleh', username: 'huda.meds', email: 'huda.meds@example.test' },
  reception: { name: 'Sara Desk', username: 'sara.meds', email: 'sara.meds@example.test' },
  patient: 'Mona Ali',
});
let bPatientId: string;

const HEADER = 'name,generic name,form,strength,Arabic name';
const CATALOGUE = [
  HEADER,
  'Panadol,Paracetamol,Tablet,500 mg,بنادول',
  'Augmentin,Amoxicillin/Clavulanate,Tablet,625 mg,أوجمنتين',
  'Ventolin Inhaler,Salbutamol,Inhaler,100 mcg/dose,فنتولين بخاخ',
  'Glucophage,Metformin Hydrochloride,Tablet,500 mg,جلوكوفاج',
].join('\n');

async function importCsv(token: string, text: string | Buffer, filename = 'catalogue.csv', lang?: string) {
  const data = typeof text === 'string' ? Buffer.from(text, 'utf8') : text;
  const form = await multipart([], [{ field: 'file', filename, type: 'text/csv', data }]);
  return ctx.app.inject({ method: 'POST', url: '/api/medications/import', headers: { ...auth(token, lang), 'content-type': form.contentType }, payload: form.payload });
}
const call = (token: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, lang?: string) =>
  ctx.app.inject({ method, url, headers: auth(token, lang), ...(payload ? { payload } : {}) });
const count = async (sql: string, params: unknown[] = []) => (await ctx.database.query<{ n: number }>(`select count(*)::int as n from ${sql}`, params))[0]!.n;

beforeAll(async () => {
  bPatientId = (await insertPatient(ctx.database.db, b.companyId, { name: 'Other Patient' })).id;
}, 60_000);

describe('the catalogue', () => {
  it('imports a CSV, then a re-import updates the same drugs and adds the new ones', async () => {
    const first = await importCsv(a.token, CATALOGUE);
    expect(first.statusCode, first.body).toBe(200);
    expect(body(first).data).toEqual({ created: 4, updated: 0, total: 4 });
    const again = await importCsv(a.token, `${HEADER}\nPANADOL,Paracetamol,tablet,500MG,بانادول\nBrufen,Ibuprofen,Tablet,400 mg,بروفين`);
    expect(body(again).data).toEqual({ created: 1, updated: 1, total: 5 });
    const list = body(await call(a.token, 'GET', '/api/medications?search=paracetamol'));
    expect(list.data.map((d: { name: string; nameAr: string }) => [d.name, d.nameAr])).toEqual([['PANADOL', 'بانادول']]);
    expect(await count(`audit_log where company_id = $1 and entity = 'medication_catalogue' and action = 'import'`, [a.companyId])).toBe(2);
  });

  it('finds drugs by generic name and by Arabic written with other alef and taa forms', async () => {
    const names = async (q: string) => body(await call(doctor, 'GET', `/api/medications?search=${encodeURIComponent(q)}`)).data.map((d: { name: string }) => d.name);
    expect(await names('amoxicillin')).toEqual(['Augmentin']);
    expect(await names('اوجمنتين')).toEqual(['Augmentin']);
    expect(await names('فنتولين')).toEqual(['Ventolin Inhaler']);
    expect(await names('50%')).toEqual([]);
    expect(body(await call(b.token, 'GET', '/api/medications')).data).toEqual([]);
  });

  it('refuses a file with bad lines by line number, in Arabic too, and imports none of it', async () => {
    const before = await count(`medications where company_id = $1`, [a.companyId]);
    const bad = `${HEADER}\nZyrtec,Cetirizine,Tablet,10 mg,زيرتك\n,Loratadine,Tablet,10 mg,\nNexium,Esomeprazole,Capsule`;
    const res = await importCsv(a.token, bad);
    expect(res.statusCode).toBe(422);
    expect(body(res).message).toMatchObject({
      code: 'CATALOGUE_CSV_REJECTED',
      fields: { 'line.3': 'Line 3: the name is missing', 'line.4': 'Line 4: expected 5 columns (name, generic name, form, strength, Arabic name)' },
    });
    const form = await multipart([], [{ field: 'file', filename: 'x.csv', type: 'text/csv', data: Buffer.from(bad) }]);
    const ar = await ctx.app.inject({ method: 'POST', url: '/api/medications/import', headers: { ...auth(a.token, 'ar'), 'content-type': form.contentType }, payload: form.payload });
    expect(body(ar).message.fields['line.3']).toBe('السطر 3: الاسم غير موجود');
    expect(await count(`medications where company_id = $1`, [a.companyId])).toBe(before);
  });

  it('checks the file by its content and size, not its name', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    expect(body(await importCsv(a.token, png, 'drugs.csv')).message.fields).toEqual({ file: 'Attach the catalogue as a CSV file (text, UTF-8)' });
    expect((await importCsv(a.token, Buffer.from([0xff, 0xfe, 0x41, 0x00]))).statusCode).toBe(422);
    const big = await importCsv(a.token, `${HEADER}\n${'x'.repeat(2 * 1024 * 1024)}`);
    expect(big.statusCode).toBe(413);
    const many = await importCsv(a.token, [HEADER, ...Array.from({ length: 5001 }, (_, i) => `Drug ${i},G,Tablet,1 mg,`)].join('\n'));
    expect(body(many).message.fields).toEqual({ file: 'The CSV file has more than 5000 drugs; split it' });
  });

  it('is kept by holders of service_write: a doctor may search it but not import', async () => {
    expect((await importCsv(doctor, CATALOGUE)).statusCode).toBe(403);
    expect((await call(reception, 'GET', '/api/medications')).statusCode).toBe(403);
  });

  it('takes a drug out of use and back, at the version loaded', async () => {
    const [ibuprofen] = body(await call(a.token, 'GET', '/api/medications?search=brufen')).data;
    const off = await call(a.token, 'PATCH', `/api/medications/${ibuprofen._id}`, { isActive: false, version: ibuprofen.version });
    expect(body(off).data).toMatchObject({ isActive: false, version: ibuprofen.version + 1 });
    expect((await call(a.token, 'PATCH', `/api/medications/${ibuprofen._id}`, { isActive: true, version: ibuprofen.version })).statusCode).toBe(409);
    expect(body(await call(a.token, 'GET', '/api/medications?search=brufen&isActive=true')).data).toEqual([]);
  });
});

describe('the patient\'s medication list', () => {
  let augmentin: { _id: string };

  it('adds a catalogue drug and a drug written by hand; active ones come first', async () => {
    [augmentin] = body(await call(doctor, 'GET', '/api/medications?search=augmentin')).data;
    const res = await call(doctor, 'POST', `/api/patients/${patientId}/medications`, {
      medication: augmentin._id, dose: 1, unit: 'tablet', route: 'oral', frequency: 'BID', startDate: '2026-01-10', endDate: '2026-01-17',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(body(res).message).toBe('Medication added');
    expect(body(res).data).toMatchObject({
      name: 'Augmentin', genericName: 'Amoxicillin/Clavulanate', strength: '625 mg', dose: 1, unit: 'tablet', frequency: 'BID',
      status: 'active', source: 'manual', createdBy: { name: 'Dr. Huda Saleh' }, encounter: null, prescription: null,
    });
    const notHers = await call(doctor, 'POST', `/api/patients/${patientId}/medications`, { name: 'Vitamin D3 drops', route: 'oral', frequency: 'OD', encounter: '0f0f0f0f-0f0f-4f0f-8f0f-0f0f0f0f0f0f' });
    expect(body(notHers).message.fields).toEqual({ encounter: 'No encounter of this patient has this reference; open the record from the patient\'s visit' });
    const encounter = body(await call(doctor, 'POST', '/api/encounters', { patient: patientId })).data._id;
    const byHand = await call(doctor, 'POST', `/api/patients/${patientId}/medications`, { name: 'Vitamin D3 drops', route: 'oral', frequency: 'OD', encounter });
    expect(body(byHand).data).toMatchObject({ medication: null, name: 'Vitamin D3 drops', dose: null, encounter });
    const [row] = await ctx.database.query<{ name_key: string; generic_key: string }>(`select name_key, generic_key from patient_medications where id = $1`, [body(res).data._id]);
    expect(row).toEqual({ name_key: 'augmentin', generic_key: 'amoxicillin / clavulanate' });
  });

  it('refuses bad input with translated field errors and stores nothing', async () => {
    const before = await count(`patient_medications`);
    const res = await call(doctor, 'POST', `/api/patients/${patientId}/medications`, { route: 'mouth', frequency: 'twice', dose: -1 }, 'ar');
    expect(res.statusCode).toBe(422);
    expect(body(res).message.fields).toMatchObject({ route: 'اختر طريقة الإعطاء', frequency: 'اختر عدد المرات', dose: expect.any(String) });
    const foreignDrug = await call(b.token, 'POST', `/api/patients/${bPatientId}/medications`, { medication: augmentin._id, route: 'oral', frequency: 'OD' });
    expect(body(foreignDrug).message.fields).toEqual({ medication: 'This drug is not in the catalogue' });
    expect(await count(`patient_medications`)).toBe(before);
  });

  it('stops with a reason (who, when, why), once: a second stop or a stale version changes nothing', async () => {
    const list = body(await call(doctor, 'GET', `/api/patients/${patientId}/medications`)).data;
    const entry = list.find((m: { name: string }) => m.name === 'Augmentin');
    expect((await call(doctor, 'POST', `/api/patient-medications/${entry._id}/stop`, { reason: '', version: entry.version })).statusCode).toBe(422);
    const stopped = await call(doctor, 'POST', `/api/patient-medications/${entry._id}/stop`, { reason: 'Rash on the arms', version: entry.version });
    expect(body(stopped).data).toMatchObject({ status: 'stopped', statusReason: 'Rash on the arms', statusChangedBy: { name: 'Dr. Huda Saleh' }, endDate: '2026-01-17' });
    const again = await call(doctor, 'POST', `/api/patient-medications/${entry._id}/stop`, { reason: 'Again', version: entry.version + 1 });
    expect({ status: again.statusCode, code: body(again).message.code }).toEqual({ status: 409, code: 'MEDICATION_NOT_ACTIVE' });
    const other = list.find((m: { name: string }) => m.name === 'Vitamin D3 drops');
    expect(body(await call(doctor, 'POST', `/api/patient-medications/${other._id}/complete`, { version: other.version + 5 })).message.code).toBe('STALE_RECORD');
    const audits = await ctx.database.query<{ action: string }>(`select action from audit_log where entity = 'patient_medication' and entity_id = $1 order by created_at`, [entry._id]);
    expect(audits.map((x) => x.action)).toEqual(['create', 'stop']);
  });

  it('lists active first and audits the read as a read of the patient', async () => {
    const reads = () => count(`audit_log where action = 'read' and entity = 'patient' and entity_id = $1`, [patientId]);
    const before = await reads();
    const res = await call(doctor, 'GET', `/api/patients/${patientId}/medications`);
    expect(body(res).data.map((m: { name: string; status: string }) => [m.name, m.status])).toEqual([['Vitamin D3 drops', 'active'], ['Augmentin', 'stopped']]);
    expect(body(res).pagination).toMatchObject({ total_items: 2 });
    expect(body(await call(doctor, 'GET', `/api/patients/${patientId}/medications?activeOnly=true`)).data).toHaveLength(1);
    expect(await reads()).toBe(before + 2);
  });

  it('completes with today as the end when none was set', async () => {
    const [entry] = body(await call(doctor, 'GET', `/api/patients/${patientId}/medications?activeOnly=true`)).data;
    const res = await call(doctor, 'POST', `/api/patient-medications/${entry._id}/complete`, { version: entry.version });
    expect(body(res).data).toMatchObject({ status: 'completed', statusReason: '' });
    expect(body(res).data.endDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('keeps reception and other companies out', async () => {
    expect((await call(reception, 'GET', `/api/patients/${patientId}/medications`)).statusCode).toBe(403);
    expect((await call(reception, 'POST', `/api/patients/${patientId}/medications`, { name: 'X', route: 'oral', frequency: 'OD' })).statusCode).toBe(403);
    expect((await call(b.token, 'GET', `/api/patients/${patientId}/medications`)).statusCode).toBe(404);
    const [entry] = body(await call(doctor, 'GET', `/api/patients/${patientId}/medications`)).data;
    const foreign = await call(b.token, 'POST', `/api/patient-medications/${entry._id}/stop`, { reason: 'x', version: entry.version });
    expect(foreign.statusCode).toBe(404);
  });

  it('never deletes a medication with its patient: a patient whose only record is a medication is deactivated', async () => {
    const lone = (await insertPatient(ctx.database.db, a.companyId, { name: 'Samir Only Meds' })).id;
    expect((await call(doctor, 'POST', `/api/patients/${lone}/medications`, { name: 'Vitamin D3 drops', route: 'oral', frequency: 'OD' })).statusCode).toBe(201);
    const del = await ctx.app.inject({ method: 'DELETE', url: `/api/patients/${lone}`, headers: auth(a.token) });
    expect(body(del).data.outcome).toBe('deactivated');
    expect(await count('patient_medications where patient_id = $1', [lone])).toBe(1);
  });
});
