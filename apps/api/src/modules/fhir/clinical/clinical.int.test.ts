import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appointments, diagnosisCodes, encounterDiagnoses, encounterNotes, encounters, patientAllergies, patientAllergyStates, patientProblems, patients,
  rolePermissions, roles, vitalSigns,
} from '../../../db/schema/index.js';
import { createAccount } from '../../organisation/provision.js';
import { auth, contextWithTwoOrgs, login, TEST_PASSWORD, type TestContext, type TestOrg } from '../../../test/harness.js';
import { insertClinic, insertDoctor, insertPatient, insertService } from '../../appointments/fixtures.js';
import { bulkExport, fhirValid, loadR4Definitions } from '../fixtures.js';
import type { Deps } from '../../../lib/app-types.js';
import type { RequestContext } from '../../../lib/request-context.js';
import { clinicalExportBatch } from './clinical.service.js';
import { RESTRICTED } from '../fhir.resources.js';
import { CLINICAL_RESOURCES } from './registry.js';

/**
 * The clinical record through FHIR R4 (Encounter, Observation, Condition, AllergyIntolerance): every resource passes
 * the R4 validator, codes and statuses map as documented, what was recorded at an encounter whose note is sensitive
 * carries the restricted label, reads need clinical_read and are audited, and the bulk export carries them.
 */

const BASE = '/api/fhir/R4';
const SECRET = 'Confidential history: do not share';
let ctx: TestContext;
let a: TestOrg;
let b: TestOrg;
let fhirOnly: string;
const ids: Record<string, string> = {};

const get = (path: string, token = a.token) => ctx.app.inject({ method: 'GET', url: `${BASE}${path}`, headers: auth(token) });
const entries = async (path: string, token = a.token) => {
  const res = await get(path, token);
  expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
  const bundle = res.json();
  fhirValid(bundle);
  return (bundle.entry ?? []).map((e: any) => e.resource);
};

