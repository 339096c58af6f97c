import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, patients } from '../../db/schema/index.js';
import { auth, body, contextWithTwoOrgs, signInStaff, type TestContext, type TestOrg } from '../../test/harness.js';
import { versionOf } from '../../test/versions.js';

let ctx: TestContext;
let a: TestOrg;
let b: TestOrg;
let nurseToken: string;

const walkIn = { name: 'Salma Idris', phone: '+966 55 700 1122', dateOfBirth: '1992-03-14', gender: 'female' };
const quick = (token: string, payload: unknown, lang?: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/patients/quick', payload: payload as object, headers: auth(token, lang) });
const get = (token: string, url: string) => ctx.app.inject({ method: 'GET', url, headers: auth(token) });

beforeAll(async () => {
  ({ ctx, a, b } = await contextWithTwoOrgs(['North Clinic', 'South Clinic']));
  nurseToken = await signInStaff(ctx, a, {
    name: 'Fatima Zahra', username: 'nurse_q', email: 'nurse_q@north.test', employeeType: 'Nurse', roleNames: ['Nurse'],
  });
});
afterAll(() => ctx.close());

describe('POST /api/patients/quick', () => {
  let id: string;

  it('registers a walk-in marked incomplete, listed under the Incomplete filter, and audits it', async () => {
    const res = await quick(a.token, walkIn);
    expect(res.statusCode).toBe(201);
    const d = body(res).data;
    expect(d).toMatchObject({ name: 'Salma Idris', phone: '+966557001122', dateOfBirth: '1992-03-14', gender: 'female', identity: '', incomplete: true, isActive: true });
    expect(d.publicId).toMatch(/^PAT-/);
    id = d._id;
    const list = body(await get(a.token, '/api/patients?incomplete=true'));
    expect(list.data.map((p: { _id: string }) => p._id)).toEqual([id]);
    expect(list.data[0].incomplete).toBe(true);
    expect(list.pagination.total_items).toBe(1);
    // The booking form's patient search finds them by name or mobile.
    expect(body(await get(a.token, '/api/patients?search=salma')).data.map((p: { _id: string }) => p._id)).toContain(id);
    expect(body(await get(a.token, '/api/patients?search=557001122')).data.map((p: { _id: string }) => p._id)).toContain(id);
    const audit = await ctx.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'patient'), eq(auditLog.entityId, id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'create', companyId: a.companyId, actorId: a.adminId });
    expect((audit[0]!.changes as { after: Record<string, unknown> }).after).toMatchObject({ name: 'Salma Idris', incomplete: true });
  });

  it('has no national identifier in the FHIR API until the full form gives one', async () => {
    const res = await get(a.token, `/api/fhir/R4/Patient/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().identifier).toEqual([{ use: 'usual', system: expect.any(String), value: expect.stringMatching(/^PAT-/) }]);
  });

  it('answers translated field errors and creates nothing', async () => {
    const before = (await ctx.database.db.select({ id: patients.id }).from(patients).where(eq(patients.companyId, a.companyId))).length;
    const res = await quick(a.token, { name: ' ', phone: '12', dateOfBirth: '2999-01-01' });
    expect(res.statusCode).toBe(422);
    expect(body(res).message.fields).toEqual({
      name: 'Name is required',
      phone: 'Invalid phone number',
      dateOfBirth: 'Date of birth cannot be in the future',
      gender: 'Gender is Required',
    });
    const ar = await quick(a.token, { name: 'X', dateOfBirth: '1990-01-01', gender: 'male' }, 'ar');
    expect(body(ar).message.fields).toEqual({ phone: 'رقم الجوال مطلوب' });
    expect((await quick(a.token, { ...walkIn, identity: '1' })).statusCode).toBe(422);
    expect((await ctx.database.db.select({ id: patients.id }).from(patients).where(eq(patients.companyId, a.companyId))).length).toBe(before);
  });

  it('refuses the same mobile and date of birth twice in a company, naming the existing patient', async () => {
    const res = await quick(a.token, { ...walkIn, name: 'Salma I.', phone: '+966557001122' });
    expect(res.statusCode).toBe(409);
    const m = body(res).message;
    expect(m.code).toBe('DUPLICATE_PATIENT');
    expect(m.message).toContain('Salma Idris');
    expect(m.data.patientId).toBe(id);
    expect(m.fields.phone).toContain('Salma Idris');
    // The same mobile as the desk types it locally, or with 00, is the same number.
    for (const phone of ['055 700 1122', '00966557001122', '٠٥٥٧٠٠١١٢٢']) {
      const again = await quick(a.token, { ...walkIn, name: 'Salma I.', phone });
      expect(again.statusCode, phone).toBe(409);
      expect(body(again).message.data.patientId).toBe(id);
    }
    // And a search for it, typed either way, finds her.
    for (const search of ['0557001122', '+966 55 700 1122']) {
      expect(body(await get(a.token, `/api/patients?search=${encodeURIComponent(search)}`)).data.map((p: { _id: string }) => p._id), search).toContain(id);
    }
    // Another date of birth on the same mobile (a family's shared phone) is another patient.
    expect((await quick(a.token, { ...walkIn, name: 'Yusuf Idris', dateOfBirth: '2016-09-02', gender: 'male' })).statusCode).toBe(201);
    // Another company is free to register the same person; it cannot see company A's patient.
    expect((await quick(b.token, walkIn)).statusCode).toBe(201);
    expect((await get(b.token, `/api/patients/${id}`)).statusCode).toBe(404);
    expect(body(await get(b.token, '/api/patients?incomplete=true')).data.map((p: { _id: string }) => p._id)).not.toContain(id);
  });

  it('makes one patient when two desks register the same walk-in at once', async () => {
    const same = { name: 'Karim Nasser', phone: '0561230000', dateOfBirth: '1980-05-05', gender: 'male' };
    const codes = (await Promise.all([quick(a.token, same), quick(a.token, same)])).map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409]);
    // Stored in one form, with its country code.
    const rows = await ctx.database.db.select({ phone: patients.phone }).from(patients).where(and(eq(patients.companyId, a.companyId), eq(patients.name, 'Karim Nasser')));
    expect(rows).toEqual([{ phone: '+966561230000' }]);
  });

  it('is refused without patient_write', async () => {
    const res = await quick(nurseToken, { ...walkIn, phone: '0590000001' });
    expect(res.statusCode).toBe(403);
    expect((await ctx.database.db.select({ id: patients.id }).from(patients).where(eq(patients.phone, '0590000001'))).length).toBe(0);
  });

  it('clears the mark when the full form is saved with every required field', async () => {
    const full = {
      name: 'Salma Idris', identity: '1077788899', phone: '+966557001122', dateOfBirth: '1992-03-14', gender: 'female', nationality: 'Sudanese',
      marital_status: 'Single', blood_type: 'B+', address: 'Olaya Street, Riyadh', Smoking: false, professiona_experi: 'Pharmacist',
      emergencyContacts: [{ name: 'Amna Idris', phone: '0551112222', relationToPatient: 'Sister' }],
    };
    const partial = await ctx.app.inject({
      method: 'PUT', url: `/api/patients/${id}`, headers: auth(a.token),
      payload: { ...full, identity: '', version: await versionOf(ctx, 'patients', id) },
    });
    expect(partial.statusCode).toBe(422);
    expect(body(await get(a.token, `/api/patients/${id}`)).data.incomplete).toBe(true);
    const res = await ctx.app.inject({
      method: 'PUT', url: `/api/patients/${id}`, headers: auth(a.token), payload: { ...full, version: await versionOf(ctx, 'patients', id) },
    });
    expect(res.statusCode).toBe(200);
    expect(body(res).data).toMatchObject({ incomplete: false, identity: '1077788899', nationality: 'Sudanese' });
    expect(body(await get(a.token, '/api/patients?incomplete=true')).data.map((p: { _id: string }) => p._id)).not.toContain(id);
    const [update] = await ctx.database.db.select().from(auditLog)
      .where(and(eq(auditLog.entity, 'patient'), eq(auditLog.entityId, id), eq(auditLog.action, 'update')));
    expect(update!.changes).toMatchObject({ before: { incomplete: true }, after: { incomplete: false } });
  });

  it('keeps full-form patients complete', async () => {
    const list = body(await get(a.token, '/api/patients?incomplete=false'));
    expect(list.data.every((p: { incomplete: boolean }) => !p.incomplete)).toBe(true);
  });
});
