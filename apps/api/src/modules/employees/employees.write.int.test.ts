import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, auditLog, clinics, employees, externalIdentities, files, patients, services, specializations } from '../../db/schema/index.js';
import { createAccount } from '../organisation/provision.js';
import { auth, body, contextWithTwoOrgs, login, signInStaff, TEST_PASSWORD, type TestContext, type TestOrg } from '../../test/harness.js';
import { asLoadedNow, versionOf } from '../../test/versions.js';

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201a5e0f5e20000000049454e44ae426082', 'hex');
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

let ctx: TestContext;
let a: TestOrg;
let b: TestOrg;
let receptionToken: string;
let clinicA: string;
let specA: string;
let clinicB: string;

/** A multipart body as a browser would send it. */
async function multipart(entries: Array<[string, string | { data: Buffer; name: string; type: string }]>) {
  const fd = new FormData();
  for (const [k, v] of entries) {
    if (typeof v === 'string') fd.append(k, v);
    else fd.append(k, new Blob([new Uint8Array(v.data)], { type: v.type }), v.name);
  }
  const req = new Request('http://local/', { method: 'POST', body: fd });
  return { payload: Buffer.from(await req.arrayBuffer()), headers: { 'content-type': req.headers.get('content-type')! } };
}

function staff(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Huda Al-Amri',
    employeeType: 'Nurse',
    contactInfos: [{ type: 'phone', value: '0501234567', subType: 'mobile' }, { type: 'email', value: 'huda@north.test' }],
    dateOfBirth: '1990-01-05',
    gender: 'female',
    identity: `ID-${Math.random().toString(36).slice(2, 10)}`,
    address: 'King Fahd Road, Riyadh',
    hireDate: '2020-03-01',
    jobType: 'FULL_TIME',
    jobTitle: 'Head Nurse',
    professional_experience: '8 years in emergency care',
    workingHours: [{ day: 'Sunday', startTime: '09:00', endTime: '17:00' }, { day: 'Monday', startTime: '09:00', endTime: '17:00' }],
    breakTimes: [{ startTime: '13:00', endTime: '13:30' }],
    vacationRecords: [{ leaveStartDate: '2025-08-01', leaveEndDate: '2025-08-10', leaveType: 'Vacation', status: 'Approved' }],
    ...overrides,
  };
}