beforeAll(async () => {
  loadR4Definitions();
  ({ ctx, a, b } = await contextWithTwoOrgs(['Clinic A', 'Clinic B']));
  const db = ctx.database.db;
  const clinic = await insertClinic(db, a.companyId, { name: 'Olaya Clinic', timeZone: 'Asia/Riyadh' });
  const doctor = await insertDoctor(db, a.companyId, { name: 'Dr. Sarah Khan', clinics: [clinic.id] });
  const patient = await insertPatient(db, a.companyId, { name: 'محمد عبدالله Mohammed Abdullah' });
  const other = await insertPatient(db, a.companyId, { name: 'Lina Haddad' });
  await db.update(patients).set({ dateOfBirth: '1980-05-01' }).where(eq(patients.id, patient.id));
  Object.assign(ids, { clinic: clinic.id, doctor: doctor.id, patient: patient.id, other: other.id });

  const service = await insertService(db, a.companyId, { clinicId: clinic.id, doctors: [doctor.id], durationMinutes: 30, price: 100 });
  const [appointment] = await db.insert(appointments).values({
    companyId: a.companyId, publicId: 'APT-1', patientId: patient.id, doctorId: doctor.id, clinicId: clinic.id, serviceId: service.id,
    reason: 'Headache', startsAt: new Date('2026-11-10T07:00:00Z'), endsAt: new Date('2026-11-10T07:30:00Z'), status: 'completed',
  }).returning();
  const [visit] = await db.insert(encounters).values({
    companyId: a.companyId, kind: 'visit', appointmentId: appointment!.id, patientId: patient.id, doctorId: doctor.id, clinicId: clinic.id, reason: 'Headache',
    status: 'signed', openedAt: new Date('2026-11-10T07:00:00Z'), signedAt: new Date('2026-11-10T07:20:00Z'),
  }).returning();
  const [phone] = await db.insert(encounters).values({
    companyId: a.companyId, kind: 'phone', patientId: other.id, doctorId: doctor.id, reason: 'Private matter', openedAt: new Date('2026-11-12T09:00:00Z'),
  }).returning();
  const template = { name: { en: 'SOAP', ar: 'SOAP' }, sections: [] };
  await db.insert(encounterNotes).values([
    { companyId: a.companyId, encounterId: visit!.id, template, content: { complaint: 'Headache for two days' } },
    { companyId: a.companyId, encounterId: phone!.id, template, content: { complaint: SECRET }, sensitive: true },
  ]);
  Object.assign(ids, { visit: visit!.id, phone: phone!.id, appointment: appointment!.id });

  const [set] = await db.insert(vitalSigns).values({
    companyId: a.companyId, patientId: patient.id, encounterId: visit!.id, takenAt: new Date('2026-11-10T07:05:00Z'),
    heightCm: 175, weightKg: 80, bmi: 26.1, temperatureC: 36.8, pulse: 120, respiratoryRate: 16, systolic: 150, diastolic: 85,
    spo2: 97, painScore: 4, glucoseMmol: 5.5, enteredUnits: { glucose: 'mg/dL' },
  }).returning();
  const [wrong] = await db.insert(vitalSigns).values({
    companyId: a.companyId, patientId: patient.id, takenAt: new Date('2026-11-09T07:05:00Z'), pulse: 200,
    enteredInErrorAt: new Date('2026-11-09T08:00:00Z'), enteredInErrorReason: 'Wrong patient',
  }).returning();
  // A weight taken during the sensitive phone call.
  const [privateSet] = await db.insert(vitalSigns).values({
    companyId: a.companyId, patientId: other.id, encounterId: phone!.id, takenAt: new Date('2026-11-12T09:05:00Z'), weightKg: 61,
  }).returning();
  Object.assign(ids, { set: set!.id, wrong: wrong!.id, privateSet: privateSet!.id });

  const [code] = await db.insert(diagnosisCodes).values({
    companyId: a.companyId, system: 'ICD-10', code: 'G44.2', codeKey: 'g44.2', titleEn: 'Tension-type headache', titleAr: 'صداع التوتر', searchText: ' g44.2',
  }).returning();
  const [diagnosis] = await db.insert(encounterDiagnoses).values({
    companyId: a.companyId, patientId: patient.id, encounterId: visit!.id, codeId: code!.id, rank: 'primary',
  }).returning();
  const [problem] = await db.insert(patientProblems).values({
    companyId: a.companyId, patientId: patient.id, codeId: code!.id, code: 'G44.2', titleEn: 'Tension-type headache', titleAr: 'صداع التوتر',
    onsetDate: '2026-11-08', sourceEncounterId: visit!.id,
  }).returning();
  Object.assign(ids, { diagnosis: diagnosis!.id, problem: problem!.id });

  const [allergy] = await db.insert(patientAllergies).values({
    companyId: a.companyId, patientId: patient.id, substance: 'Penicillin', substanceKey: 'penicillin', reaction: 'Hives', severity: 'life_threatening',
  }).returning();
  await db.insert(patientAllergyStates).values({ companyId: a.companyId, patientId: other.id, noKnownAllergies: true, recordedAt: new Date() });
  ids.allergy = allergy!.id;

  // Someone with FHIR access but no clinical_read (an integration account of the front office).
  const [role] = await db.insert(roles).values({ companyId: a.companyId, name: 'FHIR reader' }).returning();
  await db.insert(rolePermissions).values(['fhir_read', 'patient_read'].map((permission) => ({ companyId: a.companyId, roleId: role!.id, permission })));
  await createAccount(db, a.companyId, new Map([['FHIR reader', role!.id]]), {
    name: 'Front office feed', username: 'fhir_only', email: 'fhir_only@example.test', password: TEST_PASSWORD, employeeType: 'Administrative', roleNames: ['FHIR reader'],
  });
  fhirOnly = (await login(ctx, 'fhir_only', TEST_PASSWORD)).accessToken;
}, 120_000);
afterAll(() => ctx?.close());

