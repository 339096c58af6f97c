import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertClinic, insertPatient } from '../../appointments/fixtures.js';
import { rolePermissions, roles } from '../../../db/schema/index.js';
import { auth, body, createOrg, createTestContext, linkSessionOf, multipart, signInStaff, type TestContext, type TestOrg } from '../../../test/harness.js';
import { bulkExport, fhirValid, loadR4Definitions } from '../fixtures.js';
import { RESTRICTED } from '../fhir.resources.js';

/**
 * Prescriptions and orders through FHIR R4 (MedicationRequest, ServiceRequest, DiagnosticReport), made through the
 * product's own routes: every resource passes the R4 validator, statuses, codes, timing and results map as documented,
 * those of an encounter whose note is sensitive carry the restricted label, reads need clinical_read and are audited,
 * another company sees none, and the bulk export carries them.
 */

const BASE = '/api/fhir/R4';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const CATALOGUE = ['name,generic name,form,strength,Arabic name', 'Amoxil,Amoxicillin,Capsule,500 mg,أموكسيل', 'Panadol,Paracetamol,Tablet,500 mg,بنادول'].join('\n');
let ctx: TestContext;
let a: TestOrg;
let b: TestOrg;
let doctor: string;
let nurse: string;
let reception: string;
const ids: Record<string, string> = {};

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: auth(token), ...(payload ? { payload } : {}) });
const ok = async (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) => {
  const res = await call(token, method, url, payload);
  expect(res.statusCode, `${url}: ${res.body}`).toBeLessThan(300);
  return body(res).data;
};
const get = (path: string, token = a.token) => ctx.app.inject({ method: 'GET', url: `${BASE}${path}`, headers: auth(token) });
const read = async (path: string, token = a.token) => {
  const res = await get(path, token);
  expect(res.statusCode, `${path}: ${res.body}`).toBe(200);
  const resource = res.json();
  fhirValid(resource);
  return resource;
};
const entries = async (path: string, token = a.token) => ((await read(path, token)).entry ?? []).map((e: any) => e.resource);
const item = (medication: string, extra: object = {}) => ({ medication, dose: 500, unit: 'mg', route: 'oral', frequency: 'BID', durationDays: 7, quantity: 7000, ...extra });