const post = (token: string, payload: unknown, lang?: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/employees', headers: auth(token, lang), payload: payload as Record<string, unknown> });
/** PUT from a form loaded now: the employee's current version is sent unless the payload names one. */
const put = async (token: string, id: string, payload: unknown, lang?: string) =>
  ctx.app.inject({ method: 'PUT', url: `/api/employees/${id}`, headers: auth(token, lang), payload: (await asLoadedNow(ctx, 'PUT', `/api/employees/${id}`, payload)) as Record<string, unknown> });
const get = (token: string, id: string) => ctx.app.inject({ method: 'GET', url: `/api/employees/${id}`, headers: auth(token) });
const del = (token: string, id: string) => ctx.app.inject({ method: 'DELETE', url: `/api/employees/${id}`, headers: auth(token) });

beforeAll(async () => {
  ({ ctx, a, b } = await contextWithTwoOrgs(['North Clinic', 'South Clinic']));
  receptionToken = await signInStaff(ctx, a, {
    name: 'Layla Mansour', username: 'w_reception', email: 'w_reception@north.test', employeeType: 'Administrative', roleNames: ['Receptionist'],
  });
  const db = ctx.database.db;
  [{ id: clinicA }] = await db.insert(clinics).values({ companyId: a.companyId, publicId: 'CLN-000001', name: 'Cardiology Clinic' }).returning({ id: clinics.id }) as [{ id: string }];
  [{ id: clinicB }] = await db.insert(clinics).values({ companyId: b.companyId, publicId: 'CLN-000001', name: 'South Clinic' }).returning({ id: clinics.id }) as [{ id: string }];
  [{ id: specA }] = await db.insert(specializations).values({ companyId: a.companyId, publicId: 'SPC-000001', name: 'Cardiology' }).returning({ id: specializations.id }) as [{ id: string }];
});
afterAll(() => ctx.close());

describe('POST /api/employees', () => {
  it('creates a staff member from JSON and reads it back with every field and resolved references', async () => {
    const res = await post(a.token, staff({ clinics: [clinicA], Languages: ['Arabic', 'English'], number_children: 2, marital_status: 'Married' }));
    expect(res.statusCode).toBe(201);
    const created = body(res).data;
    expect(body(res).message).toBe('Employee created successfully');
    expect(created).toMatchObject({
      publicId: expect.stringMatching(/^EMP-\d{6}$/),
      name: 'Huda Al-Amri',
      hasAccount: false,
      isActive: true,
      clinics: [{ _id: clinicA, name: 'Cardiology Clinic' }],
      Languages: ['Arabic', 'English'],
      number_children: 2,
      marital_status: 'Married',
      jobTitle: 'Head Nurse',
      professional_experience: '8 years in emergency care',
      breakTimes: [{ startTime: '13:00', endTime: '13:30' }],
      vacationRecords: [expect.objectContaining({ leaveType: 'Vacation' })],
      documents: { cv: { file: null, effectiveDate: null }, workPermit: { file: null, effectiveDate: null }, certifications: { file: null, effectiveDate: null }, employmentContract: { file: null, effectiveDate: null } },
      lastLoginAt: null,
    });
    const again = body(await get(a.token, created._id)).data;
    expect(again).toEqual(created);
    const [audit] = await ctx.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'employee'), eq(auditLog.entityId, created._id), eq(auditLog.action, 'create')));
    expect(audit?.actorId).toBe(a.adminId);
  });

  it('creates a doctor with an account from a flattened multipart form, with picture and documents checked by content', async () => {
    const form = await multipart([
      ['name', 'Dr. Rami Khoury'],
      ['employeeType', 'Doctor'],
      ['username', 'rkhoury'],
      ['password', 'Strong@Pass1'],
      ['confirmPassword', 'Strong@Pass1'],
      ['email', 'rami.khoury@north.test'],
      ['roleIds[0]', a.roleIds.get('Doctor')!],
      ['specializations[0]', specA],
      ['clinics[0]', clinicA],
      ['contactInfos', JSON.stringify([{ type: 'phone', value: '0551112222' }])],
      ['workingHours', JSON.stringify([{ day: 'Sunday', startTime: '09:00', endTime: '13:00' }, { day: 'Sunday', startTime: '16:00', endTime: '20:00' }])],
      ['vacationRecords[0][leaveStartDate]', '2025-09-01'],
      ['vacationRecords[0][leaveEndDate]', '2025-09-03'],
      ['vacationRecords[0][leaveType]', 'Sick Leave'],
      ['vacationRecords[0][status]', 'Pending'],
      ['dateOfBirth', '1982-06-15'],
      ['gender', 'male'],
      ['identity', '1029384756'],
      ['address', 'Olaya Street, Riyadh'],
      ['hireDate', '2019-01-10'],
      ['medicalLicenseNumber', 'SCFHS-12345'],
      ['consultation_fee', '350'],
      ['on_call', 'true'],
      ['certifications[0]', 'Saudi Board of Cardiology'],
      ['Languages[]', 'Arabic'],
      ['Languages[]', 'English'],
      ['documents[cv][effectiveDate]', '2024-01-01'],
      ['image', { data: PNG, name: 'rami.png', type: 'image/png' }],
      ['documents[cv][file]', { data: PDF, name: 'cv.pdf', type: 'application/pdf' }],
    ]);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/employees', headers: { ...auth(a.token), ...form.headers }, payload: form.payload });
    expect(res.statusCode, res.body).toBe(201);
    const doc = body(res).data;
    expect(doc).toMatchObject({
      employeeType: 'Doctor', hasAccount: true, username: 'rkhoury', consultation_fee: 350, on_call: true,
      roleIds: [{ name: 'Doctor' }], specializations: [{ _id: specA, name: 'Cardiology' }], certifications: ['Saudi Board of Cardiology'],
      Languages: ['Arabic', 'English'], image: { name: 'rami.png', mimeType: 'image/png', size: PNG.length },
      documents: { cv: { file: { name: 'cv.pdf', mimeType: 'application/pdf' }, effectiveDate: '2024-01-01' } },
      vacationRecords: [{ leaveStartDate: '2025-09-01', leaveEndDate: '2025-09-03', leaveType: 'Sick Leave', status: 'Pending' }],
    });
    expect(doc.workingHours).toHaveLength(2);
    const picture = await ctx.app.inject({ method: 'GET', url: doc.image.url });
    expect(picture.statusCode).toBe(200);
    expect(picture.rawPayload.equals(PNG)).toBe(true);
    const session = await login(ctx, 'rkhoury', 'Strong@Pass1');
    expect(session.user).toMatchObject({ employeeType: 'Doctor', roles: ['Doctor'] });
  });

  it('refuses a picture that is not really an image and keeps nothing of the request', async () => {
    const [before] = await ctx.database.db.select({ n: count() }).from(files).where(eq(files.companyId, a.companyId));
    const [emps] = await ctx.database.db.select({ n: count() }).from(employees).where(eq(employees.companyId, a.companyId));
    const s = staff();
    const form = await multipart([
      ...Object.entries(s).filter(([, v]) => typeof v === 'string').map(([k, v]) => [k, v as string] as [string, string]),
      ['contactInfos', JSON.stringify(s.contactInfos)],
      ['workingHours', JSON.stringify(s.workingHours)],
      ['documents[cv][file]', { data: PDF, name: 'cv.pdf', type: 'application/pdf' }],
      ['image', { data: PDF, name: 'photo.png', type: 'image/png' }],
    ]);
    const res = await ctx.app.inject({ method: 'POST', url: '/api/employees', headers: { ...auth(a.token), ...form.headers }, payload: form.payload });
    expect(res.statusCode).toBe(422);
    expect(body(res).message.fields).toEqual({ image: 'Invalid file format (allowed: JPG, PNG)' });
    const [after] = await ctx.database.db.select({ n: count() }).from(files).where(eq(files.companyId, a.companyId));
    const [empsAfter] = await ctx.database.db.select({ n: count() }).from(employees).where(eq(employees.companyId, a.companyId));
    expect(after!.n).toBe(before!.n);
    expect(empsAfter!.n).toBe(emps!.n);
  });

  it('answers missing fields with the spec\'s messages, in English and Arabic', async () => {
    const res = await post(a.token, { name: '', contactInfos: [], workingHours: [] });
    expect(res.statusCode).toBe(422);
    expect(body(res).message.fields).toMatchObject({
      name: 'Name is required',
      contactInfos: 'At least one Contact entry is required',
      workingHours: 'At least one working hours entry is required',
      dateOfBirth: 'Date of Birth is required',
      identity: 'Identity is required',
      address: 'Address is required',
      employeeType: 'Employee type is required',
      hireDate: 'Hire date is required',
      gender: 'Invalid gender',
    });
    const ar = await post(a.token, { ...staff(), name: '' }, 'ar');
    expect(body(ar).message.fields).toEqual({ name: 'الاسم مطلوب' });
  });

  it('checks schedule rules: shifts end after they start, breaks lie inside working hours, leaves end after they start', async () => {
    const res = await post(a.token, staff({
      workingHours: [{ day: 'Sunday', startTime: '17:00', endTime: '09:00' }, { day: 'Monday', startTime: '09:00', endTime: '12:00' }],
      breakTimes: [{ startTime: '12:30', endTime: '13:00' }],
      vacationRecords: [{ leaveStartDate: '2025-08-10', leaveEndDate: '2025-08-01', leaveType: 'Vacation', status: 'Approved' }],
      contactInfos: [{ type: 'phone', value: '12' }],
    }));
    expect(res.statusCode).toBe(422);
    expect(body(res).message.fields).toEqual({
      'workingHours.0.endTime': 'End time must be after start time',
      'breakTimes.0.startTime': 'Break times must lie inside working hours',
      'vacationRecords.0.leaveEndDate': 'The leave must end on or after its start date',
      'contactInfos.0.value': 'Invalid phone number',
    });
  });

  it('applies the account password rules and refuses taken user names and identities', async () => {
    const weak = await post(a.token, staff({ username: 'weakling', password: 'password1', email: 'weak@north.test' }));
    expect(body(weak).message.fields).toEqual({ password: 'Password must be at least 8 characters, use a mix of uppercase, lowercase, numbers, and symbols.' });
    const mismatch = await post(a.token, staff({ username: 'mismatch', password: 'Strong@Pass1', confirmPassword: 'Strong@Pass2', email: 'm@north.test' }));
    expect(body(mismatch).message.fields).toEqual({ confirmPassword: 'Password confirmation does not match. Please try again' });
    const long = await post(a.token, staff({ username: 'longpass', password: 'Aa1!Aa1!Aa1!Aa1!Aa1!x', email: 'l@north.test' }));
    expect(body(long).message.fields).toEqual({ password: 'Password must not exceed 20 characters.' });

    const first = await post(a.token, staff({ identity: 'DUP-1' }));
    expect(first.statusCode).toBe(201);
    const dup = await post(a.token, staff({ identity: 'dup-1' }));
    expect(dup.statusCode).toBe(409);
    expect(body(dup).message).toMatchObject({ message: 'Another employee already has this identity number', fields: { identity: 'Another employee already has this identity number' } });
    // Identity numbers are unique per company only.
    expect((await post(b.token, staff({ identity: 'DUP-1' }))).statusCode).toBe(201);
    const taken = await post(a.token, staff({ username: 'rkhoury', password: 'Strong@Pass1', email: 'other@north.test' }));
    expect(taken.statusCode).toBe(409);
    expect(body(taken).message.fields).toEqual({ username: 'This user name is already taken' });
  });

  it('refuses references to another company\'s clinics and roles', async () => {
    const res = await post(a.token, staff({ clinics: [clinicB], roleIds: [b.roleIds.get('Nurse')!], username: 'crossy', password: 'Strong@Pass1', email: 'crossy@north.test' }));
    expect(res.statusCode).toBe(422);
    expect(body(res).message.fields).toEqual({ roleIds: 'This item does not exist', clinics: 'This item does not exist' });
  });

  it('needs employee_write or user_create; accounts need user_create; nobody grants more than they hold', async () => {
    expect((await post(receptionToken, staff())).statusCode).toBe(403);
    const db = ctx.database.db;
    const { roleIds } = a;
    // A staff manager: employee_write but no user permissions.
    const { rolePermissions, roles } = await import('../../db/schema/index.js');
    const [role] = await db.insert(roles).values({ companyId: a.companyId, name: 'Staff Manager' }).returning({ id: roles.id });
    await db.insert(rolePermissions).values([{ companyId: a.companyId, roleId: role!.id, permission: 'employee_write' }, { companyId: a.companyId, roleId: role!.id, permission: 'employee_read' }]);
    roleIds.set('Staff Manager', role!.id);
    await createAccount(db, a.companyId, roleIds, { name: 'Manager', username: 'w_manager', email: 'w_manager@north.test', password: TEST_PASSWORD, employeeType: 'Administrative', roleNames: ['Staff Manager'] });
    const manager = (await login(ctx, 'w_manager', TEST_PASSWORD)).accessToken;
    expect((await post(manager, staff())).statusCode).toBe(201);
    const account = await post(manager, staff({ username: 'sneaky', password: 'Strong@Pass1', email: 'sneaky@north.test' }));
    expect(account.statusCode).toBe(403);
    expect(body(account).message.message).toBe('You do not have permission to manage user accounts');

    // A user administrator without admin cannot hand out the Admin role.
    const [uadmin] = await db.insert(roles).values({ companyId: a.companyId, name: 'User Admin' }).returning({ id: roles.id });
    await db.insert(rolePermissions).values(['user_read', 'user_create', 'user_update', 'user_delete'].map((permission) => ({ companyId: a.companyId, roleId: uadmin!.id, permission })));
    roleIds.set('User Admin', uadmin!.id);
    await createAccount(db, a.companyId, roleIds, { name: 'UA', username: 'w_uadmin', email: 'w_uadmin@north.test', password: TEST_PASSWORD, employeeType: 'Administrative', roleNames: ['User Admin'] });
    const uaToken = (await login(ctx, 'w_uadmin', TEST_PASSWORD)).accessToken;
    const grant = await post(uaToken, staff({ username: 'wannabe', password: 'Strong@Pass1', email: 'wannabe@north.test', roleIds: [roleIds.get('Admin')!] }));
    expect(grant.statusCode).toBe(403);
    expect(body(grant).message.message).toBe('You cannot grant permissions that you do not hold yourself');
    const ok = await post(uaToken, staff({ username: 'plainuser', password: 'Strong@Pass1', email: 'plainuser@north.test', roleIds: [roleIds.get('User Admin')!] }));
    expect(ok.statusCode).toBe(201);
  });
});

