import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { insertClinic } from '../modules/appointments/fixtures.js';
import { clinicalTest, type ClinicalTest } from './clinical-fixtures.js';
import { auth, body, multipart, signInStaff } from './harness.js';

/*
 * How the tests of a sensitive encounter start: the clinical test's company, doctor, receptionist and patient, plus
 * another doctor and a nurse. The doctor's encounter prescribed Retrozid (issued: it joined the patient's current
 * medications), listed a medication by hand (Darunavirex) and ordered a viral load (collected and resulted by the
 * nurse); then its note was marked sensitive. A plain visit's draft prescription (Panadol), order (fasting glucose) and
 * a medication listed without a visit (Vitamin D) are there to be shown as always.
 */

const CATALOGUE = [
  'name,generic name,form,strength,Arabic name',
  'Retrozid,Zidovudinol,Tablet,300 mg,ريتروزيد',
  'Zidorex,Zidovudinol,Tablet,100 mg,زيدوركس',
  'Panadol,Paracetamol,Tablet,500 mg,بنادول',
].join('\n');

/** Every trace of what the sensitive encounter prescribed, ordered and listed that a masked answer must not carry. */
export const SECRETS = [
  'Retrozid', 'Zidovudinol', 'ريتروزيد', 'Take with the evening meal', 'HIVVL', 'Viral load', 'الحمل الفيروسي', 'Copies', 'Confidential follow-up',
  'Undetectable', 'Darunavirex', 'Keep away from the family',
];
export const expectNoSecret = (text: string) => { for (const s of SECRETS) expect(text, s).not.toContain(s); };

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Ids = Record<'prescription' | 'plainPrescription' | 'order' | 'plainOrder' | 'rxMedication' | 'listedMedication' | 'plainMedication', string>;

export interface SensitiveTest extends ClinicalTest {
  otherDoctor: string;
  nurse: string;
  clinicId: string;
  /** The catalogue's drugs by name. */
  drugs: Record<string, string>;
  sensitiveEncounter: string;
  ids: Ids;
  req: (token: string, method: Method, url: string, payload?: unknown, lang?: string) => Promise<LightMyRequestResponse>;
}

export const rxItem = (medication: string, instructions = '') => ({ medication, dose: 1, unit: 'tablet', route: 'oral', frequency: 'BID', durationDays: 30, quantity: 60, instructions });

export async function sensitiveRecordTest(opts: Parameters<typeof clinicalTest>[0]): Promise<SensitiveTest> {
  const base = await clinicalTest(opts);
  const { ctx, a, doctor, patientId } = base;
  const req: SensitiveTest['req'] = (token, method, url, payload, lang) =>
    ctx.app.inject({ method, url, headers: auth(token, lang), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
  const created = async (res: LightMyRequestResponse) => {
    expect([200, 201], res.body).toContain(res.statusCode);
    return body(res).data as { _id: string; number: string; version: number; items: Array<{ _id: string }> };
  };

  const otherDoctor = await signInStaff(ctx, a, { name: 'Dr. Fadi Cover', username: 'srx_other', email: 'srx_other@a.test', employeeType: 'Doctor', roleNames: ['Doctor'] });
  const nurse = await signInStaff(ctx, a, { name: 'Nurse Hala', username: 'srx_nurse', email: 'srx_nurse@a.test', employeeType: 'Nurse', roleNames: ['Nurse'] });
  const clinicId = (await insertClinic(ctx.database.db, a.companyId, { name: 'Private Clinic' })).id;
  const form = await multipart([], [{ field: 'file', filename: 'c.csv', type: 'text/csv', data: Buffer.from(CATALOGUE) }]);
  await created(await ctx.app.inject({ method: 'POST', url: '/api/medications/import', headers: { ...auth(a.token), 'content-type': form.contentType }, payload: form.payload }));
  const drugs: Record<string, string> = {};
  for (const r of await ctx.database.query<{ id: string; name: string }>(`select id, name from medications where company_id = $1`, [a.companyId])) drugs[r.name] = r.id;
  const catalogue = async (payload: Record<string, unknown>) => (await created(await req(a.token, 'POST', '/api/order-catalogue', { clinic: clinicId, kind: 'lab', ...payload })))._id;
  const viralLoad = await catalogue({
    code: 'HIVVL', nameEn: 'Viral load', nameAr: 'الحمل الفيروسي',
    analytes: [{ code: 'VL', nameEn: 'Copies', nameAr: 'نسخ', unit: 'copies/mL', low: 0, high: 50, criticalLow: null, criticalHigh: null }],
  });
  const glucose = await catalogue({ code: 'FBG', nameEn: 'Fasting glucose', nameAr: 'سكر صائم' });
  const placeOrder = async (item: string, extra: Record<string, unknown>) => created(await req(doctor, 'POST', `/api/patients/${patientId}/orders`, { clinic: clinicId, items: [item], ...extra }));
  const listMedication = async (payload: Record<string, unknown>) => (await created(await req(doctor, 'POST', `/api/patients/${patientId}/medications`, { route: 'oral', frequency: 'BID', ...payload })))._id;

  const sensitiveEncounter = (await created(await req(doctor, 'POST', '/api/encounters', { patient: patientId })))._id;
  const rx = await created(await req(doctor, 'POST', `/api/patients/${patientId}/prescriptions`, { clinic: clinicId, encounter: sensitiveEncounter, items: [rxItem(drugs.Retrozid!, 'Take with the evening meal')] }));
  // Issued: the drug joins the patient's current medications, which every later check reads.
  await created(await req(doctor, 'POST', `/api/prescriptions/${rx._id}/issue`, { version: rx.version, acknowledgements: [] }));
  const [fromRx] = await ctx.database.query<{ id: string }>(`select id from patient_medications where prescription_id = $1`, [rx._id]);
  const order = await placeOrder(viralLoad, { encounter: sensitiveEncounter, notes: 'Confidential follow-up' });
  await created(await req(nurse, 'POST', `/api/orders/${order._id}/collect`, { version: order.version }));
  await created(await req(nurse, 'POST', '/api/orders/results', { number: order.number, values: [{ item: order.items[0]!._id, analyte: 'VL', value: 20 }], note: 'Undetectable' }));
  const ids: Ids = {
    prescription: rx._id,
    plainPrescription: (await created(await req(doctor, 'POST', `/api/patients/${patientId}/prescriptions`, { clinic: clinicId, items: [rxItem(drugs.Panadol!)] })))._id,
    order: order._id,
    plainOrder: (await placeOrder(glucose, {}))._id,
    rxMedication: fromRx!.id,
    listedMedication: await listMedication({ name: 'Darunavirex', dose: 2, unit: 'tablet', notes: 'Keep away from the family', encounter: sensitiveEncounter }),
    plainMedication: await listMedication({ name: 'Vitamin D' }),
  };

  const note = body(await req(doctor, 'GET', `/api/encounters/${sensitiveEncounter}`)).data.note;
  await created(await req(doctor, 'PUT', `/api/encounters/${sensitiveEncounter}/note`, { version: note.version, content: {}, sensitive: true }));
  return { ...base, otherDoctor, nurse, clinicId, drugs, sensitiveEncounter, ids, req };
}