beforeAll(async () => {
  loadR4Definitions();
  ctx = await createTestContext();
  a = await createOrg(ctx, { name: 'Al Noor' });
  b = await createOrg(ctx, { name: 'Other' });
  doctor = await signInStaff(ctx, a, { name: 'Dr. Huda Saleh', username: 'huda.fhir', email: 'huda.fhir@example.test', employeeType: 'Doctor', roleNames: ['Doctor'] });
  nurse = await signInStaff(ctx, a, { name: 'Nurse Laila', username: 'laila.fhir', email: 'laila.fhir@example.test', employeeType: 'Nurse', roleNames: ['Nurse'] });
  // A front-office feed: FHIR access but no clinical_read.
  const [role] = await ctx.database.db.insert(roles).values({ companyId: a.companyId, name: 'FHIR reader' }).returning();
  await ctx.database.db.insert(rolePermissions).values(['fhir_read', 'patient_read'].map((permission) => ({ companyId: a.companyId, roleId: role!.id, permission })));
  reception = await signInStaff(ctx, { ...a, roleIds: new Map([['FHIR reader', role!.id]]) }, {
    name: 'Front office feed', username: 'feed.fhir', email: 'feed.fhir@example.test', employeeType: 'Administrative', roleNames: ['FHIR reader'],
  });
  ids.doctor = linkSessionOf(doctor).employeeId;
  ids.clinic = (await insertClinic(ctx.database.db, a.companyId, { name: 'Olaya Clinic', timeZone: 'Asia/Riyadh', workingHours: [] })).id;
  ids.patient = (await insertPatient(ctx.database.db, a.companyId, { name: 'Mohammed Abdullah' })).id;
  const form = await multipart([], [{ field: 'file', filename: 'c.csv', type: 'text/csv', data: Buffer.from(CATALOGUE) }]);
  const imported = await ctx.app.inject({ method: 'POST', url: '/api/medications/import', headers: { ...auth(a.token), 'content-type': form.contentType }, payload: form.payload });
  expect(imported.statusCode, imported.body).toBe(200);
  const drugs = Object.fromEntries((await ctx.database.query<{ id: string; name: string }>(`select id, name from medications where company_id = $1`, [a.companyId])).map((r) => [r.name, r.id]));
  ids.amoxil = drugs.Amoxil!;

  // An issued Arabic prescription (twice daily by mouth; paracetamol as needed), a cancelled one, an expired one and a draft.
  const rx = async (items: object[], extra: object = {}) => ok(doctor, 'POST', `/api/patients/${ids.patient}/prescriptions`, { clinic: ids.clinic, items, ...extra });
  // Each issue puts the drugs on the patient's list, so the next one warns of a duplicate: acknowledged with a reason.
  const issue = async (p: { _id: string; version: number }) => {
    const url = `/api/prescriptions/${p._id}/issue`;
    const first = await call(doctor, 'POST', url, { version: p.version, acknowledgements: [] });
    if (first.statusCode < 300) return body(first).data;
    const keys = Object.keys(body(first).message.fields).map((f) => f.replace(/^acknowledgements\./, ''));
    return ok(doctor, 'POST', url, { version: p.version, acknowledgements: keys.map((key) => ({ key, reason: 'Course repeated on purpose' })) });
  };
  const issued = await issue(await rx([item(drugs.Amoxil!), item(drugs.Panadol!, { dose: 2, unit: 'tablet', frequency: 'PRN', quantity: 20, instructions: 'For fever' })], { language: 'ar' }));
  const cancelled = await issue(await rx([item(drugs.Amoxil!, { route: 'iv', frequency: 'Q8H' })], { language: 'en' }));
  await ok(doctor, 'POST', `/api/prescriptions/${cancelled._id}/cancel`, { reason: 'Wrong patient', version: cancelled.version });
  const expired = await issue(await rx([item(drugs.Amoxil!, { frequency: 'STAT', quantity: 1 })], { language: 'en', validDays: 1 }));
  await ctx.database.query(`alter table prescriptions disable trigger user`);
  await ctx.database.query(`update prescriptions set issued_at = issued_at - interval '10 days', valid_until = valid_until - 10 where id = $1`, [expired._id]);
  await ctx.database.query(`alter table prescriptions enable trigger user`);
  const draft = await rx([item(drugs.Amoxil!, { frequency: 'QHS' })], { language: 'en' });
  const itemsOf = async (id: string) => (await ctx.database.query<{ id: string }>(`select id from prescription_items where prescription_id = $1 order by position`, [id])).map((r) => r.id);
  const [rxAmoxil, rxPanadol] = await itemsOf(issued._id);
  Object.assign(ids, { rxAmoxil, rxPanadol, rxCancelled: (await itemsOf(cancelled._id))[0], rxExpired: (await itemsOf(expired._id))[0], rxDraft: (await itemsOf(draft._id))[0] });
  ids.rxNumber = issued.number;

  // The order catalogue, a resulted lab order (two tests), an urgent imaging order resulted with a PDF, a cancelled one.
  const catalogue = async (payload: object) => (await ok(a.token, 'POST', '/api/order-catalogue', { clinic: ids.clinic, ...payload }))._id as string;
  const cbc = await catalogue({
    code: 'CBC', nameEn: 'Complete blood count', nameAr: 'تعداد الدم الكامل', kind: 'lab', analytes: [
      { code: 'HGB', nameEn: 'Haemoglobin', nameAr: 'الهيموغلوبين', unit: 'g/dL', low: 12, high: 16, criticalLow: 7, criticalHigh: 20 },
      { code: 'WBC', nameEn: 'White cells', nameAr: 'كريات بيضاء', unit: '10^9/L', low: 4, high: 11 },
    ],
  });
  const glucose = await catalogue({ code: 'FBG', nameEn: 'Fasting glucose', nameAr: 'سكر صائم', kind: 'lab', analytes: [{ code: 'GLU', nameEn: 'Glucose', nameAr: 'الجلوكوز', unit: 'mmol/L', low: 3.9, high: 5.5 }] });
  const xray = await catalogue({ code: 'CXR', nameEn: 'Chest X-ray', nameAr: 'أشعة الصدر', kind: 'imaging' });
  const order = (items: string[], extra: object = {}) => ok(doctor, 'POST', `/api/patients/${ids.patient}/orders`, { clinic: ids.clinic, items, ...extra });
  const lab = await order([cbc, glucose]);
  const collected = await ok(nurse, 'POST', `/api/orders/${lab._id}/collect`, { version: lab.version });
  const [cbcItem, glucoseItem] = lab.items.map((i: { _id: string }) => i._id);
  await ok(nurse, 'POST', '/api/orders/results', { number: lab.number, values: [
    { item: cbcItem, analyte: 'HGB', value: 10.5 }, { item: cbcItem, analyte: 'WBC', value: 6 }, { item: glucoseItem, analyte: 'GLU', value: 5 },
  ] });
  expect(collected.status).toBe('collected');
  const imaging = await order([xray], { priority: 'urgent', notes: 'Cough for three weeks' });
  const m = await multipart([['number', imaging.number], ['note', 'No consolidation']], [{ field: 'file', filename: 'report.pdf', type: 'application/pdf', data: PDF }]);
  const doc = await ctx.app.inject({ method: 'POST', url: '/api/orders/results/document', payload: m.payload, headers: { ...auth(nurse), 'content-type': m.contentType } });
  expect(doc.statusCode, doc.body).toBe(200);
  const open = await order([glucose]);
  const cancelledOrder = await order([glucose]);
  await ok(doctor, 'POST', `/api/orders/${cancelledOrder._id}/cancel`, { reason: 'Duplicate', version: cancelledOrder.version });
  Object.assign(ids, {
    cbcItem, glucoseItem, labNumber: lab.number, xrayItem: imaging.items[0]._id, openItem: open.items[0]._id, cancelledItem: cancelledOrder.items[0]._id,
  });

  // Another patient seen twice: an issued prescription and a resulted glucose order at each visit; the first visit's
  // note is then marked sensitive, the second's is not.
  ids.private = (await insertPatient(ctx.database.db, a.companyId, { name: 'Sara Private' })).id;
  for (const visit of ['sensitive', 'plain'] as const) {
    const encounter = (await ok(doctor, 'POST', '/api/encounters', { patient: ids.private }))._id as string;
    const p = await ok(doctor, 'POST', `/api/patients/${ids.private}/prescriptions`, {
      clinic: ids.clinic, encounter, language: 'en', items: [item(visit === 'sensitive' ? drugs.Amoxil! : drugs.Panadol!)],
    });
    await issue(p);
    const o = await ok(doctor, 'POST', `/api/patients/${ids.private}/orders`, { clinic: ids.clinic, encounter, items: [glucose] });
    await ok(nurse, 'POST', `/api/orders/${o._id}/collect`, { version: o.version });
    await ok(nurse, 'POST', '/api/orders/results', { number: o.number, values: [{ item: o.items[0]._id, analyte: 'GLU', value: 4.8 }] });
    Object.assign(ids, { [`${visit}Encounter`]: encounter, [`${visit}Rx`]: (await itemsOf(p._id))[0], [`${visit}Item`]: o.items[0]._id });
  }
  const note = (await ok(doctor, 'GET', `/api/encounters/${ids.sensitiveEncounter}`)).note;
  ids.beforeMark = new Date(Date.now() - 1).toISOString();
  await new Promise((r) => setTimeout(r, 5));
  await ok(doctor, 'PUT', `/api/encounters/${ids.sensitiveEncounter}/note`, { version: note.version, content: {}, sensitive: true });
}, 120_000);
afterAll(() => ctx?.close());