describe('PUT /api/employees/{id}', () => {
  it('saves a full edit: contact infos, working hours, breaks and vacations, and audits what changed', async () => {
    const id = body(await post(a.token, staff())).data._id;
    const res = await put(a.token, id, {
      contactInfos: [{ type: 'phone', value: '0509998888' }],
      workingHours: [{ day: 'Tuesday', startTime: '08:00', endTime: '14:00' }, { day: 'Wednesday', startTime: '10:00', endTime: '18:00' }],
      breakTimes: [{ startTime: '11:00', endTime: '11:15' }],
      vacationRecords: [],
      jobTitle: 'Charge Nurse',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).message).toBe('Employee updated successfully');
    const saved = body(await get(a.token, id)).data;
    expect(saved).toMatchObject({
      contactInfos: [{ type: 'phone', value: '0509998888' }],
      workingHours: [{ day: 'Tuesday', startTime: '08:00', endTime: '14:00' }, { day: 'Wednesday', startTime: '10:00', endTime: '18:00' }],
      breakTimes: [{ startTime: '11:00', endTime: '11:15' }],
      vacationRecords: [],
      jobTitle: 'Charge Nurse',
      name: 'Huda Al-Amri',
    });
    const [audit] = await ctx.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'update')));
    const changes = audit!.changes as { before: Record<string, unknown>; after: Record<string, unknown> };
    expect(changes.before.jobTitle).toBe('Head Nurse');
    expect(changes.after.jobTitle).toBe('Charge Nurse');
    expect(changes.after.name).toBeUndefined();
  });

  it('checks the schedule rules against the record as it will be saved', async () => {
    const id = body(await post(a.token, staff())).data._id;
    const res = await put(a.token, id, { workingHours: [{ day: 'Sunday', startTime: '14:00', endTime: '20:00' }] });
    expect(res.statusCode).toBe(422);
    expect(body(res).message.fields).toEqual({ 'breakTimes.0.startTime': 'Break times must lie inside working hours' });
  });

  it('replaces and removes the picture and documents', async () => {
    const id = body(await post(a.token, staff())).data._id;
    const upload = await multipart([
      ['version', String(await versionOf(ctx, 'employees', id))],
      ['image', { data: PNG, name: 'p.png', type: 'image/png' }], ['documents[workPermit][file]', { data: PDF, name: 'permit.pdf', type: 'application/pdf' }], ['documents[workPermit][effectiveDate]', '2025-02-01'],
    ]);
    const res = await ctx.app.inject({ method: 'PUT', url: `/api/employees/${id}`, headers: { ...auth(a.token), ...upload.headers }, payload: upload.payload });
    expect(res.statusCode, res.body).toBe(200);
    expect(body(res).data).toMatchObject({ image: { name: 'p.png' }, documents: { workPermit: { file: { name: 'permit.pdf' }, effectiveDate: '2025-02-01' } } });
    // Employment documents are HR records: a receptionist (employee_read only) sees the dates, not the files.
    const seenByReception = body(await get(receptionToken, id)).data;
    expect(seenByReception.documents.workPermit).toEqual({ file: null, effectiveDate: '2025-02-01' });
    expect(seenByReception.image).toMatchObject({ name: 'p.png' });
    const removed = await put(a.token, id, { image: '', documents: { workPermit: { file: '', effectiveDate: null } } });
    expect(body(removed).data).toMatchObject({ image: null, documents: { workPermit: { file: null, effectiveDate: null } } });
  });

  it('toggles the status with { isActive } alone; a deactivated user cannot sign in and loses every session', async () => {
    const created = body(await post(a.token, staff({ username: 'togglee', password: 'Strong@Pass1', email: 'togglee@north.test', roleIds: [a.roleIds.get('Nurse')!] }))).data;
    const session = await login(ctx, 'togglee', 'Strong@Pass1');
    const off = await put(a.token, created._id, { isActive: false });
    expect(off.statusCode).toBe(200);
    expect(body(off).message).toBe('Account deactivated');
    expect(body(off).data.isActive).toBe(false);
    const signIn = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'togglee', password: 'Strong@Pass1' } });
    expect(signIn.statusCode).toBe(403);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/profile', headers: auth(session.accessToken) })).statusCode).toBe(401);
    const renew = await ctx.app.inject({ method: 'POST', url: '/api/auth/refresh-token', payload: { refreshToken: session.refreshToken } });
    expect(renew.statusCode).toBe(401);
    const on = await put(a.token, created._id, { isActive: 'true' });
    expect(body(on).message).toBe('Account activated');
    expect((await login(ctx, 'togglee', 'Strong@Pass1')).accessToken).toBeTruthy();
  });

  it('refuses to deactivate one\'s own account or change one\'s own roles', async () => {
    const res = await put(a.token, a.adminId, { isActive: false });
    expect(res.statusCode).toBe(409);
    expect(body(res).message.message).toBe('You cannot deactivate your own account');
    const ar = await put(a.token, a.adminId, { isActive: false }, 'ar');
    expect(body(ar).message.message).toBe('لا يمكنك تعطيل حسابك');
    const roles = await put(a.token, a.adminId, { roleIds: [a.roleIds.get('Nurse')!] });
    expect(roles.statusCode).toBe(409);
  });

  it('answers 404 for unknown ids and for another company\'s employees, and changes nothing', async () => {
    const id = body(await post(a.token, staff())).data._id;
    expect((await put(a.token, '00000000-0000-4000-8000-000000000000', { name: 'X' })).statusCode).toBe(404);
    expect((await get(b.token, id)).statusCode).toBe(404);
    expect((await put(b.token, id, { name: 'Hijacked' })).statusCode).toBe(404);
    expect((await del(b.token, id)).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/employees/${id}/stats`, headers: auth(b.token) })).statusCode).toBe(404);
    expect(body(await get(a.token, id)).data.name).toBe('Huda Al-Amri');
  });

  it('refuses edits without employee_write or user_update', async () => {
    const id = body(await post(a.token, staff())).data._id;
    const res = await put(receptionToken, id, { name: 'Changed' });
    expect(res.statusCode).toBe(403);
  });
});

describe('DELETE /api/employees/{id}', () => {
  it('deletes a staff member; the record is then gone', async () => {
    const id = body(await post(a.token, staff())).data._id;
    const res = await del(a.token, id);
    expect(res.statusCode).toBe(200);
    expect(body(res).message).toBe('Employee deleted successfully');
    expect((await get(a.token, id)).statusCode).toBe(404);
    const [audit] = await ctx.database.db.select().from(auditLog).where(and(eq(auditLog.entityId, id), eq(auditLog.action, 'delete')));
    expect(audit).toBeDefined();
  });

  it('refuses to delete one\'s own account, or without permission', async () => {
    const res = await del(a.token, a.adminId);
    expect(res.statusCode).toBe(409);
    expect(body(res).message.message).toBe('You cannot delete your own account');
    const id = body(await post(a.token, staff())).data._id;
    expect((await del(receptionToken, id)).statusCode).toBe(403);
  });

  it('refuses to delete a doctor who has appointments and suggests deactivating', async () => {
    const doctor = body(await post(a.token, staff({ name: 'Dr. Busy', employeeType: 'Doctor' }))).data._id;
    const db = ctx.database.db;
    const [patient] = await db.insert(patients).values({ companyId: a.companyId, publicId: 'PAT-000001', name: 'Amal', identity: 'P-1', dateOfBirth: '1995-01-01' }).returning({ id: patients.id });
    const [service] = await db.insert(services).values({ companyId: a.companyId, publicId: 'SRV-000001', clinicId: clinicA, name: 'Consultation', price: '200' }).returning({ id: services.id });
    await db.insert(appointments).values({
      companyId: a.companyId, publicId: 'APT-000001', patientId: patient!.id, doctorId: doctor, clinicId: clinicA, serviceId: service!.id,
      reason: 'Check-up', startsAt: new Date(Date.now() - 86_400_000), endsAt: new Date(Date.now() - 86_400_000 + 1_800_000), status: 'completed',
    });
    const res = await del(a.token, doctor);
    expect(res.statusCode).toBe(409);
    expect(body(res).message.message).toBe('This employee has 1 appointment and cannot be deleted. Deactivate the employee instead.');
    expect((await get(a.token, doctor)).statusCode).toBe(200);
  });
});

describe('GET /api/employees/{id}/stats', () => {
  it('is all zeros and empty lists for a doctor without appointments', async () => {
    const doctor = body(await post(a.token, staff({ name: 'Dr. Quiet', employeeType: 'Doctor' }))).data._id;
    for (const [period, days] of [['7d', 7], ['30d', 30]] as const) {
      const res = await ctx.app.inject({ method: 'GET', url: `/api/employees/${doctor}/stats?period=${period}`, headers: auth(a.token) });
      expect(res.statusCode).toBe(200);
      const stats = body(res).data;
      expect(stats.days).toHaveLength(days);
      expect(stats.days.every((d: { scheduled: number; completed: number; cancelled: number }) => d.scheduled + d.completed + d.cancelled === 0)).toBe(true);
      expect(stats).toMatchObject({ totalPatients: 0, upcoming: [], patients: [], totals: { appointments: 0, patients: 0 } });
    }
    const month = body(await ctx.app.inject({ method: 'GET', url: `/api/employees/${doctor}/stats?period=month`, headers: auth(a.token) })).data;
    expect(month.from.endsWith('-01')).toBe(true);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/employees/${doctor}/stats?period=year`, headers: auth(a.token) })).statusCode).toBe(422);
  });

  it('counts real appointments per day and status, distinct patients and the upcoming schedule', async () => {
    const doctor = body(await post(a.token, staff({ name: 'Dr. Counted', employeeType: 'Doctor' }))).data._id;
    const db = ctx.database.db;
    const [p1] = await db.insert(patients).values({ companyId: a.companyId, publicId: 'PAT-000101', name: 'Omar Saeed', identity: 'P-101', dateOfBirth: '1980-01-01' }).returning({ id: patients.id });
    const [p2] = await db.insert(patients).values({ companyId: a.companyId, publicId: 'PAT-000102', name: 'Sara Ali', identity: 'P-102', dateOfBirth: '1985-01-01' }).returning({ id: patients.id });
    const [service] = await db.insert(services).values({ companyId: a.companyId, publicId: 'SRV-000101', clinicId: clinicA, name: 'ECG', price: '150' }).returning({ id: services.id });
    const hour = 3_600_000;
    const at = (offsetHours: number, patientId: string, status: string, n: number) => ({
      companyId: a.companyId, publicId: `APT-0002${n}`, patientId, doctorId: doctor, clinicId: clinicA, serviceId: service!.id, reason: 'Follow-up',
      startsAt: new Date(Date.now() + offsetHours * hour), endsAt: new Date(Date.now() + offsetHours * hour + hour / 2), status,
    });
    await db.insert(appointments).values([
      at(-26, p1!.id, 'completed', 1), at(-50, p2!.id, 'completed', 2), at(-30, p2!.id, 'cancelled', 3), at(30, p1!.id, 'scheduled', 4),
    ]);
    const stats = body(await ctx.app.inject({ method: 'GET', url: `/api/employees/${doctor}/stats?period=30d`, headers: auth(a.token) })).data;
    expect(stats.totals).toMatchObject({ completed: 2, cancelled: 1 });
    expect(stats.totalPatients).toBe(2);
    const week = body(await ctx.app.inject({ method: 'GET', url: `/api/employees/${doctor}/stats?period=7d`, headers: auth(a.token) })).data;
    expect(week.days.reduce((n: number, d: { completed: number }) => n + d.completed, 0)).toBe(2);
    const upcoming = body(await ctx.app.inject({ method: 'GET', url: `/api/employees/${doctor}/stats`, headers: auth(a.token) })).data.upcoming;
    expect(upcoming).toHaveLength(1);
    expect(upcoming[0]).toMatchObject({ status: 'scheduled', patient: { name: 'Omar Saeed' }, service: { name: 'ECG' }, clinic: { name: 'Cardiology Clinic' } });
    expect(stats.patients.map((p: { name: string }) => p.name).sort()).toEqual(['Omar Saeed', 'Sara Ali']);
  });
});