describe('FHIR R4: the clinical record', () => {
  it('serves every clinical type as valid R4 and lists each in the CapabilityStatement', async () => {
    const cs = (await ctx.app.inject({ method: 'GET', url: `${BASE}/metadata` })).json();
    fhirValid(cs);
    const listed = Object.fromEntries(cs.rest[0].resource.map((r: any) => [r.type, r.searchParam.map((p: any) => p.name)]));
    for (const type of ['Encounter', 'Observation', 'Condition', 'AllergyIntolerance']) {
      expect(listed[type]).toEqual(expect.arrayContaining(['_id', 'patient']));
      const found = await entries(`/${type}?_count=100`);
      expect(found.length, type).toBeGreaterThan(0);
      for (const r of found) fhirValid(r);
    }
  });

  it('Encounter: status from the note, AMB or VR, the doctor, period and provider; no note text, a sensitive one labelled', async () => {
    const visit = (await get(`/Encounter/${ids.visit}`)).json();
    expect(visit).toMatchObject({
      status: 'finished', appointment: [{ reference: `Appointment/${ids.appointment}` }], class: { code: 'AMB' }, subject: { reference: `Patient/${ids.patient}` },
      participant: [{ individual: { reference: `Practitioner/${ids.doctor}` } }],
      period: { start: '2026-11-10T07:00:00.000Z', end: '2026-11-10T07:20:00.000Z' }, reasonCode: [{ text: 'Headache' }],
      serviceProvider: { reference: `Organization/${a.companyId}` }, diagnosis: [{ condition: { reference: `Condition/${ids.diagnosis}` }, rank: 1 }],
    });
    const phone = (await get(`/Encounter/${ids.phone}`)).json();
    expect(phone).toMatchObject({ status: 'in-progress', class: { code: 'VR' }, meta: { security: [{ code: 'R' }] } });
    expect(phone.reasonCode).toBeUndefined();
    const all = JSON.stringify(await entries('/Encounter'));
    expect(all).not.toContain(SECRET);
    expect(all).not.toContain('Private matter');
    expect((await entries('/Encounter?class=VR')).map((e: any) => e.id)).toEqual([ids.phone]);
    expect((await entries('/Encounter?status=finished')).map((e: any) => e.id)).toEqual([ids.visit]);
  });

  it('Observation: one per vital with its LOINC code, UCUM unit, profile and flag; BP as a panel; an error set marked so', async () => {
    const found = await entries(`/Observation?patient=Patient/${ids.patient}&_count=100`);
    const byId = Object.fromEntries(found.map((o: any) => [o.id, o]));
    const of = (key: string) => byId[`${ids.set}-${key}`];
    const codes = (o: any) => o.code.coding.map((c: any) => c.code);
    expect(codes(of('height'))).toEqual(['8302-2']);
    expect(of('height').valueQuantity).toEqual({ value: 175, unit: 'cm', system: 'http://unitsofmeasure.org', code: 'cm' });
    expect(of('weight').meta.profile).toEqual(['http://hl7.org/fhir/StructureDefinition/bodyweight']);
    expect(codes(of('bmi'))).toEqual(['39156-5']);
    expect(of('temperature').valueQuantity.code).toBe('Cel');
    expect(of('heartrate')).toMatchObject({ status: 'final', code: { coding: [{ code: '8867-4' }] }, interpretation: [{ coding: [{ code: 'H' }] }] });
    expect(codes(of('resprate'))).toEqual(['9279-1']);
    expect(codes(of('spo2'))).toEqual(['59408-5', '2708-6']);
    expect(codes(of('pain'))).toEqual(['72514-3']);
    // Glucose entered in mg/dL travels in mg/dL under 2339-0.
    expect(of('glucose')).toMatchObject({ code: { coding: [{ code: '2339-0' }] }, valueQuantity: { value: 99, code: 'mg/dL' } });
    const bp = of('bp');
    expect(codes(bp)).toEqual(['85354-9']);
    expect(bp.valueQuantity).toBeUndefined();
    expect(bp.component.map((c: any) => [c.code.coding[0].code, c.valueQuantity.value, c.valueQuantity.code, c.interpretation[0].coding[0].code]))
      .toEqual([['8480-6', 150, 'mm[Hg]', 'H'], ['8462-4', 85, 'mm[Hg]', 'N']]);
    expect(bp.encounter).toEqual({ reference: `Encounter/${ids.visit}` });
    expect(found).toHaveLength(11);
    const wrong = byId[`${ids.wrong}-heartrate`];
    expect(wrong.status).toBe('entered-in-error');
    expect(wrong.interpretation).toBeUndefined();
    expect((await entries(`/Observation?code=http://loinc.org|8867-4&status=final`)).map((o: any) => o.id)).toEqual([`${ids.set}-heartrate`]);
    expect(await entries('/Observation?category=laboratory')).toEqual([]);
    expect((await get(`/Observation/${ids.set}-bp`)).json().id).toBe(`${ids.set}-bp`);
    expect((await get(`/Observation/${ids.set}-nothing`)).statusCode).toBe(404);
  });

  it('Observation: the vitals of an encounter whose note is sensitive are exported whole with the restricted label', async () => {
    const weight = (await get(`/Observation/${ids.privateSet}-weight`)).json();
    fhirValid(weight);
    expect(weight).toMatchObject({ encounter: { reference: `Encounter/${ids.phone}` }, valueQuantity: { value: 61, code: 'kg' } });
    expect(weight.meta.security).toEqual([RESTRICTED]);
    expect(weight.meta.profile).toEqual(['http://hl7.org/fhir/StructureDefinition/bodyweight']);
    expect((await entries(`/Observation?patient=Patient/${ids.other}`)).map((o: any) => [o.id, o.meta.security])).toEqual([[`${ids.privateSet}-weight`, [RESTRICTED]]]);
    // The visit's vitals (its note is not sensitive) and a set of no encounter carry none.
    const plain = await entries(`/Observation?patient=Patient/${ids.patient}&_count=100`);
    expect(plain).toHaveLength(11);
    expect(plain.filter((o: any) => o.meta.security !== undefined)).toEqual([]);
  });

  it('Condition: problems and encounter diagnoses, the code under its system URI, clinical status and onset', async () => {
    const problem = (await get(`/Condition/${ids.problem}`)).json();
    expect(problem).toMatchObject({
      category: [{ coding: [{ code: 'problem-list-item' }] }], clinicalStatus: { coding: [{ code: 'active' }] }, onsetDateTime: '2026-11-08',
      code: { coding: [{ system: 'http://hl7.org/fhir/sid/icd-10', code: 'G44.2', display: 'Tension-type headache' }] },
    });
    const diagnosis = (await get(`/Condition/${ids.diagnosis}`)).json();
    expect(diagnosis).toMatchObject({ category: [{ coding: [{ code: 'encounter-diagnosis' }] }], encounter: { reference: `Encounter/${ids.visit}` }, clinicalStatus: { coding: [{ code: 'active' }] } });
    expect((await entries('/Condition?category=encounter-diagnosis')).map((c: any) => c.id)).toEqual([ids.diagnosis]);
    expect((await entries('/Condition?code=G44.2&clinical-status=active'))).toHaveLength(2);
  });

  it('AllergyIntolerance: criticality from severity, the reaction; "no known allergies" as SNOMED 716186003', async () => {
    const allergy = (await get(`/AllergyIntolerance/${ids.allergy}`)).json();
    expect(allergy).toMatchObject({
      type: 'allergy', criticality: 'high', clinicalStatus: { coding: [{ code: 'active' }] }, code: { text: 'Penicillin' },
      reaction: [{ manifestation: [{ text: 'Hives' }], severity: 'severe' }],
    });
    const none = await entries(`/AllergyIntolerance?patient=${ids.other}`);
    expect(none.map((r: any) => [r.id, r.code.coding[0].system, r.code.coding[0].code])).toEqual([[`nka-${ids.other}`, 'http://snomed.info/sct', '716186003']]);
  });

  it('needs clinical_read, audits every read as a patient read, and keeps each company to its own', async () => {
    expect((await get('/Observation', fhirOnly)).statusCode).toBe(403);
    expect((await get(`/Encounter/${ids.visit}`, fhirOnly)).statusCode).toBe(403);
    expect((await get('/Patient', fhirOnly)).statusCode).toBe(200);
    expect((await get('/$export?_type=Condition', fhirOnly)).statusCode).toBe(403);
    const reads = async () => (await ctx.database.query<{ n: number }>(
      `select count(*)::int as n from audit_log where company_id = $1 and entity = 'patient' and entity_id = $2 and action = 'read' and changes->>'via' = 'fhir_AllergyIntolerance'`,
      [a.companyId, ids.patient]))[0]!.n;
    const before = await reads();
    await get(`/AllergyIntolerance/${ids.allergy}`);
    expect(await reads()).toBe(before + 1);
    expect((await get(`/Encounter/${ids.visit}`, b.token)).statusCode).toBe(404);
    expect(await entries('/Observation', b.token)).toEqual([]);
    expect((await get('/Condition?onset=2026', a.token)).statusCode).toBe(400);
    expect((await get('/Observation?_count=5000')).json().entry.length).toBeLessThanOrEqual(100);
  });

  it('answers every search parameter set to extreme values with a result or an OperationOutcome, never a 5xx', async () => {
    const extremes = ['', ' ', 'x'.repeat(200), 'ge9999-12-31', 'lt0001-01-01', '-1', '1e308', 'Patient/../x', '|', 'a|b|c', '%00', 'نعم', "'; drop table x; --"];
    for (const spec of CLINICAL_RESOURCES) {
      for (const param of ['_id', '_count', '_offset', 'patient', ...Object.keys(spec.params)]) {
        for (const value of extremes) {
          const res = await get(`/${spec.type}?${param}=${encodeURIComponent(value)}`);
          expect(res.statusCode, `${spec.type}?${param}=${value}: ${res.body}`).toBeLessThan(500);
          if (res.statusCode >= 400) expect(res.json().resourceType).toBe('OperationOutcome');
        }
      }
    }
  });

  it('pages an export in batches that neither skip nor repeat a resource, also where one row makes several', async () => {
    const deps = { database: ctx.database, db: ctx.database.db } as unknown as Deps;
    const who = { companyId: a.companyId, actorId: a.adminId, ctx: { ip: '127.0.0.1', userAgent: 'test', requestId: 'batch-test' } as RequestContext };
    for (const spec of CLINICAL_RESOURCES) {
      const seen: string[] = [];
      let after: string | null = null;
      for (let i = 0; i < 20; i++) {
        const batch = await clinicalExportBatch(deps, spec, who, after, 3, null);
        if (!batch.cursors.length) break;
        seen.push(...batch.resources.map((r) => r.id!));
        after = batch.cursors.at(-1)!;
      }
      const all = (await entries(`/${spec.type}?_count=100`)).map((r: any) => r.id);
      expect(seen.length, spec.type).toBe(all.length);
      expect([...seen].sort(), spec.type).toEqual([...all].sort());
    }
  });

  it('exports the clinical types in the bulk export, audited per patient', async () => {
    const exportReads = async () => (await ctx.database.query<{ n: number }>(
      `select count(*)::int as n from audit_log where company_id = $1 and action = 'read' and changes->>'via' = 'fhir_export_Observation'`, [a.companyId]))[0]!.n;
    const readsBefore = await exportReads();
    const files = await bulkExport(ctx.app, a.token, 'Encounter,Observation,Condition,AllergyIntolerance');
    expect(Object.fromEntries(Object.entries(files).map(([type, f]) => [type, f.count]))).toEqual({ Encounter: 2, Observation: 12, Condition: 2, AllergyIntolerance: 2 });
    for (const f of Object.values(files)) {
      const lines = f.body.trim().split('\n').map((l) => JSON.parse(l));
      expect(lines).toHaveLength(f.count);
      for (const r of lines) fhirValid(r);
      expect(f.body).not.toContain(SECRET);
    }
    const observations = files.Observation!.body.trim().split('\n').map((l) => JSON.parse(l));
    expect(observations.filter((o) => o.meta.security !== undefined).map((o) => [o.id, o.meta.security])).toEqual([[`${ids.privateSet}-weight`, [RESTRICTED]]]);
    // One read per patient of the batch: the Observations are of both patients.
    expect(await exportReads()).toBe(readsBefore + 2);
  });
});