describe('FHIR R4: prescriptions, orders and results', () => {
  it('lists the three types in the CapabilityStatement and serves each as valid R4', async () => {
    const cs = (await ctx.app.inject({ method: 'GET', url: `${BASE}/metadata` })).json();
    const listed = Object.fromEntries(cs.rest[0].resource.map((r: any) => [r.type, r.searchParam.map((p: any) => p.name)]));
    expect(listed.MedicationRequest).toEqual(expect.arrayContaining(['_id', 'patient', 'status', 'authoredon']));
    expect(listed.ServiceRequest).toEqual(expect.arrayContaining(['_id', 'patient', 'requisition', 'category']));
    expect(listed.DiagnosticReport).toEqual(expect.arrayContaining(['_id', 'patient', 'based-on', 'category']));
    expect((await entries('/MedicationRequest?_count=100')).length).toBe(7);
    expect((await entries('/ServiceRequest?_count=100')).length).toBe(7);
    expect((await entries('/DiagnosticReport?_count=100')).length).toBe(5);
  });

  it('MedicationRequest: one per item, status from the prescription and its validity, the dosage written and structured', async () => {
    const amoxil = await read(`/MedicationRequest/${ids.rxAmoxil}`);
    expect(amoxil).toMatchObject({
      status: 'active', intent: 'order', groupIdentifier: { value: ids.rxNumber },
      medicationCodeableConcept: { coding: [{ system: 'urn:clinic:medication', code: ids.amoxil, display: 'Amoxil' }], text: 'Amoxil 500 mg Capsule' },
      subject: { reference: `Patient/${ids.patient}` }, requester: { reference: `Practitioner/${ids.doctor}` },
      dispenseRequest: { quantity: { value: 7000, code: 'mg' }, expectedSupplyDuration: { value: 7, code: 'd' } },
    });
    expect(amoxil.medicationCodeableConcept.coding[0]._display.extension[0].extension[1].valueString).toBe('أموكسيل');
    const dosage = amoxil.dosageInstruction[0];
    expect(dosage.text).toContain('مرتين يومياً');
    expect(dosage.timing.repeat).toMatchObject({ frequency: 2, period: 1, periodUnit: 'd', boundsDuration: { value: 7, code: 'd' } });
    expect(dosage.route.coding[0]).toMatchObject({ system: 'http://snomed.info/sct', code: '26643006' });
    expect(dosage.doseAndRate[0].doseQuantity).toEqual({ value: 500, unit: 'mg', system: 'http://unitsofmeasure.org', code: 'mg' });
    expect(amoxil.authoredOn).toBeDefined();
    expect(amoxil.dispenseRequest.validityPeriod.end).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    const prn = await read(`/MedicationRequest/${ids.rxPanadol}`);
    expect(prn.dosageInstruction[0]).toMatchObject({ asNeededBoolean: true, patientInstruction: 'For fever', doseAndRate: [{ doseQuantity: { value: 2, unit: 'tablet' } }] });
    expect(prn.dosageInstruction[0].timing?.repeat).toBeUndefined();
    const cancelled = await read(`/MedicationRequest/${ids.rxCancelled}`);
    expect(cancelled).toMatchObject({ status: 'cancelled', statusReason: { text: 'Wrong patient' } });
    expect(cancelled.dosageInstruction[0]).toMatchObject({ timing: { repeat: { frequency: 1, period: 8, periodUnit: 'h' } }, route: { coding: [{ code: '47625008' }] } });
    const expired = await read(`/MedicationRequest/${ids.rxExpired}`);
    expect(expired).toMatchObject({ status: 'completed', dosageInstruction: [{ timing: { repeat: { count: 1 } } }] });
    const draft = await read(`/MedicationRequest/${ids.rxDraft}`);
    expect(draft).toMatchObject({ status: 'draft', dosageInstruction: [{ timing: { repeat: { when: ['HS'] } } }] });
    expect(draft.authoredOn).toBeUndefined();
    expect((await entries(`/MedicationRequest?status=active&patient=${ids.patient}`)).map((r: any) => r.id).sort()).toEqual([ids.rxAmoxil, ids.rxPanadol].sort());
    expect((await entries('/MedicationRequest?status=on-hold'))).toEqual([]);
  });

  it('ServiceRequest: one per test, the order number as requisition, status, category, code and priority', async () => {
    const cbc = await read(`/ServiceRequest/${ids.cbcItem}`);
    expect(cbc).toMatchObject({
      status: 'completed', intent: 'order', priority: 'routine', requisition: { value: ids.labNumber },
      category: [{ coding: [{ system: 'http://snomed.info/sct', code: '108252007' }] }],
      code: { coding: [{ system: 'urn:clinic:order-catalogue', code: 'CBC', display: 'Complete blood count' }] },
      requester: { reference: `Practitioner/${ids.doctor}` }, subject: { reference: `Patient/${ids.patient}` },
    });
    expect(cbc.code.coding[0]._display.extension[0].extension[1].valueString).toBe('تعداد الدم الكامل');
    expect(await read(`/ServiceRequest/${ids.xrayItem}`)).toMatchObject({
      priority: 'urgent', category: [{ coding: [{ code: '363679005' }] }], note: [{ text: 'Cough for three weeks' }],
    });
    expect((await read(`/ServiceRequest/${ids.openItem}`)).status).toBe('active');
    expect((await read(`/ServiceRequest/${ids.cancelledItem}`)).status).toBe('revoked');
    expect((await entries(`/ServiceRequest?requisition=${ids.labNumber}`)).map((r: any) => r.id).sort()).toEqual([ids.cbcItem, ids.glucoseItem].sort());
    expect((await entries(`/ServiceRequest?requisition=${ids.labNumber!.slice(0, 8)}`))).toEqual([]);
    expect((await entries('/ServiceRequest?category=363679005')).map((r: any) => r.id)).toEqual([ids.xrayItem]);
  });

  it('DiagnosticReport: each resulted test, its results contained with ranges and flags, the conclusion, an attached report', async () => {
    const cbc = await read(`/DiagnosticReport/${ids.cbcItem}`);
    expect(cbc).toMatchObject({
      status: 'final', basedOn: [{ reference: `ServiceRequest/${ids.cbcItem}` }], identifier: [{ value: ids.labNumber }],
      category: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0074', code: 'LAB' }] }],
      code: { coding: [{ code: 'CBC' }] }, conclusion: 'Abnormal: Haemoglobin low', result: [{ reference: '#r1' }, { reference: '#r2' }],
    });
    const hgb = cbc.contained.find((o: any) => o.code.coding[0].code === 'HGB');
    expect(hgb).toMatchObject({
      resourceType: 'Observation', status: 'final', valueQuantity: { value: 10.5, unit: 'g/dL' },
      referenceRange: [{ low: { value: 12 }, high: { value: 16 } }], interpretation: [{ coding: [{ code: 'L' }] }],
    });
    expect((await read(`/DiagnosticReport/${ids.glucoseItem}`)).conclusion).toBe('Within reference ranges');
    const xray = await read(`/DiagnosticReport/${ids.xrayItem}`);
    expect(xray).toMatchObject({
      category: [{ coding: [{ code: 'RAD' }] }], conclusion: 'No consolidation',
      presentedForm: [{ contentType: 'application/pdf', title: 'report.pdf', size: PDF.length }],
    });
    expect(xray.contained).toBeUndefined();
    expect((await get(`/DiagnosticReport/${ids.openItem}`)).statusCode).toBe(404);
    expect((await entries(`/DiagnosticReport?based-on=ServiceRequest/${ids.xrayItem}`)).map((r: any) => r.id)).toEqual([ids.xrayItem]);
    expect((await entries('/DiagnosticReport?category=RAD')).map((r: any) => r.id)).toEqual([ids.xrayItem]);
  });

  it('labels what was prescribed, ordered and resulted at an encounter whose note is sensitive as restricted, in search and read', async () => {
    const labelled = (r: any) => r.meta.security !== undefined;
    for (const type of ['MedicationRequest', 'ServiceRequest', 'DiagnosticReport']) {
      const id = (visit: 'sensitive' | 'plain') => ids[type === 'MedicationRequest' ? `${visit}Rx` : `${visit}Item`]!;
      const sensitive = await read(`/${type}/${id('sensitive')}`);
      expect(sensitive.meta.security, type).toEqual([RESTRICTED]);
      expect(sensitive.encounter, type).toEqual({ reference: `Encounter/${ids.sensitiveEncounter}` });
      const plain = await read(`/${type}/${id('plain')}`);
      expect(plain.meta.security, type).toBeUndefined();
      expect(plain.encounter, type).toEqual({ reference: `Encounter/${ids.plainEncounter}` });
      // Exported as they are, not withheld or blanked: the same status as the plain one's.
      expect(sensitive.status, type).toBe(plain.status);

      const found = await entries(`/${type}?patient=${ids.private}`);
      expect(found.filter(labelled).map((r: any) => r.id), type).toEqual([id('sensitive')]);
      expect(found.map((r: any) => r.id).sort(), type).toEqual([id('sensitive'), id('plain')].sort());
      expect((await entries(`/${type}?encounter=Encounter/${ids.sensitiveEncounter}`)).map((r: any) => [r.id, r.meta.security]), type)
        .toEqual([[id('sensitive'), [RESTRICTED]]]);
      // Nothing of the other patient, whose encounters are not sensitive, carries it.
      expect((await entries(`/${type}?patient=${ids.patient}&_count=100`)).filter(labelled), type).toEqual([]);
    }
  });

  it('needs clinical_read, audits the patients read, and keeps each company to its own', async () => {
    for (const type of ['MedicationRequest', 'ServiceRequest', 'DiagnosticReport']) {
      expect((await get(`/${type}`, reception)).statusCode, type).toBe(403);
      expect((await get(`/Patient`, reception)).statusCode).toBe(200);
      expect(await entries(`/${type}`, b.token), type).toEqual([]);
    }
    expect((await get(`/MedicationRequest/${ids.rxAmoxil}`, b.token)).statusCode).toBe(404);
    const reads = async () => (await ctx.database.query<{ n: number }>(
      `select count(*)::int as n from audit_log where company_id = $1 and entity = 'patient' and entity_id = $2 and action = 'read' and changes->>'via' = 'fhir_DiagnosticReport'`,
      [a.companyId, ids.patient]))[0]!.n;
    const before = await reads();
    await read(`/DiagnosticReport/${ids.cbcItem}`);
    expect(await reads()).toBe(before + 1);
  });

  it('exports the three types in the bulk export, those of the sensitive encounter labelled restricted', async () => {
    const files = await bulkExport(ctx.app, a.token, 'MedicationRequest,ServiceRequest,DiagnosticReport');
    expect(Object.fromEntries(Object.entries(files).map(([type, f]) => [type, f.count]))).toEqual({ MedicationRequest: 7, ServiceRequest: 7, DiagnosticReport: 5 });
    for (const f of Object.values(files)) for (const line of f.body.trim().split('\n')) fhirValid(JSON.parse(line));
    const labelled = (type: string) => files[type]!.body.trim().split('\n').map((l) => JSON.parse(l))
      .filter((r) => r.meta.security !== undefined).map((r) => [r.id, r.meta.security]);
    expect(labelled('MedicationRequest')).toEqual([[ids.sensitiveRx, [RESTRICTED]]]);
    expect(labelled('ServiceRequest')).toEqual([[ids.sensitiveItem, [RESTRICTED]]]);
    expect(labelled('DiagnosticReport')).toEqual([[ids.sensitiveItem, [RESTRICTED]]]);
  });

  it('re-sends what was recorded at an encounter to an export since its sensitive mark changed, labelled as it now is', async () => {
    const types = 'Encounter,MedicationRequest,ServiceRequest,DiagnosticReport';
    const shown = (files: Record<string, { body: string }>) => Object.fromEntries(Object.entries(files).map(([type, f]) => [
      type, f.body.trim().split('\n').filter(Boolean).map((l) => JSON.parse(l)).map((r) => [r.id, r.meta.security ?? null]),
    ]));
    // Everything was written before the mark: only the marked encounter's records come again, with the label.
    expect(shown(await bulkExport(ctx.app, a.token, types, ids.beforeMark))).toEqual({
      Encounter: [[ids.sensitiveEncounter, [RESTRICTED]]], MedicationRequest: [[ids.sensitiveRx, [RESTRICTED]]],
      ServiceRequest: [[ids.sensitiveItem, [RESTRICTED]]], DiagnosticReport: [[ids.sensitiveItem, [RESTRICTED]]],
    });
    const beforeLift = new Date(Date.now() - 1).toISOString();
    expect(shown(await bulkExport(ctx.app, a.token, types, beforeLift))).toEqual({ Encounter: [], MedicationRequest: [], ServiceRequest: [], DiagnosticReport: [] });
    // The doctor lifts the mark: the same records come again, without it; then marks it again.
    const setMark = async (sensitive: boolean) => {
      const note = (await ok(doctor, 'GET', `/api/encounters/${ids.sensitiveEncounter}`)).note;
      await ok(doctor, 'PUT', `/api/encounters/${ids.sensitiveEncounter}/note`, { version: note.version, content: {}, sensitive });
    };
    await setMark(false);
    expect(shown(await bulkExport(ctx.app, a.token, types, beforeLift))).toEqual({
      Encounter: [[ids.sensitiveEncounter, null]], MedicationRequest: [[ids.sensitiveRx, null]], ServiceRequest: [[ids.sensitiveItem, null]], DiagnosticReport: [[ids.sensitiveItem, null]],
    });
    await setMark(true);
  });
});
