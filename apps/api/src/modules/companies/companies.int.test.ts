import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { files } from '../../db/schema/index.js';
import { auth, body, createOrg, login, TEST_PASSWORD, twoOrgsTest } from '../../test/harness.js';
import { asLoadedNow } from '../../test/versions.js';
import { companyBody } from '../../test/organisation-fixtures.js';
import { createAccount } from '../organisation/provision.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5e0f5e20000000049454e44ae426082', 'hex');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

const { ctx, a, b } = await twoOrgsTest();

const send = async (method: 'POST' | 'PUT' | 'GET', token: string, url: string, payload?: unknown, lang?: string) =>
  ctx.app.inject({ method, url, headers: auth(token, lang), ...(payload ? { payload: (await asLoadedNow(ctx, method, url, payload)) as object } : {}) });

function multipart(field: string, filename: string, content: Buffer, type: string) {
  const boundary = '----clinicTestBoundary';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

describe('company profile', () => {
  it('answers an empty list until the profile exists', async () => {
    const res = await send('GET', a.token, '/api/companies');
    expect(res.statusCode).toBe(200);
    expect(body(res).data).toEqual([]);
  });

  it('creates the profile once, answering success and _id, and renames the organisation', async () => {
    const res = await send('POST', a.token, '/api/companies', companyBody({ name: 'Al Noor Medical Group' }));
    expect(res.statusCode).toBe(201);
    const json = body(res);
    expect(json).toMatchObject({ success: true, _id: a.companyId, message: 'Company created successfully' });
    expect(json.data).toMatchObject({
      _id: a.companyId,
      name: 'Al Noor Medical Group',
      plan: 'company',
      yearOfEstablishment: '2009-09-01',
      contactInfos: [{ type: 'email', value: 'info@alnoor.example' }, { type: 'phone', subType: 'Reception' }],
      bankAccount: [{ bankName: 'Al Rajhi Bank', isActive: true }],
      commercialRecord: { recordNumber: '1010123456', taxNumber: '300123456700003' },
      locationGoogle: { x: 24.7136, y: 46.6753 },
      Key_member: 'Dr. Omar Haddad',
      logo: null,
    });
    const list = body(await send('GET', a.token, '/api/companies'));
    expect(list.data).toHaveLength(1);
    expect(list.data[0].name).toBe('Al Noor Medical Group');
    const again = await send('POST', a.token, '/api/companies', companyBody());
    expect(again.statusCode).toBe(409);
    expect(body(again).message.message).toBe('The company profile already exists. Edit it instead.');
  });

  it('validates with the spec messages (English and Arabic)', async () => {
    const res = await send('POST', b.token, '/api/companies', { contactInfos: [], locationGoogle: { x: '', y: '' } });
    expect(res.statusCode).toBe(422);
    expect(body(res).message.fields).toMatchObject({
      name: 'Company name is required',
      address: 'Address is required',
      yearOfEstablishment: 'Year of establishment is required',
      vision: 'Vision is required',
      contactInfos: 'Contact information is required',
      'locationGoogle.x': 'Latitude is required',
      'locationGoogle.y': 'Longitude is required',
    });
    const future = await send('POST', b.token, '/api/companies', companyBody({ yearOfEstablishment: '2999-05-01', insuranceCompany: [{ companyName: 'X', companyPhone: '12', companyEmail: 'bad' }] }), 'ar');
    expect(body(future).message.fields).toEqual({
      yearOfEstablishment: 'لا يمكن أن يكون تاريخ التأسيس في المستقبل',
      'insuranceCompany.0.companyPhone': 'رقم الهاتف غير صالح',
      'insuranceCompany.0.companyEmail': 'صيغة البريد الإلكتروني غير صحيحة',
    });
  });

  it('updates with PUT on the company\'s own id only', async () => {
    const res = await send('PUT', a.token, `/api/companies/${a.companyId}`, companyBody({ name: 'Al Noor Health', vision: 'Care for all', holidays: [] }));
    expect(res.statusCode).toBe(200);
    expect(body(res).data).toMatchObject({ name: 'Al Noor Health', vision: 'Care for all', holidays: [] });
    expect(body(await send('GET', a.token, '/api/companies')).data[0].name).toBe('Al Noor Health');
    expect((await send('PUT', b.token, `/api/companies/${a.companyId}`, companyBody({ name: 'Hijack' }))).statusCode).toBe(404);
    expect((await send('PUT', a.token, `/api/companies/${b.companyId}`, companyBody())).statusCode).toBe(404);
    expect(body(await send('GET', a.token, '/api/companies')).data[0].name).toBe('Al Noor Health');
  });

  it('uploads a logo checked by content and serves it through a signed link', async () => {
    const bad = multipart('logo', 'logo.png', PDF, 'image/png');
    const refused = await ctx.app.inject({ method: 'POST', url: `/api/companies/${a.companyId}/logo`, headers: { ...auth(a.token), ...bad.headers }, payload: bad.payload });
    expect(refused.statusCode).toBe(422);
    expect(body(refused).message.fields).toEqual({ logo: 'Invalid file format (allowed: JPG, PNG)' });

    const big = multipart('logo', 'huge.png', Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]), 'image/png');
    const tooBig = await ctx.app.inject({ method: 'POST', url: `/api/companies/${a.companyId}/logo`, headers: { ...auth(a.token), ...big.headers }, payload: big.payload });
    expect(tooBig.statusCode).toBe(413);
    expect(body(tooBig).message.fields).toEqual({ logo: 'File size is too large (max 5 MB)' });

    const ok = multipart('logo', 'logo.png', PNG, 'image/png');
    const res = await ctx.app.inject({ method: 'POST', url: `/api/companies/${a.companyId}/logo`, headers: { ...auth(a.token), ...ok.headers }, payload: ok.payload });
    expect(res.statusCode).toBe(200);
    const logo = body(res).data.logo;
    expect(logo).toMatchObject({ name: 'logo.png', mimeType: 'image/png', size: PNG.length });
    const file = await ctx.app.inject({ method: 'GET', url: logo.url });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(PNG)).toBe(true);

    const removed = await send('PUT', a.token, `/api/companies/${a.companyId}`, companyBody({ name: 'Al Noor Health', logo: null }));
    expect(body(removed).data.logo).toBeNull();
  });

  it('changes the logo together with its audit row, or not at all', async () => {
    const logoOf = async () => body(await send('GET', a.token, '/api/companies')).data[0].logo as { name: string } | null;
    const before = await logoOf();
    // The process stops after the logo is set, before its audit row is written (here: the audit log refuses it).
    await ctx.database.query(`create function logo_audit_stops() returns trigger language plpgsql as $$ begin raise exception 'the server stopped'; end $$`);
    await ctx.database.query(`create trigger logo_audit_stops before insert on audit_log for each row execute function logo_audit_stops()`);
    try {
      const form = multipart('logo', 'unaudited.png', PNG, 'image/png');
      const res = await ctx.app.inject({ method: 'POST', url: `/api/companies/${a.companyId}/logo`, headers: { ...auth(a.token), ...form.headers }, payload: form.payload });
      expect(res.statusCode).toBe(500);
    } finally {
      await ctx.database.query('drop trigger logo_audit_stops on audit_log');
      await ctx.database.query('drop function logo_audit_stops()');
    }
    expect(await logoOf()).toEqual(before);
  });

  it('refuses a logo for another company, before the profile exists or without a file, keeping no file', async () => {
    const storedFiles = async (companyId: string) => (await ctx.database.db.select({ id: files.id }).from(files).where(eq(files.companyId, companyId))).length;
    const [ofA, ofB] = [await storedFiles(a.companyId), await storedFiles(b.companyId)];
    const upload = (token: string, companyId: string) => {
      const form = multipart('logo', 'logo.png', PNG, 'image/png');
      return ctx.app.inject({ method: 'POST', url: `/api/companies/${companyId}/logo`, headers: { ...auth(token), ...form.headers }, payload: form.payload });
    };

    expect((await upload(b.token, a.companyId)).statusCode).toBe(404);
    const noProfile = await upload(b.token, b.companyId);
    expect(noProfile.statusCode).toBe(404);
    expect(body(noProfile).message).toMatchObject({ message: 'The company profile has not been created yet' });
    const empty = await ctx.app.inject({ method: 'POST', url: `/api/companies/${a.companyId}/logo`, headers: auth(a.token), payload: {} });
    expect(empty.statusCode).toBe(422);
    expect(body(empty).message.fields).toEqual({ logo: 'This field is required.' });

    expect([await storedFiles(a.companyId), await storedFiles(b.companyId)]).toEqual([ofA, ofB]);
  });

  it('belongs to the Company plan only', async () => {
    const complexPlan = await createOrg(ctx, { plan: 'complex' });
    const res = await send('POST', complexPlan.token, '/api/companies', companyBody());
    expect(res.statusCode).toBe(403);
    expect(body(res).message).toEqual({ code: 'PLAN_FORBIDS_LEVEL', message: 'Your plan does not include company information' });
  });

  it('refuses writes without company_write (403)', async () => {
    await createAccount(ctx.database.db, a.companyId, a.roleIds, { name: 'Doctor Reader', username: 'docr', email: 'docr@north.test', password: TEST_PASSWORD, employeeType: 'Doctor', roleNames: ['Doctor'] });
    const session = await login(ctx, 'docr', TEST_PASSWORD);
    expect((await send('GET', session.accessToken, '/api/companies')).statusCode).toBe(200);
    expect((await send('PUT', session.accessToken, `/api/companies/${a.companyId}`, companyBody())).statusCode).toBe(403);
  });
});

