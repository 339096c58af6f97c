import { beforeAll, describe, expect, it } from 'vitest';
import type { ChartEntry } from '@clinic/shared';
import { insertClinic } from '../appointments/fixtures.js';
import { clinicalTest } from '../../test/clinical-fixtures.js';
import { auth, body, multipart, signInStaff } from '../../test/harness.js';

/*
 * Prescriptions and orders written at a sensitive encounter are as protected as its note: anyone but its doctor sees
 * each one masked in the chart and in the patient's lists (there, with its id, time, status and encounter, but no
 * drug, test, result or note), while the safety checks keep reading the real medications.
 */
const { ctx, a, doctor, reception, patientId } = await clinicalTest({
  orgs: ['Private Rx North', 'Private Rx South'],
  doctor: { name: 'Dr. Nadia Private', username: 'srx_doctor', email: 'srx_doctor@a.test' },
  reception: { name: 'Desk Srx', username: 'srx_desk', email: 'srx_desk@a.test' },
  patient: 'Rami Private',
});
let otherDoctor: string;
let nurse: string;
let clinicId: string;
let sensitiveEncounter: string;
const drugs: Record<string, string> = {};
const ids = {} as Record<'prescription' | 'plainPrescription' | 'order' | 'plainOrder', string>;

const CATALOGUE = [
  'name,generic name,form,strength,Arabic name',
  'Retrozid,Zidovudinol,Tablet,300 mg,ريتروزيد',
  'Zidorex,Zidovudinol,Tablet,100 mg,زيدوركس',
  'Panadol,Paracetamol,Tablet,500 mg,بنادول',
].join('\n');

/** Every trace of what the sensitive encounter prescribed and ordered that a masked answer must not carry. */
const SECRETS = ['Retrozid', 'Zidovudinol', 'ريتروزيد', 'Take with the evening meal', 'HIVVL', 'Viral load', 'الحمل الفيروسي', 'Copies', 'Confidential follow-up', 'Undetectable'];
const expectNoSecret = (text: string) => { for (const s of SECRETS) expect(text, s).not.toContain(s); };