describe('GET /api/employees filters', () => {
  it('filters doctors by type, clinic, speciality and a formatted date of birth', async () => {
    const doctors = body(await ctx.app.inject({ method: 'GET', url: '/api/employees?employeeType=Doctor&limit=30', headers: auth(a.token) })).data;
    expect(doctors.length).toBeGreaterThan(0);
    expect(doctors.every((d: { employeeType: string }) => d.employeeType === 'Doctor')).toBe(true);
    const inClinic = body(await ctx.app.inject({ method: 'GET', url: `/api/employees?clinicId=${clinicA}&specializationId=${specA}`, headers: auth(a.token) })).data;
    expect(inClinic.map((d: { name: string }) => d.name)).toEqual(['Dr. Rami Khoury']);
    expect(inClinic[0]).toMatchObject({ specializations: [{ name: 'Cardiology' }], clinics: [{ name: 'Cardiology Clinic' }], phone: '0551112222', hasAccount: true, image: { mimeType: 'image/png' } });
    const bySpecialization = body(await ctx.app.inject({ method: 'GET', url: '/api/employees?search=cardio', headers: auth(a.token) })).data;
    expect(bySpecialization.map((d: { name: string }) => d.name)).toContain('Dr. Rami Khoury');
    const born = body(await ctx.app.inject({ method: 'GET', url: `/api/employees?dateOfBirth=${encodeURIComponent('June 15, 1982')}`, headers: auth(a.token) })).data;
    expect(born.map((d: { name: string }) => d.name)).toEqual(['Dr. Rami Khoury']);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/employees?dateOfBirth=someday', headers: auth(a.token) })).statusCode).toBe(422);
  });

  it('lists only accounts for the users list and leaves doctors out of the staff list', async () => {
    const users = body(await ctx.app.inject({ method: 'GET', url: '/api/employees?hasAccount=true&allData=true', headers: auth(a.token) })).data;
    expect(users.length).toBeGreaterThan(0);
    expect(users.every((u: { hasAccount: boolean }) => u.hasAccount)).toBe(true);
    const staffOnly = body(await ctx.app.inject({ method: 'GET', url: '/api/employees?excludeDoctors=true&allData=true', headers: auth(a.token) })).data;
    expect(staffOnly.some((e: { employeeType: string }) => e.employeeType === 'Doctor')).toBe(false);
    expect(staffOnly.map((e: { name: string }) => e.name)).toContain('Huda Al-Amri');
  });

  it('counts an account made by single sign-on (no password) as an account, in the lists and the record', async () => {
    const [sso] = await ctx.database.db.insert(employees).values({ companyId: a.companyId, publicId: 'EMP-SSO-1', name: 'Nadia Single-Sign', employeeType: 'Receptionist' }).returning();
    await ctx.database.db.insert(externalIdentities).values({ companyId: a.companyId, issuer: 'https://idp.example', subject: 'nadia', employeeId: sso!.id });
    const get = async (q: string) => body(await ctx.app.inject({ method: 'GET', url: `/api/employees?${q}&allData=true`, headers: auth(a.token) })).data as Array<{ _id: string; hasAccount: boolean }>;
    expect((await get('hasAccount=true')).find((e) => e._id === sso!.id)).toMatchObject({ hasAccount: true });
    expect((await get('hasAccount=false')).some((e) => e._id === sso!.id)).toBe(false);
    const record = body(await ctx.app.inject({ method: 'GET', url: `/api/employees/${sso!.id}`, headers: auth(a.token) })).data;
    expect(record).toMatchObject({ hasAccount: true, invitation: null });
  });
});
