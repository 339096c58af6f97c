import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../organisation/provision.js';
import { versionOf } from '../../test/versions.js';
import { insertClinic, insertPatient } from '../appointments/fixtures.js';
import {
  auth, body, login, multipart, TEST_PASSWORD, twoOrgsTest, type FilePart, type TestOrg,
} from '../../test/harness.js';

const { ctx, a, b } = await twoOrgsTest(['Shifa Clinics', 'Other Group']);
const ids = {} as Record<'clinic' | 'patient' | 'doctor' | 'otherDoctor' | 'cbc' | 'glucose' | 'xray' | 'bClinic', string>;
const tokens = {} as Record<'doctor' | 'otherDoctor' | 'reception' | 'nurse', string>;
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

async function account(org: TestOrg, name: string, username: string, employeeType: 'Doctor' | 'Nurse' | 'Administrative', role: string) {
  const row = await createAccount(ctx.database.db, org.companyId, org.roleIds, { name, username, email: `${username}@t.test`, password: TEST_PASSWORD, employeeType, roleNames: [role] });
  return { id: row.id, token: (await login(ctx, username, TEST_PASSWORD)).accessToken };
}
const req = (token: string, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown, lang?: string) =>
  ctx.app.inject({ method, url, headers: auth(token, lang), ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
const count = async (sql: string, params: unknown[]) => Number((await ctx.database.query<{ n: number }>(sql, params))[0]!.n);

async function catalogue(token: string, payload: Record<string, unknown>) {
  const res = await req(token, 'POST', '/api/order-catalogue', payload);
  expect(res.statusCode, res.body).toBe(201);
  return body(res).data._id as string;
}
async function placeOrder(items: string[], extra: Record<string, unknown> = {}) {
  const res = await req(tokens.doctor, 'POST', `/api/patients/${ids.patient}/orders`, { clinic: ids.clinic, items, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return body(res).data as { _id: string; number: string; version: number; status: string };
}
const collect = async (o: { _id: string; version: number }) => body(await req(tokens.nurse, 'POST', `/api/orders/${o._id}/collect`, { version: o.version })).data;

beforeAll(async () => {
  const db = ctx.database.db;
  ids.clinic = (await insertClinic(db, a.companyId, { name: 'Main', timeZone: 'Asia/Riyadh', workingHours: [] })).id;
  ids.bClinic = (await insertClinic(db, b.companyId, { name: 'South', timeZone: 'Asia/Riyadh', workingHours: [] })).id;
  ids.patient = (await insertPatient(db, a.companyId, { name: 'Huda Saleh' })).id;
  const doctor = await account(a, 'Dr. Layla Hassan', 'ord_doctor', 'Doctor', 'Doctor');
  const other = await account(a, 'Dr. Karim Nasser', 'ord_other', 'Doctor', 'Doctor');
  Object.assign(ids, { doctor: doctor.id, otherDoctor: other.id });
  Object.assign(tokens, { doctor: doctor.token, otherDoctor: other.token });
  tokens.nurse = (await account(a, 'Nurse Amal', 'ord_nurse', 'Nurse', 'Nurse')).token;
  tokens.reception = (await account(a, 'Reception Rana', 'ord_desk', 'Administrative', 'Receptionist')).token;
  ids.glucose = await catalogue(a.token, {
    clinic: ids.clinic, code: 'FBG', nameEn: 'Fasting glucose', nameAr: 'سكر صائم', kind: 'lab',
    analytes: [{ code: 'GLU', nameEn: 'Glucose', nameAr: 'الجلوكوز', unit: 'mmol/L', low: 3.9, high: 5.5, criticalLow: 2.8, criticalHigh: 22 }],
  });
  ids.cbc = await catalogue(a.token, {
    clinic: ids.clinic, code: 'CBC', nameEn: 'Complete blood count', nameAr: 'تعداد الدم الكامل', kind: 'lab',
    analytes: [
      { code: 'HGB', nameEn: 'Haemoglobin', nameAr: 'الهيموغلوبين', unit: 'g/dL', low: 12, high: 16, criticalLow: 7, criticalHigh: 20 },
      { code: 'WBC', nameEn: 'White cells', nameAr: 'كريات بيضاء', unit: '10^9/L', low: 4, high: 11, criticalLow: 2, criticalHigh: 30 },
    ],
  });
  ids.xray = await catalogue(a.token, { clinic: ids.clinic, code: 'CXR', nameEn: 'Chest X-ray', nameAr: 'أشعة الصدر', kind: 'imaging' });
});

describe('the order catalogue', () => {
  it('is kept by administrators: codes unique per clinic, ranges in order, deactivated not deleted', async () => {
    const dup = await req(a.token, 'POST', '/api/order-catalogue', { clinic: ids.clinic, code: 'fbg', nameEn: 'x', nameAr: 'س', kind: 'lab' });
    expect(dup.statusCode).toBe(409);
    const bad = await req(a.token, 'POST', '/api/order-catalogue', {
      clinic: ids.clinic, code: 'TSH', nameEn: 'TSH', nameAr: 'الغدة', kind: 'lab', analytes: [{ code: 'TSH', nameEn: 'TSH', nameAr: 'ت', unit: 'mIU/L', low: 5, high: 0.4 }],
    });
    expect(bad.statusCode).toBe(422);
    expect(body(bad).message.fields).toEqual({ 'analytes.0.high': 'The limits must be in order: critical low ≤ low ≤ high ≤ critical high' });
    const other = await req(a.token, 'POST', '/api/order-catalogue', { clinic: ids.bClinic, code: 'ZZ', nameEn: 'x', nameAr: 'س', kind: 'lab' });
    expect(body(other).message.fields).toEqual({ clinic: 'Choose one of your clinics' });
    const tsh = await catalogue(a.token, { clinic: ids.clinic, code: 'TSH', nameEn: 'TSH', nameAr: 'هرمون الغدة', kind: 'lab' });
    const off = await req(a.token, 'PATCH', `/api/order-catalogue/${tsh}`, { isActive: false, version: 1 });
    expect(body(off).data).toMatchObject({ isActive: false, version: 2 });
    expect((await req(tokens.doctor, 'POST', `/api/order-catalogue`, { clinic: ids.clinic, code: 'Q', nameEn: 'q', nameAr: 'ق', kind: 'lab' })).statusCode).toBe(403);
    const list = await req(tokens.doctor, 'GET', `/api/order-catalogue?clinic=${ids.clinic}&isActive=true&search=gluc`);
    expect(body(list).data.map((i: { code: string }) => i.code)).toEqual(['FBG']);
    const refused = await req(tokens.doctor, 'POST', `/api/patients/${ids.patient}/orders`, { clinic: ids.clinic, items: [tsh] });
    expect(body(refused).message.fields).toEqual({ 'items.0': 'This test is no longer offered' });
  });
});

describe('orders', () => {
  it('numbers each order in full, unique in the company, and refuses mixed kinds', async () => {
    const first = await placeOrder([ids.glucose], { priority: 'urgent', notes: 'Fasting since 10 pm' });
    const second = await placeOrder([ids.cbc]);
    const year = new Date().getUTCFullYear();
    expect(first.number).toMatch(new RegExp(`^LAB-${year}-\\d{6}$`));
    expect(Number(second.number.slice(-6))).toBe(Number(first.number.slice(-6)) + 1);
    expect(body(await req(tokens.doctor, 'GET', `/api/orders/${first._id}`)).data).toMatchObject({
      status: 'ordered', priority: 'urgent', doctor: { name: 'Dr. Layla Hassan' }, clinic: { name: 'Main' }, items: [{ code: 'FBG' }],
    });
    const mixed = await req(tokens.doctor, 'POST', `/api/patients/${ids.patient}/orders`, { clinic: ids.clinic, items: [ids.glucose, ids.xray] });
    expect(body(mixed).message.fields).toEqual({ items: 'Order lab tests and imaging studies separately' });
    const img = await placeOrder([ids.xray]);
    expect(img.number).toMatch(/^IMG-/);
  });

  it('moves ordered -> collected -> resulted, refuses what the status does not allow, and cancels with a reason', async () => {
    const o = await placeOrder([ids.glucose]);
    const early = await req(tokens.nurse, 'POST', '/api/orders/results', { number: o.number, values: [{ item: (await itemsOf(o._id))[0], analyte: 'GLU', value: 5 }] });
    expect(early.statusCode).toBe(409);
    const c = await collect(o);
    expect(c).toMatchObject({ status: 'collected', collected: { by: { name: 'Nurse Amal' } } });
    const again = await req(tokens.nurse, 'POST', `/api/orders/${o._id}/collect`, { version: c.version });
    expect(again.statusCode).toBe(409);
    const noReason = await req(tokens.doctor, 'POST', `/api/orders/${o._id}/cancel`, { reason: ' ', version: c.version });
    expect(noReason.statusCode).toBe(422);
    const stale = await req(tokens.doctor, 'POST', `/api/orders/${o._id}/cancel`, { reason: 'Duplicate', version: 1 });
    expect(stale.statusCode).toBe(409);
    const cancelled = await req(tokens.doctor, 'POST', `/api/orders/${o._id}/cancel`, { reason: 'Duplicate', version: c.version });
    expect(body(cancelled).data).toMatchObject({ status: 'cancelled', cancelReason: 'Duplicate', cancelled: { by: { name: 'Dr. Layla Hassan' } } });
    expect(await count(`select count(*)::int n from audit_log where entity = 'order' and entity_id = $1 and action in ('create', 'collect', 'cancel')`, [o._id])).toBe(3);
  });

  it('lets only one of two simultaneous changes through', async () => {
    const o = await placeOrder([ids.glucose]);
    const [x, y] = await Promise.all([
      req(tokens.nurse, 'POST', `/api/orders/${o._id}/collect`, { version: o.version }),
      req(tokens.doctor, 'POST', `/api/orders/${o._id}/cancel`, { reason: 'Not needed', version: o.version }),
    ]);
    expect([x.statusCode, y.statusCode].sort()).toEqual([200, 409]);
    const c = await placeOrder([ids.glucose]);
    const collected = await collect(c);
    const item = (await itemsOf(c._id))[0];
    const results = await Promise.all([5, 6].map((value) => req(tokens.nurse, 'POST', '/api/orders/results', { number: collected.number, values: [{ item, analyte: 'GLU', value }] })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await count(`select count(*)::int n from order_results where order_id = $1`, [c._id])).toBe(1);
  });
});

async function itemsOf(orderId: string): Promise<string[]> {
  return (await ctx.database.query<{ id: string }>(`select id from order_items where order_id = $1 order by position`, [orderId])).map((r) => r.id);
}

describe('results', () => {
  it('matches the FULL order number only: a partial or wrong number is a field error', async () => {
    const o = await placeOrder([ids.glucose]);
    await collect(o);
    const item = (await itemsOf(o._id))[0];
    for (const number of [o.number.slice(-6), o.number.slice(0, 8), 'LAB-1999-000001', `${o.number}0`]) {
      const res = await req(tokens.nurse, 'POST', '/api/orders/results', { number, values: [{ item, analyte: 'GLU', value: 5 }] });
      expect(res.statusCode).toBe(422);
      expect(body(res).message.fields).toEqual({ number: 'No order has this number. Enter the full number, e.g. LAB-2026-000123' });
    }
    const ar = await req(tokens.nurse, 'GET', `/api/orders/by-number?number=${o.number.slice(-6)}`, undefined, 'ar');
    expect(body(ar).message.fields.number).toContain('لا يوجد طلب بهذا الرقم');
    const found = await req(tokens.nurse, 'GET', `/api/orders/by-number?number=${o.number.toLowerCase()}`);
    expect(body(found).data._id).toBe(o._id);
    expect(await count(`select count(*)::int n from order_results where order_id = $1`, [o._id])).toBe(0);
  });

  it('flags each analyte on the server, rings the ordering doctor\'s bell in the same transaction, and lists it to review', async () => {
    const o = await placeOrder([ids.cbc]);
    await collect(o);
    const [item] = await itemsOf(o._id);
    const bellBefore = await count(`select count(*)::int n from notifications where recipient_id = $1 and kind = 'result_abnormal'`, [ids.doctor]);
    const unknown = await req(tokens.nurse, 'POST', '/api/orders/results', { number: o.number, values: [{ item, analyte: 'PLT', value: 200 }] });
    expect(body(unknown).message.fields).toEqual({ 'values.0.analyte': 'This analyte is not part of the order' });
    const res = await req(tokens.nurse, 'POST', '/api/orders/results', { number: o.number, values: [{ item, analyte: 'HGB', value: 6.5 }, { item, analyte: 'WBC', value: 7 }], note: 'Haemolysed? repeat' });
    expect(res.statusCode, res.body).toBe(200);
    const data = body(res).data;
    expect(data).toMatchObject({ status: 'resulted', abnormal: true, acknowledged: null, resultNote: 'Haemolysed? repeat' });
    expect(data.results.map((r: { analyte: string; flag: string; unit: string }) => [r.analyte, r.flag, r.unit])).toEqual([['HGB', 'criticalLow', 'g/dL'], ['WBC', 'normal', '10^9/L']]);
    const bell = await ctx.database.query<{ entity_id: string; params: Record<string, string> }>(`select entity_id, params from notifications where recipient_id = $1 and kind = 'result_abnormal' order by created_at desc limit 1`, [ids.doctor]);
    expect(await count(`select count(*)::int n from notifications where recipient_id = $1 and kind = 'result_abnormal'`, [ids.doctor])).toBe(bellBefore + 1);
    expect(bell[0]).toMatchObject({ entity_id: o._id, params: { number: o.number, tests: 'HGB', patient: 'Huda Saleh' } });
    const feed = body(await req(tokens.doctor, 'GET', '/api/notifications')).data;
    expect(feed[0].text).toBe(`Abnormal result for Huda Saleh: ${o.number} (HGB)`);
    const mine = body(await req(tokens.doctor, 'GET', '/api/orders/results/mine'));
    expect(mine.data[0]).toMatchObject({ _id: o._id, abnormal: true });
    expect(body(await req(tokens.otherDoctor, 'GET', '/api/orders/results/mine')).data).toEqual([]);
  });

  it('rolls the bell back with the result when the transaction fails', async () => {
    const o = await placeOrder([ids.glucose]);
    await collect(o);
    const [item] = await itemsOf(o._id);
    const bells = await count(`select count(*)::int n from notifications where recipient_id = $1`, [ids.doctor]);
    // A database refusal after the notification was written (a duplicate result row) must take the notification with it.
    await ctx.database.query(`create or replace function orders_test_fail() returns trigger language plpgsql as $$ begin raise exception 'refused'; end $$`);
    await ctx.database.query(`create trigger orders_test_fail after insert on notifications for each row execute function orders_test_fail()`);
    try {
      const res = await req(tokens.nurse, 'POST', '/api/orders/results', { number: o.number, values: [{ item, analyte: 'GLU', value: 30 }] });
      expect(res.statusCode).toBe(500);
    } finally {
      await ctx.database.query(`drop trigger orders_test_fail on notifications`);
    }
    expect(await count(`select count(*)::int n from notifications where recipient_id = $1`, [ids.doctor])).toBe(bells);
    expect(body(await req(tokens.doctor, 'GET', `/api/orders/${o._id}`)).data).toMatchObject({ status: 'collected', results: [] });
  });

  it('takes a result document checked by content (a PDF named .pdf, not a text file)', async () => {
    const o = await placeOrder([ids.xray]);
    const send = async (parts: FilePart[], number = o.number) => {
      const m = await multipart([['number', number], ['note', 'No consolidation']], parts);
      return ctx.app.inject({ method: 'POST', url: '/api/orders/results/document', payload: m.payload, headers: { ...auth(tokens.nurse), 'content-type': m.contentType } });
    };
    const fake = await send([{ field: 'file', filename: 'report.pdf', type: 'application/pdf', data: Buffer.from('just text, not a pdf') }]);
    expect(fake.statusCode).toBe(422);
    expect(body(fake).message.fields.file).toMatch(/PDF, JPG, PNG/);
    const wrong = await send([{ field: 'file', filename: 'report.pdf', type: 'application/pdf', data: PDF }], 'IMG-2026');
    expect(wrong.statusCode).toBe(422);
    expect(await count(`select count(*)::int n from files where company_id = $1 and original_name = 'report.pdf'`, [a.companyId])).toBe(0);
    const ok = await send([{ field: 'file', filename: 'report.pdf', type: 'application/pdf', data: PDF }]);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(body(ok).data).toMatchObject({ status: 'resulted', abnormal: false, resultNote: 'No consolidation', resultDocument: { name: 'report.pdf', mimeType: 'application/pdf' } });
  });

  it('is acknowledged by the ordering doctor alone, once, and leaves the list to review', async () => {
    const [first] = body(await req(tokens.doctor, 'GET', '/api/orders/results/mine?abnormalOnly=true')).data;
    const other = await req(tokens.otherDoctor, 'POST', `/api/orders/${first._id}/acknowledge`, { version: first.version });
    expect(other.statusCode).toBe(403);
    const ack = await req(tokens.doctor, 'POST', `/api/orders/${first._id}/acknowledge`, { version: first.version });
    expect(body(ack).data).toMatchObject({ acknowledged: { by: { name: 'Dr. Layla Hassan' } } });
    expect((await req(tokens.doctor, 'POST', `/api/orders/${first._id}/acknowledge`, { version: body(ack).data.version })).statusCode).toBe(409);
    const mine = body(await req(tokens.doctor, 'GET', '/api/orders/results/mine')).data.map((o: { _id: string }) => o._id);
    expect(mine).not.toContain(first._id);
    expect(await count(`select count(*)::int n from audit_log where entity = 'order' and entity_id = $1 and action = 'acknowledge'`, [first._id])).toBe(1);
  });
});

describe('access', () => {
  it('ends a result document\'s link once its holder no longer reads the clinical record, though they still read patients', async () => {
    const lab = await account(a, 'Nurse Dana', 'ord_lab', 'Nurse', 'Nurse');
    const o = await placeOrder([ids.xray]);
    const m = await multipart([['number', o.number], ['note', 'Clear']], [{ field: 'file', filename: 'cxr.pdf', type: 'application/pdf', data: PDF }]);
    const sent = await ctx.app.inject({ method: 'POST', url: '/api/orders/results/document', payload: m.payload, headers: { ...auth(lab.token), 'content-type': m.contentType } });
    expect(sent.statusCode, sent.body).toBe(200);
    const url = (body(await req(lab.token, 'GET', `/api/orders/${o._id}`)).data.resultDocument as { url: string }).url;
    expect((await ctx.app.inject({ method: 'GET', url })).statusCode).toBe(200);

    const role = await req(a.token, 'POST', '/api/roles', { name: 'Ward clerk', permissions: ['patient_read', 'appointment_read'] });
    expect(role.statusCode, role.body).toBe(201);
    const moved = await req(a.token, 'PUT', `/api/employees/${lab.id}`, { roleIds: [body(role).data._id], version: await versionOf(ctx, 'employees', lab.id) });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await req(lab.token, 'GET', `/api/orders/${o._id}`)).statusCode).toBe(403);
    const refused = await ctx.app.inject({ method: 'GET', url });
    expect(refused.statusCode).toBe(403);
    expect(body(refused).message.code).toBe('LINK_SESSION_ENDED');
  });

  it('shows an abnormal result\'s bell only while its doctor may read the clinical record', async () => {
    const moved = await account(a, 'Dr. Nabil Fares', 'ord_moved', 'Doctor', 'Doctor');
    const placed = await req(moved.token, 'POST', `/api/patients/${ids.patient}/orders`, { clinic: ids.clinic, items: [ids.cbc] });
    expect(placed.statusCode, placed.body).toBe(201);
    const o = body(placed).data as { _id: string; number: string; version: number };
    await collect(o);
    const [item] = await itemsOf(o._id);
    expect((await req(tokens.nurse, 'POST', '/api/orders/results', { number: o.number, values: [{ item, analyte: 'HGB', value: 6.1 }] })).statusCode).toBe(200);
    const bell = async () => ({
      feed: body(await req(moved.token, 'GET', '/api/notifications')).data as Array<{ kind: string; text: string }>,
      unread: body(await req(moved.token, 'GET', '/api/notifications/unread-count')).data.unread as number,
    });
    const before = await bell();
    expect(before.feed.map((n) => n.text)).toContain(`Abnormal result for Huda Saleh: ${o.number} (HGB)`);
    expect(before.unread).toBe(1);

    // Moved to the front office: the role keeps patients and appointments, not the clinical record.
    const role = await req(a.token, 'POST', '/api/roles', { name: 'Front office doctor', permissions: ['patient_read', 'appointment_read'] });
    expect(role.statusCode, role.body).toBe(201);
    const setRoles = async (roleIds: string[]) => {
      const res = await req(a.token, 'PUT', `/api/employees/${moved.id}`, { roleIds, version: await versionOf(ctx, 'employees', moved.id) });
      expect(res.statusCode, res.body).toBe(200);
    };
    await setRoles([body(role).data._id]);
    expect((await req(moved.token, 'GET', `/api/orders/${o._id}`)).statusCode).toBe(403);
    const after = await bell();
    expect(after.feed.filter((n) => n.kind === 'result_abnormal')).toEqual([]);
    expect(JSON.stringify(after.feed)).not.toContain('HGB');
    expect(after.unread).toBe(0);

    // Given back, the bell shows it again (a withdrawn permission is not an ending).
    await setRoles([a.roleIds.get('Doctor')!]);
    expect((await bell()).unread).toBe(1);
  });

  it('audits reads as patient reads; reception cannot read, nurses cannot order, other companies see nothing', async () => {
    const reads = await count(`select count(*)::int n from audit_log where entity = 'patient' and entity_id = $1 and action = 'read'`, [ids.patient]);
    const list = await req(tokens.doctor, 'GET', `/api/patients/${ids.patient}/orders`);
    expect(list.statusCode).toBe(200);
    expect(await count(`select count(*)::int n from audit_log where entity = 'patient' and entity_id = $1 and action = 'read'`, [ids.patient])).toBe(reads + 1);
    const [o] = body(list).data;
    expect((await req(tokens.reception, 'GET', `/api/patients/${ids.patient}/orders`)).statusCode).toBe(403);
    expect((await req(tokens.reception, 'GET', `/api/orders/${o._id}`)).statusCode).toBe(403);
    expect((await req(tokens.nurse, 'POST', `/api/patients/${ids.patient}/orders`, { clinic: ids.clinic, items: [ids.glucose] })).statusCode).toBe(403);
    expect((await req(tokens.doctor, 'GET', `/api/orders/by-number?number=${o.number}`)).statusCode).toBe(200);
    expect((await req(b.token, 'GET', `/api/orders/${o._id}`)).statusCode).toBe(404);
    const bNumber = await req(b.token, 'GET', `/api/orders/by-number?number=${o.number}`);
    expect(bNumber.statusCode).toBe(422);
  });
});