describe('the registration wizard\'s company', () => {
  it('creates the profile from the name alone, with every other detail left for Company info', async () => {
    const org = await createOrg(ctx, { plan: 'company', name: 'Wizard Org' });
    const res = await send('POST', org.token, '/api/companies/registration', { name: '  Shifa Medical Group ' });
    expect(res.statusCode).toBe(201);
    expect(body(res)).toMatchObject({ success: true, _id: org.companyId, message: 'Company created successfully' });
    expect(body(res).data).toMatchObject({
      name: 'Shifa Medical Group', address: null, yearOfEstablishment: null, vision: null, contactInfos: [], holidays: [], bankAccount: [],
      commercialRecord: null, locationGoogle: null, logo: null,
    });
    const list = body(await send('GET', org.token, '/api/companies'));
    expect(list.data.map((c: { name: string }) => c.name)).toEqual(['Shifa Medical Group']);
    // Company info completes it later with the full form.
    const done = await send('PUT', org.token, `/api/companies/${org.companyId}`, companyBody({ name: 'Shifa Medical Group' }));
    expect(done.statusCode).toBe(200);
    expect(body(done).data).toMatchObject({ yearOfEstablishment: '2009-09-01', commercialRecord: { recordNumber: '1010123456' } });
    // Once: the full form's create and the wizard's both refuse a second profile.
    const again = await send('POST', org.token, '/api/companies/registration', { name: 'Twice' });
    expect(again.statusCode).toBe(409);
    expect(body(await send('GET', org.token, '/api/companies')).data[0].name).toBe('Shifa Medical Group');
  });

  it('needs the name, refuses other fields, and keeps the plan and permission rules (English and Arabic)', async () => {
    const org = await createOrg(ctx, { plan: 'company' });
    const blank = await send('POST', org.token, '/api/companies/registration', { name: '   ' });
    expect(blank.statusCode).toBe(422);
    expect(body(blank).message.fields).toEqual({ name: 'Company name is required' });
    const arabic = await send('POST', org.token, '/api/companies/registration', {}, 'ar');
    expect(arabic.statusCode).toBe(422);
    expect(body(arabic).message.fields.name).toBeTruthy();
    expect(body(arabic).message.fields.name).not.toBe('Company name is required');
    const extra = await send('POST', org.token, '/api/companies/registration', { name: 'X', address: 'Somewhere' });
    expect(extra.statusCode).toBe(422);
    expect(body(await send('GET', org.token, '/api/companies')).data).toEqual([]);

    const complexPlan = await createOrg(ctx, { plan: 'complex' });
    const forbidden = await send('POST', complexPlan.token, '/api/companies/registration', { name: 'Not here' });
    expect(forbidden.statusCode).toBe(403);
    expect(body(forbidden).message.code).toBe('PLAN_FORBIDS_LEVEL');

    await createAccount(ctx.database.db, org.companyId, org.roleIds, { name: 'Doctor Wiz', username: 'docwiz', email: 'docwiz@wiz.test', password: TEST_PASSWORD, employeeType: 'Doctor', roleNames: ['Doctor'] });
    const doctor = await login(ctx, 'docwiz', TEST_PASSWORD);
    expect((await send('POST', doctor.accessToken, '/api/companies/registration', { name: 'Mine' })).statusCode).toBe(403);
    expect(body(await send('GET', org.token, '/api/companies')).data).toEqual([]);
  });
});
