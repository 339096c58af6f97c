import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertPatient } from '../appointments/fixtures.js';
import { clinicalTest } from '../../test/clinical-fixtures.js';
import { auth, body, multipart } from '../../test/harness.js';

const { ctx, a, b, doctor, reception, patientId } = await clinicalTest({
  doctor: { name: 'Dr. Huda', username: 'dx_doctor', email: 'dx_doctor@a.test' },
  reception: { name: 'Reem', username: 'dx_desk', email: 'dx_desk@a.test' },
  patient: 'Salma Odeh',
});

type Lang = 'en' | 'ar';
const req = (token: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, lang?: Lang) =>
  ctx.app.inject({ method, url, headers: auth(token, lang), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

const csv = async (token: string, text: string | Buffer, system?: string, lang?: Lang) => {
  const form = await multipart(system ? [['system', system]] : [], [{ field: 'file', filename: 'codes.csv', type: 'text/csv', data: Buffer.isBuffer(text) ? text : Buffer.from(text) }]);
  return ctx.app.inject({ method: 'POST', url: '/api/diagnosis-codes/import', headers: { ...auth(token, lang), 'content-type': form.contentType }, payload: form.payload });
};
const search = async (token: string, q: string, limit = 20) =>
  body(await req(token, 'GET', `/api/diagnosis-codes?search=${encodeURIComponent(q)}&limit=${limit}`)).data as Array<{ _id: string; code: string; titleAr: string }>;
const codeId = async (code: string) => (await search(doctor, code)).find((c) => c.code === code)!._id;
const auditCount = async (companyId: string, action: string, entity: string) =>
  (await ctx.database.query<{ n: number }>(`select count(*)::int as n from audit_log where company_id = $1 and action = $2 and entity = $3`, [companyId, action, entity]))[0]!.n;

beforeAll(async () => {
  expect((await req(a.token, 'POST', '/api/diagnosis-codes/starter')).statusCode).toBe(200);
}, 120_000);

describe('the code list', () => {
  it('loads the starter list once: a second load changes nothing', async () => {
    const again = body(await req(a.token, 'POST', '/api/diagnosis-codes/starter')).data;
    expect(again).toMatchObject({ system: 'ICD-10', created: 0, updated: 0 });
    expect(again.unchanged).toBeGreaterThan(150);
    expect(body(await req(a.token, 'GET', '/api/diagnosis-codes/summary')).data).toMatchObject({ total: again.rows, systems: [{ system: 'ICD-10', count: again.rows }] });
  });

  it('finds by code prefix, the exact code first, then codes that start with it', async () => {
    expect((await search(doctor, 'J06'))[0]!.code).toBe('J06.9');
    const j0 = (await search(doctor, 'j0', 50)).map((c) => c.code);
    expect(j0.slice(0, 3)).toEqual(['J00', 'J01.9', 'J02.0']);
    expect(j0.every((c) => c.startsWith('J0'))).toBe(true);
    expect((await search(doctor, 'I10')).map((c) => c.code)[0]).toBe('I10');
  });

  it('finds by English words, every word starting a word of the title, in any order and case', async () => {
    expect((await search(doctor, 'upper RESP')).map((c) => c.code)).toEqual(['J06.9']);
    expect((await search(doctor, 'diabetes type 2')).map((c) => c.code)).toEqual(expect.arrayContaining(['E11.9', 'E11.65']));
    expect(await search(doctor, 'diabetes zebra')).toEqual([]);
    expect((await search(doctor, 'iratis')).length).toBe(0);
  });

  it('finds by Arabic words whatever hamza, taa marbuta, alef maqsura, diacritics or tatweel were typed', async () => {
    const forms = ['التهاب البلعوم', 'إلتهاب البلعوم', 'التهاب بلعوم', 'ألتهاب البلعوم', 'اِلْتِهَاب البلعوم', 'الـتهاب البلعوم'];
    for (const f of forms) expect((await search(doctor, f)).map((c) => c.code), f).toContain('J02.9');
    expect((await search(doctor, 'عدوي حاده')).map((c) => c.code)).toContain('J06.9');
    expect((await search(doctor, 'الحمى')).map((c) => c.code)).toContain('R50.9');
    expect((await search(doctor, 'حمي')).map((c) => c.code)).toContain('R50.9');
    expect((await search(doctor, '٥٠')).map((c) => c.code)).toEqual([]);
    expect((await search(doctor, 'r٥٠')).map((c) => c.code)).toEqual(['R50.9']);
  });

  it('imports a CSV all or nothing, naming each bad line in the language of the request', async () => {
    const bad = await csv(a.token, 'code,en,ar\nX01,Local one,محلي\nbad code!,x,y\nX02,Two\n', 'local', 'ar');
    expect(bad.statusCode).toBe(422);
    const err = body(bad).message;
    expect(err.code).toBe('CODE_IMPORT_REJECTED');
    expect(err.message).toBe('صفان غير صالحين؛ لم يُستورد شيء');
    expect(err.fields['line.3']).toContain('السطر 3');
    expect(err.fields['line.4']).toContain('السطر 4');
    expect(await search(doctor, 'X01')).toEqual([]);

    const ok = await csv(a.token, '\uFEFFcode,en,ar\r\nX01,"Local one, first",محلي أول\r\nX02,Local two,محلي ثان\r\n', 'local');
    expect(body(ok).data).toEqual({ system: 'local', rows: 2, created: 2, updated: 0, unchanged: 0 });
    const again = await csv(a.token, 'X01,Local one renamed,محلي أول\nX02,Local two,محلي ثان\n', 'local');
    expect(body(again).data).toEqual({ system: 'local', rows: 2, created: 0, updated: 1, unchanged: 1 });
    expect((await search(doctor, 'renamed')).map((c) => c.code)).toEqual(['X01']);
    expect(await auditCount(a.companyId, 'import', 'diagnosis_code_list')).toBe(2);
  });

  it('refuses what is not a UTF-8 CSV text, checked by content', async () => {
    const pdf = await csv(a.token, Buffer.from('%PDF-1.4\n\u0000\u0001binary'));
    expect(pdf.statusCode).toBe(422);
    expect(body(pdf).message.fields).toEqual({ file: 'The file must be a CSV text file (UTF-8)' });
    const none = await req(a.token, 'POST', '/api/diagnosis-codes/import', { system: 'local' });
    expect(body(none).message.fields).toEqual({ file: 'Choose a CSV file' });
  });

  it('is kept by administrators: a doctor searches but cannot import, reception neither', async () => {
    expect((await csv(doctor, 'Y01,A,ب')).statusCode).toBe(403);
    expect((await req(reception, 'GET', '/api/diagnosis-codes?search=J06')).statusCode).toBe(403);
    expect(await search(b.token, 'J06')).toEqual([]);
  });
});

describe('encounter diagnoses and the problem list', () => {
  let encounterId: string;
  /** A phone-advice encounter of the patient (one per visit, as call-in opens one). */
  const openEncounter = async () => body(await req(doctor, 'POST', '/api/encounters', { patient: patientId })).data._id as string;
  beforeAll(async () => { encounterId = await openEncounter(); });

  it('adds a primary and a secondary diagnosis; each feeds one active problem', async () => {
    const uri = await codeId('J06.9');
    const fever = await codeId('R50.9');
    const first = await req(doctor, 'POST', `/api/patients/${patientId}/diagnoses`, { encounterId, codeId: uri, rank: 'primary', note: 'Three days' });
    expect(first.statusCode).toBe(201);
    expect(body(first).data).toMatchObject({ rank: 'primary', note: 'Three days', code: { code: 'J06.9' } });
    await req(doctor, 'POST', `/api/patients/${patientId}/diagnoses`, { encounterId, codeId: fever });

    const second = await req(doctor, 'POST', `/api/patients/${patientId}/diagnoses`, { encounterId, codeId: fever, rank: 'primary' });
    expect(second.statusCode).toBe(409);
    const taken = await req(doctor, 'POST', `/api/patients/${patientId}/diagnoses`, { encounterId, codeId: await codeId('R05'), rank: 'primary' }, 'ar');
    expect(body(taken).message).toEqual({ code: 'PRIMARY_DIAGNOSIS_TAKEN', message: 'لهذه الزيارة تشخيص رئيسي بالفعل؛ اجعله ثانوياً أولاً' });

    const list = body(await req(doctor, 'GET', `/api/patients/${patientId}/diagnoses?encounterId=${encounterId}`)).data;
    expect(list.map((d: { rank: string; code: { code: string } }) => [d.rank, d.code.code])).toEqual([['primary', 'J06.9'], ['secondary', 'R50.9']]);

    // A later visit with the same diagnosis keeps the one active problem.
    await req(doctor, 'POST', `/api/patients/${patientId}/diagnoses`, { encounterId: await openEncounter(), codeId: uri, rank: 'primary' });
    const problems = body(await req(doctor, 'GET', `/api/patients/${patientId}/problems`)).data;
    expect(problems.map((p: { code: string; status: string }) => [p.code, p.status]).sort()).toEqual([['J06.9', 'active'], ['R50.9', 'active']]);
    expect(problems.find((p: { code: string }) => p.code === 'J06.9').sourceEncounterId).toBe(encounterId);
  });

  it('refuses an encounter that is not this patient\'s, or none at all, with a field error (the database holds the same rule)', async () => {
    const otherPatient = (await insertPatient(ctx.database.db, a.companyId, { name: 'Rana Haddad' })).id;
    for (const id of [randomUUID(), encounterId]) {
      const res = await req(doctor, 'POST', `/api/patients/${otherPatient}/diagnoses`, { encounterId: id, codeId: await codeId('I10') }, 'ar');
      expect(res.statusCode).toBe(422);
      expect(body(res).message.fields).toEqual({ encounterId: 'لا توجد زيارة سريرية لهذا المريض بهذا المرجع؛ افتح السجل من زيارة المريض' });
    }
    await expect(ctx.database.query(
      `insert into encounter_diagnoses (company_id, patient_id, encounter_id, code_id, rank) select $1, $2, $3, id, 'secondary' from diagnosis_codes where company_id = $1 limit 1`,
      [a.companyId, otherPatient, encounterId],
    )).rejects.toThrow(/foreign key/);
  });

  it('keeps a signed encounter\'s diagnoses as signed: adding, changing or removing one is refused, and nothing changes', async () => {
    const enc = await openEncounter();
    const added = body(await req(doctor, 'POST', `/api/patients/${patientId}/diagnoses`, { encounterId: enc, codeId: await codeId('K21.9'), rank: 'primary' })).data;
    await ctx.database.query(`update encounters set status = 'signed', signed_at = now() where id = $1`, [enc]);
    const refused = [
      await req(doctor, 'POST', `/api/patients/${patientId}/diagnoses`, { encounterId: enc, codeId: await codeId('R05') }, 'ar'),
      await req(doctor, 'PATCH', `/api/patients/${patientId}/diagnoses/${added._id}`, { rank: 'secondary' }),
      await req(doctor, 'DELETE', `/api/patients/${patientId}/diagnoses/${added._id}`),
    ];
    expect(refused.map((r) => [r.statusCode, body(r).message.code])).toEqual([[409, 'NOTE_SIGNED'], [409, 'NOTE_SIGNED'], [409, 'NOTE_SIGNED']]);
    expect(body(refused[0]!).message.message).toBe('هذه الملاحظة موقّعة ولا يمكن تغييرها؛ أضف ملحقًا بدلًا من ذلك');
    // Whatever writes to the database: the signed diagnosis can be neither changed nor removed.
    await expect(ctx.database.query(`update encounter_diagnoses set rank = 'secondary' where id = $1`, [added._id])).rejects.toThrow(/signed encounter/);
    await expect(ctx.database.query(`delete from encounter_diagnoses where id = $1`, [added._id])).rejects.toThrow(/signed encounter/);
    const left = body(await req(doctor, 'GET', `/api/patients/${patientId}/diagnoses?encounterId=${enc}`)).data;
    expect(left.map((d: { rank: string; code: { code: string } }) => [d.rank, d.code.code])).toEqual([['primary', 'K21.9']]);
  });

  it('two doctors adding a primary at once: one wins, the other is told, the database keeps one', async () => {
    const enc = await openEncounter();
    const [x, y] = await Promise.all([
      req(doctor, 'POST', `/api/patients/${patientId}/diagnoses`, { encounterId: enc, codeId: await codeId('I10'), rank: 'primary' }),
      req(doctor, 'POST', `/api/patients/${patientId}/diagnoses`, { encounterId: enc, codeId: await codeId('E11.9'), rank: 'primary' }),
    ]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([201, 409]);
    const rows = await ctx.database.query(`select 1 from encounter_diagnoses where company_id = $1 and encounter_id = $2 and rank = 'primary'`, [a.companyId, enc]);
    expect(rows).toHaveLength(1);
  });

  it('keeps an encounter to its 20 diagnoses when several are added at once', async () => {
    const enc = await openEncounter();
    const codes = [...new Set([...(await search(doctor, 'J', 50)), ...(await search(doctor, 'K', 50)), ...(await search(doctor, 'R', 50))].map((c) => c._id))];
    expect(codes.length).toBeGreaterThanOrEqual(24);
    const add = (code: string) => req(doctor, 'POST', `/api/patients/${patientId}/diagnoses`, { encounterId: enc, codeId: code, rank: 'secondary' });
    for (const code of codes.slice(0, 18)) expect((await add(code)).statusCode).toBe(201);
    const at = await Promise.all(codes.slice(18, 24).map(add));
    expect(at.map((r) => r.statusCode).sort()).toEqual([201, 201, 409, 409, 409, 409]);
    expect(at.filter((r) => r.statusCode === 409).every((r) => body(r).message.code === 'DIAGNOSES_TOO_MANY')).toBe(true);
    const rows = await ctx.database.query(`select 1 from encounter_diagnoses where company_id = $1 and encounter_id = $2`, [a.companyId, enc]);
    expect(rows).toHaveLength(20);
  });

  it('resolves, reactivates and dates a problem at the version loaded', async () => {
    const problem = body(await req(doctor, 'GET', `/api/patients/${patientId}/problems`)).data.find((p: { code: string }) => p.code === 'R50.9');
    const resolved = await req(doctor, 'PATCH', `/api/patients/${patientId}/problems/${problem._id}`, { status: 'resolved', resolvedDate: '2026-03-10', onsetDate: '2026-03-01', version: problem.version });
    expect(body(resolved).data).toMatchObject({ status: 'resolved', resolvedDate: '2026-03-10', onsetDate: '2026-03-01', version: problem.version + 1 });
    const stale = await req(doctor, 'PATCH', `/api/patients/${patientId}/problems/${problem._id}`, { status: 'active', version: problem.version });
    expect(stale.statusCode).toBe(409);
    const early = await req(doctor, 'PATCH', `/api/patients/${patientId}/problems/${problem._id}`, { resolvedDate: '2026-02-01', version: problem.version + 1 });
    expect(body(early).message.fields).toEqual({ resolvedDate: 'The problem cannot be resolved before its onset' });
    const future = await req(doctor, 'PATCH', `/api/patients/${patientId}/problems/${problem._id}`, { onsetDate: '2999-01-01', version: problem.version + 1 });
    expect(body(future).message.fields).toEqual({ onsetDate: 'The onset cannot be in the future' });

    // The diagnosis again while the problem is resolved: a new active problem (a recurrence); reactivating the old one then clashes.
    await req(doctor, 'POST', `/api/patients/${patientId}/diagnoses`, { encounterId: await openEncounter(), codeId: problem.codeId });
    const clash = await req(doctor, 'PATCH', `/api/patients/${patientId}/problems/${problem._id}`, { status: 'active', version: problem.version + 1 });
    expect(body(clash).message.code).toBe('PROBLEM_ALREADY_ACTIVE');
    const all = body(await req(doctor, 'GET', `/api/patients/${patientId}/problems`)).data.filter((p: { code: string }) => p.code === 'R50.9');
    expect(all.map((p: { status: string }) => p.status)).toEqual(['active', 'resolved']);
  });

  it('removes a diagnosis (the problem stays), audits every change and every read as a patient read', async () => {
    const [primary] = body(await req(doctor, 'GET', `/api/patients/${patientId}/diagnoses?encounterId=${encounterId}`)).data;
    const made = await req(doctor, 'PATCH', `/api/patients/${patientId}/diagnoses/${primary._id}`, { rank: 'secondary' });
    expect(body(made).data.rank).toBe('secondary');
    expect((await req(doctor, 'DELETE', `/api/patients/${patientId}/diagnoses/${primary._id}`)).statusCode).toBe(200);
    expect((await req(doctor, 'DELETE', `/api/patients/${patientId}/diagnoses/${primary._id}`)).statusCode).toBe(404);
    const left = body(await req(doctor, 'GET', `/api/patients/${patientId}/diagnoses?encounterId=${encounterId}`)).data;
    expect(left.map((d: { code: { code: string } }) => d.code.code)).toEqual(['R50.9']);
    expect(body(await req(doctor, 'GET', `/api/patients/${patientId}/problems`)).data.some((p: { code: string }) => p.code === 'J06.9')).toBe(true);
    expect(await auditCount(a.companyId, 'delete', 'encounter_diagnosis')).toBe(1);
    expect(await auditCount(a.companyId, 'update', 'encounter_diagnosis')).toBe(1);
    expect(await auditCount(a.companyId, 'read', 'patient')).toBeGreaterThanOrEqual(6);
  });

  it('puts a condition on the list directly, once while it is active', async () => {
    const asthma = await codeId('J45.9');
    const added = await req(doctor, 'POST', `/api/patients/${patientId}/problems`, { codeId: asthma, onsetDate: '2015-06-01' });
    expect(added.statusCode).toBe(201);
    expect(body(added).data).toMatchObject({ code: 'J45.9', status: 'active', onsetDate: '2015-06-01', sourceEncounterId: null });
    const again = await req(doctor, 'POST', `/api/patients/${patientId}/problems`, { codeId: asthma }, 'ar');
    expect(body(again).message).toEqual({ code: 'PROBLEM_ALREADY_ACTIVE', message: 'هذه الحالة موجودة بالفعل في قائمة المشكلات النشطة' });
    expect((await req(reception, 'POST', `/api/patients/${patientId}/problems`, { codeId: asthma })).statusCode).toBe(403);
    expect(await auditCount(a.companyId, 'create', 'patient_problem')).toBe(1);
  });

  it('shows reception nothing, and another company 404 without changing anything', async () => {
    expect((await req(reception, 'GET', `/api/patients/${patientId}/problems`)).statusCode).toBe(403);
    expect((await req(reception, 'GET', `/api/patients/${patientId}/diagnoses?encounterId=${encounterId}`)).statusCode).toBe(403);
    const problem = body(await req(doctor, 'GET', `/api/patients/${patientId}/problems`)).data[0];
    expect((await req(b.token, 'GET', `/api/patients/${patientId}/problems`)).statusCode).toBe(404);
    expect((await req(b.token, 'PATCH', `/api/patients/${patientId}/problems/${problem._id}`, { status: 'resolved', version: problem.version })).statusCode).toBe(404);
    const foreignCode = await req(b.token, 'POST', `/api/patients/${patientId}/diagnoses`, { encounterId, codeId: problem.codeId });
    expect(foreignCode.statusCode).toBe(404);
    const other = (await insertPatient(ctx.database.db, b.companyId)).id;
    const wrong = await req(b.token, 'POST', `/api/patients/${other}/diagnoses`, { encounterId, codeId: problem.codeId });
    expect(body(wrong).message.fields).toEqual({ encounterId: 'No encounter of this patient has this reference; open the record from the patient\'s visit' });
    expect(body(await req(doctor, 'GET', `/api/patients/${patientId}/problems`)).data[0]).toEqual(problem);
  });
});
