import { beforeAll, describe, expect, it } from 'vitest';
import type { ChartEntry } from '@clinic/shared';
import { clinicalTest } from '../../test/clinical-fixtures.js';
import { auth, body, signInStaff } from '../../test/harness.js';

/*
 * What a sensitive encounter recorded (its diagnoses, the problem they made) is as protected as its note: anyone but
 * its doctor sees each entry masked (there, with its id, time and encounter, but no code and no title) until they open
 * the encounter with a reason, which shows it to them for a shift.
 */
const { ctx, a, doctor, reception, patientId } = await clinicalTest({
  orgs: ['Sensitive North', 'Sensitive South'],
  doctor: { name: 'Dr. Mona Private', username: 'sens_doctor', email: 'sens_doctor@a.test' },
  reception: { name: 'Desk Sens', username: 'sens_desk', email: 'sens_desk@a.test' },
  patient: 'Yusuf Private',
});
let otherDoctor: string;
let nurse: string;
let sensitiveEncounter: string;
let plainEncounter: string;
let hiv: { diagnosis: string; code: string };

/** Every trace of the HIV diagnosis a masked answer must not carry: its code, its code's id, its titles and its note. */
const SECRETS = () => ['B20', 'HIV disease', 'مرض فيروس نقص المناعة', 'Partner informed', hiv.code];
const expectNoSecret = (text: string) => { for (const s of SECRETS()) expect(text, s).not.toContain(s); };

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const req = (token: string, method: Method, url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: auth(token), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
const q = <T = { id: string }>(text: string, params: unknown[] = []) => ctx.database.query<T>(text, params);

async function insertCode(code: string, en: string, ar: string): Promise<string> {
  const [row] = await q(`insert into diagnosis_codes (company_id, system, code, code_key, title_en, title_ar, search_text) values ($1, 'ICD-10', $2, lower($2), $3, $4, ' ' || lower($2)) returning id`,
    [a.companyId, code, en, ar]);
  return row!.id;
}

beforeAll(async () => {
  otherDoctor = await signInStaff(ctx, a, { name: 'Dr. Sami Cover', username: 'sens_other', email: 'sens_other@a.test', employeeType: 'Doctor', roleNames: ['Doctor'] });
  nurse = await signInStaff(ctx, a, { name: 'Nurse Rima', username: 'sens_nurse', email: 'sens_nurse@a.test', employeeType: 'Nurse', roleNames: ['Nurse'] });
  const hivCode = await insertCode('B20', 'HIV disease', 'مرض فيروس نقص المناعة البشرية');
  const cold = await insertCode('J06.9', 'Acute upper respiratory infection', 'عدوى حادة في الجهاز التنفسي العلوي');

  sensitiveEncounter = body(await req(doctor, 'POST', '/api/encounters', { patient: patientId })).data._id;
  const added = await req(doctor, 'POST', `/api/patients/${patientId}/diagnoses`, { encounterId: sensitiveEncounter, codeId: hivCode, rank: 'primary', note: 'Partner informed' });
  expect(added.statusCode, added.body).toBe(201);
  hiv = { diagnosis: body(added).data._id, code: hivCode };
  const note = body(await req(doctor, 'GET', `/api/encounters/${sensitiveEncounter}`)).data.note;
  const marked = await req(doctor, 'PUT', `/api/encounters/${sensitiveEncounter}/note`, { version: note.version, content: {}, sensitive: true });
  expect(marked.statusCode, marked.body).toBe(200);

  plainEncounter = body(await req(doctor, 'POST', '/api/encounters', { patient: patientId })).data._id;
  expect((await req(doctor, 'POST', `/api/patients/${patientId}/diagnoses`, { encounterId: plainEncounter, codeId: cold, rank: 'primary' })).statusCode).toBe(201);
}, 60_000);

describe('diagnoses of a sensitive encounter', () => {
  it('are masked on the chart for another doctor and a nurse: the entries stay, without code or title', async () => {
    for (const token of [otherDoctor, nurse]) {
      const res = await req(token, 'GET', `/api/patients/${patientId}/chart?kinds=diagnosis,problem&limit=100`);
      expect(res.statusCode, res.body).toBe(200);
      expectNoSecret(res.body);
      const data = body<{ data: ChartEntry[] }>(res).data;
      expect(data.find((e) => e._id === hiv.diagnosis)).toEqual({
        kind: 'diagnosis', _id: hiv.diagnosis, at: expect.any(String), title: null, detail: null, status: 'primary',
        author: expect.objectContaining({ name: 'Dr. Mona Private' }), link: { page: 'encounter', id: sensitiveEncounter }, encounter: null, restricted: true,
      });
      expect(data.filter((e) => e.kind === 'problem' && e.restricted).map((e) => [e.title, e.detail, e.status, e.link])).toEqual([
        [null, null, 'active', { page: 'encounter', id: sensitiveEncounter }],
      ]);
      // What a plain encounter recorded is shown as always.
      expect(data.filter((e) => !e.restricted).map((e) => [e.kind, e.detail]).sort()).toEqual([['diagnosis', 'J06.9'], ['problem', 'J06.9']]);
    }
  });

  it('are masked in the encounter\'s diagnoses, the problem list and the printed summary', async () => {
    const list = await req(otherDoctor, 'GET', `/api/patients/${patientId}/diagnoses?encounterId=${sensitiveEncounter}`);
    expectNoSecret(list.body);
    expect(body(list).data).toEqual([{
      _id: hiv.diagnosis, patientId, encounterId: sensitiveEncounter, rank: 'primary', note: null, code: null, createdAt: expect.any(String), restricted: true,
    }]);
    const problems = await req(nurse, 'GET', `/api/patients/${patientId}/problems`);
    expectNoSecret(problems.body);
    expect(body(problems).data.map((p: { code: string | null; codeId: string | null; restricted: boolean; sourceEncounterId: string }) => [p.restricted, p.code, p.codeId === null, p.sourceEncounterId]))
      .toEqual(expect.arrayContaining([[true, null, true, sensitiveEncounter], [false, 'J06.9', false, plainEncounter]]));
    const summary = await req(otherDoctor, 'GET', `/api/patients/${patientId}/record-summary`);
    expectNoSecret(summary.body);
    expect(body(summary).data.problems.map((p: { code: string | null; titleEn: string | null; restricted: boolean }) => [p.code, p.titleEn, p.restricted]))
      .toEqual([['J06.9', 'Acute upper respiratory infection', false], [null, null, true]]);
  });

  it('are shown in full to the encounter\'s own doctor', async () => {
    const chart = body<{ data: ChartEntry[] }>(await req(doctor, 'GET', `/api/patients/${patientId}/chart?kinds=diagnosis&limit=100`)).data;
    expect(chart.find((e) => e._id === hiv.diagnosis)).toMatchObject({ title: { en: 'HIV disease', ar: 'مرض فيروس نقص المناعة البشرية' }, detail: 'B20' });
    expect(chart.some((e) => e.restricted)).toBe(false);
    const list = body(await req(doctor, 'GET', `/api/patients/${patientId}/diagnoses?encounterId=${sensitiveEncounter}`)).data;
    expect(list).toMatchObject([{ note: 'Partner informed', code: { code: 'B20', titleEn: 'HIV disease' }, restricted: false }]);
    const problems = body(await req(doctor, 'GET', `/api/patients/${patientId}/problems`)).data;
    expect(problems.find((p: { sourceEncounterId: string }) => p.sourceEncounterId === sensitiveEncounter)).toMatchObject({ code: 'B20', codeId: hiv.code, restricted: false });
    expect(body(await req(doctor, 'GET', `/api/patients/${patientId}/record-summary`)).data.problems.map((p: { code: string }) => p.code)).toEqual(['B20', 'J06.9']);
  });

  it('are changed by the encounter\'s doctor only: others are refused without learning anything', async () => {
    const problem = body(await req(doctor, 'GET', `/api/patients/${patientId}/problems`)).data.find((p: { sourceEncounterId: string }) => p.sourceEncounterId === sensitiveEncounter);
    const refused = [
      await req(otherDoctor, 'PATCH', `/api/patients/${patientId}/diagnoses/${hiv.diagnosis}`, { rank: 'secondary' }),
      await req(nurse, 'DELETE', `/api/patients/${patientId}/diagnoses/${hiv.diagnosis}`),
      await req(otherDoctor, 'POST', `/api/patients/${patientId}/diagnoses`, { encounterId: sensitiveEncounter, codeId: hiv.code }),
      await req(otherDoctor, 'PATCH', `/api/patients/${patientId}/problems/${problem._id}`, { status: 'resolved', version: problem.version }),
    ];
    expect(refused.map((r) => [r.statusCode, body(r).message.code])).toEqual(Array(4).fill([403, 'SENSITIVE_NOTE']));
    for (const r of refused) expectNoSecret(r.body);
    expect(body(refused[0]!).message.message).toBe('This visit\'s note is marked sensitive: open it with a reason before changing what was recorded at it');
    const [row] = await q<{ rank: string }>(`select rank from encounter_diagnoses where id = $1`, [hiv.diagnosis]);
    expect(row!.rank).toBe('primary');
    expect((await req(doctor, 'PATCH', `/api/patients/${patientId}/diagnoses/${hiv.diagnosis}`, { note: 'Partner informed; follow-up booked' })).statusCode).toBe(200);
  });

  it('go to FHIR whole, labelled restricted like their encounter', async () => {
    const res = await req(a.token, 'GET', `/api/fhir/R4/Condition?patient=${patientId}`);
    expect(res.statusCode, res.body).toBe(200);
    const conditions = (res.json().entry as Array<{ resource: Record<string, any> }>).map((e) => e.resource);
    const labelled = (c: Record<string, any>) => (c.meta.security ?? []).map((s: { code: string }) => s.code).join();
    expect(conditions.map((c) => [c.code.coding[0].code, c.category[0].coding[0].code, labelled(c)]).sort()).toEqual([
      ['B20', 'encounter-diagnosis', 'R'], ['B20', 'problem-list-item', 'R'], ['J06.9', 'encounter-diagnosis', ''], ['J06.9', 'problem-list-item', ''],
    ]);
  });

  it('stay hidden from reception as all clinical records are', async () => {
    expect((await req(reception, 'GET', `/api/patients/${patientId}/diagnoses?encounterId=${sensitiveEncounter}`)).statusCode).toBe(403);
  });

  // Last: the reason grants the encounter to that clinician for a shift, which the refusals above must not have.
  it('are in the break-the-glass answer of the clinician who gives a reason, and in their lists for the grant', async () => {
    const opened = await req(otherDoctor, 'POST', `/api/encounters/${sensitiveEncounter}/break-glass`, { reason: 'Starting antiretroviral interaction check' });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(body(opened).data.diagnoses).toMatchObject([{ _id: hiv.diagnosis, note: 'Partner informed; follow-up booked', code: { code: 'B20', titleEn: 'HIV disease' }, restricted: false }]);
    const list = body(await req(otherDoctor, 'GET', `/api/patients/${patientId}/diagnoses?encounterId=${sensitiveEncounter}`)).data;
    expect(list).toMatchObject([{ _id: hiv.diagnosis, note: 'Partner informed; follow-up booked', code: { code: 'B20' }, restricted: false }]);
    // Only for them: the nurse, who gave no reason, still sees it masked.
    expectNoSecret((await req(nurse, 'GET', `/api/patients/${patientId}/diagnoses?encounterId=${sensitiveEncounter}`)).body);
  });
});