type Method = 'GET' | 'POST' | 'PUT';
const req = (token: string, method: Method, url: string, payload?: unknown) =>
  ctx.app.inject({ method, url, headers: auth(token), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
const rxItem = (medication: string, instructions = '') => ({ medication, dose: 1, unit: 'tablet', route: 'oral', frequency: 'BID', durationDays: 30, quantity: 60, instructions });

async function placeOrder(catalogueItem: string, extra: Record<string, unknown>) {
  const res = await req(doctor, 'POST', `/api/patients/${patientId}/orders`, { clinic: clinicId, items: [catalogueItem], ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return body(res).data as { _id: string; number: string; version: number; items: Array<{ _id: string }> };
}

beforeAll(async () => {
  otherDoctor = await signInStaff(ctx, a, { name: 'Dr. Fadi Cover', username: 'srx_other', email: 'srx_other@a.test', employeeType: 'Doctor', roleNames: ['Doctor'] });
  nurse = await signInStaff(ctx, a, { name: 'Nurse Hala', username: 'srx_nurse', email: 'srx_nurse@a.test', employeeType: 'Nurse', roleNames: ['Nurse'] });
  clinicId = (await insertClinic(ctx.database.db, a.companyId, { name: 'Private Clinic' })).id;
  const form = await multipart([], [{ field: 'file', filename: 'c.csv', type: 'text/csv', data: Buffer.from(CATALOGUE) }]);
  const imported = await ctx.app.inject({ method: 'POST', url: '/api/medications/import', headers: { ...auth(a.token), 'content-type': form.contentType }, payload: form.payload });
  expect(imported.statusCode, imported.body).toBe(200);
  for (const r of await ctx.database.query<{ id: string; name: string }>(`select id, name from medications where company_id = $1`, [a.companyId])) drugs[r.name] = r.id;
  const catalogue = async (payload: Record<string, unknown>) => {
    const res = await req(a.token, 'POST', '/api/order-catalogue', { clinic: clinicId, kind: 'lab', ...payload });
    expect(res.statusCode, res.body).toBe(201);
    return body(res).data._id as string;
  };
  const viralLoad = await catalogue({
    code: 'HIVVL', nameEn: 'Viral load', nameAr: 'الحمل الفيروسي',
    analytes: [{ code: 'VL', nameEn: 'Copies', nameAr: 'نسخ', unit: 'copies/mL', low: 0, high: 50, criticalLow: null, criticalHigh: null }],
  });
  const glucose = await catalogue({ code: 'FBG', nameEn: 'Fasting glucose', nameAr: 'سكر صائم' });

  sensitiveEncounter = body(await req(doctor, 'POST', '/api/encounters', { patient: patientId })).data._id;
  const rx = await req(doctor, 'POST', `/api/patients/${patientId}/prescriptions`, { clinic: clinicId, encounter: sensitiveEncounter, items: [rxItem(drugs.Retrozid!, 'Take with the evening meal')] });
  expect(rx.statusCode, rx.body).toBe(201);
  ids.prescription = body(rx).data._id;
  // Issued: the drug joins the patient's current medications, which every later check reads.
  const issued = await req(doctor, 'POST', `/api/prescriptions/${ids.prescription}/issue`, { version: body(rx).data.version, acknowledgements: [] });
  expect(issued.statusCode, issued.body).toBe(200);
  const plain = await req(doctor, 'POST', `/api/patients/${patientId}/prescriptions`, { clinic: clinicId, items: [rxItem(drugs.Panadol!)] });
  ids.plainPrescription = body(plain).data._id;

  const order = await placeOrder(viralLoad, { encounter: sensitiveEncounter, notes: 'Confidential follow-up' });
  ids.order = order._id;
  const collected = await req(nurse, 'POST', `/api/orders/${order._id}/collect`, { version: order.version });
  expect(collected.statusCode, collected.body).toBe(200);
  const resulted = await req(nurse, 'POST', '/api/orders/results', { number: order.number, values: [{ item: order.items[0]!._id, analyte: 'VL', value: 20 }], note: 'Undetectable' });
  expect(resulted.statusCode, resulted.body).toBe(200);
  ids.plainOrder = (await placeOrder(glucose, {}))._id;

  const note = body(await req(doctor, 'GET', `/api/encounters/${sensitiveEncounter}`)).data.note;
  const marked = await req(doctor, 'PUT', `/api/encounters/${sensitiveEncounter}/note`, { version: note.version, content: {}, sensitive: true });
  expect(marked.statusCode, marked.body).toBe(200);
}, 60_000);

describe('prescriptions and orders of a sensitive encounter', () => {
  it('are masked on the chart for another doctor and a nurse: the entries stay, without drugs, tests or numbers', async () => {
    for (const token of [otherDoctor, nurse]) {
      const res = await req(token, 'GET', `/api/patients/${patientId}/chart?kinds=prescription,order,result&limit=100`);
      expect(res.statusCode, res.body).toBe(200);
      expectNoSecret(res.body);
      const data = body<{ data: ChartEntry[] }>(res).data;
      const masked = (kind: string, id: string) => data.find((e) => e.kind === kind && e._id === id);
      expect(masked('prescription', ids.prescription)).toEqual({
        kind: 'prescription', _id: ids.prescription, at: expect.any(String), title: null, detail: null, status: 'issued',
        author: expect.objectContaining({ name: 'Dr. Nadia Private' }), link: { page: 'encounter', id: sensitiveEncounter }, encounter: null, restricted: true,
      });
      expect(masked('order', ids.order)).toMatchObject({ title: null, detail: null, status: 'resulted', link: { page: 'encounter', id: sensitiveEncounter }, restricted: true });
      expect(masked('result', ids.order)).toMatchObject({ title: null, detail: null, status: 'normal', restricted: true });
      // What was written outside the sensitive encounter is shown as always.
      expect(data.filter((e) => !e.restricted).map((e) => [e.kind, e.title?.en]).sort()).toEqual([['order', 'Fasting glucose'], ['prescription', 'Panadol']]);
    }
  });

  it('are masked in the prescriptions and orders lists', async () => {
    const rx = await req(otherDoctor, 'GET', `/api/patients/${patientId}/prescriptions`);
    expect(rx.statusCode, rx.body).toBe(200);
    expectNoSecret(rx.body);
    const rxData = body(rx).data as Array<Record<string, unknown>>;
    expect(rxData.find((p) => p._id === ids.prescription)).toMatchObject({
      status: 'issued', encounter: sensitiveEncounter, items: [], acknowledgements: [], verificationToken: null, restricted: true,
    });
    expect(rxData.find((p) => p._id === ids.plainPrescription)).toMatchObject({ items: [expect.objectContaining({ name: 'Panadol' })] });
    expect(rxData.find((p) => p._id === ids.plainPrescription)).not.toHaveProperty('restricted');

    const orders = await req(nurse, 'GET', `/api/patients/${patientId}/orders`);
    expect(orders.statusCode, orders.body).toBe(200);
    expectNoSecret(orders.body);
    const orderData = body(orders).data as Array<Record<string, unknown>>;
    expect(orderData.find((o) => o._id === ids.order)).toMatchObject({
      status: 'resulted', encounter: sensitiveEncounter, items: [], results: [], notes: '', resultNote: '', resultDocument: null, restricted: true,
    });
    expect(orderData.find((o) => o._id === ids.plainOrder)).toMatchObject({ items: [expect.objectContaining({ nameEn: 'Fasting glucose' })] });
  });

  it('are shown in full to the encounter\'s own doctor', async () => {
    const chart = body<{ data: ChartEntry[] }>(await req(doctor, 'GET', `/api/patients/${patientId}/chart?kinds=prescription,order,result&limit=100`)).data;
    expect(chart.some((e) => e.restricted)).toBe(false);
    expect(chart.find((e) => e._id === ids.prescription)).toMatchObject({ title: { en: 'Retrozid', ar: 'ريتروزيد' } });
    expect(chart.find((e) => e.kind === 'result' && e._id === ids.order)).toMatchObject({ title: { en: 'Viral load', ar: 'الحمل الفيروسي' } });
    const rx = body(await req(doctor, 'GET', `/api/patients/${patientId}/prescriptions`)).data as Array<Record<string, unknown>>;
    expect(rx.find((p) => p._id === ids.prescription)).toMatchObject({ items: [expect.objectContaining({ name: 'Retrozid', instructions: 'Take with the evening meal' })] });
    const orders = body(await req(doctor, 'GET', `/api/patients/${patientId}/orders`)).data as Array<Record<string, unknown>>;
    expect(orders.find((o) => o._id === ids.order)).toMatchObject({ notes: 'Confidential follow-up', resultNote: 'Undetectable', results: [expect.objectContaining({ nameEn: 'Copies', value: 20 })] });
  });

  it('still count in another doctor\'s safety check, which says a restricted medication conflicts without naming it', async () => {
    const check = async (token: string) => {
      const res = await req(token, 'POST', `/api/patients/${patientId}/prescriptions/check`, { items: [{ medication: drugs.Zidorex }] });
      expect(res.statusCode, res.body).toBe(200);
      return res;
    };
    const other = await check(otherDoctor);
    expectNoSecret(other.body);
    expect(body(other).data.warnings).toEqual([expect.objectContaining({ kind: 'duplicate', drugName: 'Zidorex', medicationName: '', sameDrug: false, restricted: true })]);
    // Issuing still needs the warning acknowledged, and what is kept of it does not name the drug either.
    const draft = body(await req(otherDoctor, 'POST', `/api/patients/${patientId}/prescriptions`, { clinic: clinicId, items: [rxItem(drugs.Zidorex!)] })).data;
    const key = body(other).data.warnings[0].key as string;
    const refused = await req(otherDoctor, 'POST', `/api/prescriptions/${draft._id}/issue`, { version: draft.version, acknowledgements: [] });
    expect(refused.statusCode, refused.body).toBe(422);
    const issued = await req(otherDoctor, 'POST', `/api/prescriptions/${draft._id}/issue`, { version: draft.version, acknowledgements: [{ key, reason: 'Dose change agreed with the clinic' }] });
    expect(issued.statusCode, issued.body).toBe(200);
    expect(body(issued).data.acknowledgements).toEqual([expect.objectContaining({ text: 'Zidorex: duplicate of a restricted medication' })]);
    expect(issued.body).not.toContain('Retrozid');
    // The encounter's doctor is told which one.
    expect(body(await check(doctor)).data.warnings).toContainEqual(expect.objectContaining({ medicationName: 'Retrozid', sameDrug: false }));
  });

  it('stay hidden from reception as all clinical records are', async () => {
    expect((await req(reception, 'GET', `/api/patients/${patientId}/prescriptions`)).statusCode).toBe(403);
  });
});
