import { describe, expect, it } from 'vitest';
import type { ChartEntry } from '@clinic/shared';
import { body } from '../../test/harness.js';
import { expectNoSecret, rxItem, sensitiveRecordTest } from '../../test/sensitive-fixtures.js';

/*
 * Prescriptions and orders written at a sensitive encounter are as protected as its note: anyone but its doctor sees
 * each one masked in the chart and in the patient's lists (there, with its id, time, status and encounter, but no
 * drug, test, result or note) and is refused it by its id, while the safety checks keep reading the real medications
 * and the lab its order by number.
 */
const { ctx, a, doctor, reception, patientId, otherDoctor, nurse, clinicId, drugs, sensitiveEncounter, ids, req } = await sensitiveRecordTest({
  orgs: ['Private Rx North', 'Private Rx South'],
  doctor: { name: 'Dr. Nadia Private', username: 'srx_doctor', email: 'srx_doctor@a.test' },
  reception: { name: 'Desk Srx', username: 'srx_desk', email: 'srx_desk@a.test' },
  patient: 'Rami Private',
});

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

  it('are refused to another doctor and a nurse who open one by its id (what the printouts read), naming the encounter to open', async () => {
    for (const token of [otherDoctor, nurse]) {
      for (const url of [`/api/prescriptions/${ids.prescription}`, `/api/orders/${ids.order}`]) {
        const res = await req(token, 'GET', url);
        expect(res.statusCode, url).toBe(403);
        expectNoSecret(res.body);
        expect(body(res).message).toMatchObject({ code: 'SENSITIVE_NOTE', data: { encounterId: sensitiveEncounter } });
      }
    }
    const refused = await req(otherDoctor, 'GET', `/api/orders/${ids.order}`, undefined, 'ar');
    expect(body(refused).message.message).toBe('سُجّل هذا في زيارة ملاحظتها مصنفة حساسة. افتح الزيارة مع ذكر السبب لرؤيته؛ يُسجَّل وصولك ويُبلَّغ المسؤولون');
    // What a plain visit recorded opens as always; the encounter's doctor opens theirs whole.
    expect(body(await req(otherDoctor, 'GET', `/api/prescriptions/${ids.plainPrescription}`)).data.items).toMatchObject([{ name: 'Panadol' }]);
    expect(body(await req(nurse, 'GET', `/api/orders/${ids.plainOrder}`)).data.items).toMatchObject([{ nameEn: 'Fasting glucose' }]);
    expect(body(await req(doctor, 'GET', `/api/prescriptions/${ids.prescription}`)).data.items).toMatchObject([{ name: 'Retrozid', instructions: 'Take with the evening meal' }]);
    expect(body(await req(doctor, 'GET', `/api/orders/${ids.order}`)).data).toMatchObject({ notes: 'Confidential follow-up', resultNote: 'Undetectable' });
  });

  it('are cancelled by their doctor only: another doctor is refused without the order in the answer', async () => {
    const order = body(await req(doctor, 'GET', `/api/orders/${ids.order}`)).data;
    const refused = await req(otherDoctor, 'POST', `/api/orders/${ids.order}/cancel`, { reason: 'Duplicate', version: order.version });
    expect([refused.statusCode, body(refused).message.code]).toEqual([403, 'SENSITIVE_NOTE']);
    expectNoSecret(refused.body);
    expect(body(await req(doctor, 'GET', `/api/orders/${ids.order}`)).data).toMatchObject({ status: 'resulted', version: order.version });
  });

  it('stay readable by the lab through the full order number while the specimen is in its hands, not once resulted', async () => {
    // The visit's doctor orders again and collects the specimen; the lab reads the order by the number on it.
    const [viralLoad] = await ctx.database.query<{ id: string }>(`select id from order_catalogue_items where company_id = $1 and code = 'HIVVL'`, [a.companyId]);
    const placed = body(await req(doctor, 'POST', `/api/patients/${patientId}/orders`, { clinic: clinicId, items: [viralLoad!.id], encounter: sensitiveEncounter })).data;
    expect((await req(doctor, 'POST', `/api/orders/${placed._id}/collect`, { version: placed.version })).statusCode).toBe(200);
    const res = await req(nurse, 'GET', `/api/orders/by-number?number=${encodeURIComponent(placed.number)}`);
    expect(res.statusCode, res.body).toBe(200);
    const order = body(res).data;
    expect(order).toMatchObject({ _id: placed._id, items: [expect.objectContaining({ code: 'HIVVL' })] });
    const entered = await req(nurse, 'POST', '/api/orders/results', { number: placed.number, values: [{ item: order.items[0]._id, analyte: 'VL', value: 40 }] });
    expect(entered.statusCode, entered.body).toBe(200);
    // Resulted, there is nothing left for the lab to do: the number no longer opens it but to its doctor.
    const after = await req(nurse, 'GET', `/api/orders/by-number?number=${encodeURIComponent(placed.number)}`);
    expect(after.statusCode).toBe(403);
    expectNoSecret(after.body);
    expect((await req(doctor, 'GET', `/api/orders/by-number?number=${encodeURIComponent(placed.number)}`)).statusCode).toBe(200);
  });

  it('are written at the encounter by its doctor only: another doctor is refused a prescription or an order there, and nothing is kept', async () => {
    const [glucose] = await ctx.database.query<{ id: string }>(`select id from order_catalogue_items where company_id = $1 and code = 'FBG'`, [a.companyId]);
    const count = async () => (await ctx.database.query<{ n: number }>(
      `select (select count(*) from prescriptions where encounter_id = $1)::int + (select count(*) from orders where encounter_id = $1)::int as n`, [sensitiveEncounter],
    ))[0]!.n;
    const before = await count();
    const attempts = [
      await req(otherDoctor, 'POST', `/api/patients/${patientId}/prescriptions`, { clinic: clinicId, encounter: sensitiveEncounter, items: [rxItem(drugs.Panadol!)] }),
      await req(otherDoctor, 'POST', `/api/patients/${patientId}/orders`, { clinic: clinicId, items: [glucose!.id], encounter: sensitiveEncounter }),
    ];
    for (const res of attempts) {
      expect(res.statusCode, res.body).toBe(403);
      expect(body(res).message).toMatchObject({ code: 'SENSITIVE_NOTE', data: { encounterId: sensitiveEncounter } });
    }
    expect(await count()).toBe(before);
    // Outside the encounter, the same doctor writes for the patient as always.
    expect((await req(otherDoctor, 'POST', `/api/patients/${patientId}/orders`, { clinic: clinicId, items: [glucose!.id] })).statusCode).toBe(201);
  });

  it('stay hidden from reception as all clinical records are', async () => {
    expect((await req(reception, 'GET', `/api/patients/${patientId}/prescriptions`)).statusCode).toBe(403);
  });
});
