import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auth, body, createOrg, createTestContext, type TestContext } from '../../test/harness.js';
import { clinicBody } from '../../test/organisation-fixtures.js';

let ctx: TestContext;
beforeAll(async () => { ctx = await createTestContext(); });
afterAll(() => ctx.close());

const signup = (payload: object, lang?: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/signup', payload, headers: lang ? { 'accept-language': lang } : {} });

const person = {
  companyName: 'Shifa Family Clinic',
  name: 'Huda Saleh',
  username: 'huda.saleh',
  email: 'huda@shifa.example',
  password: 'Strong@123',
  confirmPassword: 'Strong@123',
  timeZone: 'Asia/Riyadh',
};

describe('POST /api/auth/signup', () => {
  it('creates an organisation and its administrator, signs them in, then the plan is chosen once', async () => {
    const res = await signup(person);
    expect(res.statusCode).toBe(200);
    const { data, message } = body(res);
    expect(message).toBe('Your organisation was created. Welcome!');
    expect(data.accessToken).toEqual(expect.any(String));
    expect(data.refreshToken).toEqual(expect.any(String));
    expect(data.user).toMatchObject({ name: 'Huda Saleh', username: 'huda.saleh', email: 'huda@shifa.example', roles: ['Admin'], plan: null, employeeType: 'Admin', permissions: ['admin'] });

    const plan = await ctx.app.inject({ method: 'PUT', url: '/api/profile', headers: auth(data.accessToken), payload: { plan: 'complex' } });
    expect(plan.statusCode).toBe(200);
    expect(body(plan).data.plan).toBe('complex');
    const again = await ctx.app.inject({ method: 'PUT', url: '/api/profile', headers: auth(data.accessToken), payload: { plan: 'clinic' } });
    expect(again.statusCode).toBe(409);

    // The new organisation starts with its own time zone: clinics default to it.
    const clinic = await ctx.app.inject({ method: 'POST', url: '/api/clinics', headers: auth(data.accessToken), payload: clinicBody(data.user._id) });
    expect(body(clinic).data.timeZone).toBe('Asia/Riyadh');

    const login = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'huda@shifa.example', password: 'Strong@123' } });
    expect(login.statusCode).toBe(200);
  });

  it('refuses a taken user name or e-mail with a clear field message (409)', async () => {
    const org = await createOrg(ctx);
    const res = await signup({ ...person, companyName: 'Other', username: org.adminUsername.toUpperCase(), email: `${org.adminUsername}@example.test` });
    expect(res.statusCode).toBe(409);
    expect(body(res).message).toEqual({
      code: 'DUPLICATE',
      message: 'This user name is already taken',
      fields: { username: 'This user name is already taken', email: 'An account with this email already exists' },
    });
    const ar = await signup({ ...person, username: 'someone.new', email: 'HUDA@shifa.example' }, 'ar');
    expect(body(ar).message.fields).toEqual({ email: 'يوجد حساب مسجّل بهذا البريد الإلكتروني' });
  });

  it('applies the password rules and the other field rules', async () => {
    const res = await signup({ ...person, username: 'x y', email: 'nope', password: 'weakpassword', confirmPassword: 'weakpassword', companyName: '' });
    expect(res.statusCode).toBe(422);
    expect(body(res).message.fields).toEqual({
      companyName: 'Organisation name is required',
      username: 'Use 3 to 30 letters, digits, dots, dashes or underscores, starting with a letter or digit',
      email: 'Invalid email address',
      password: 'Password must be at least 8 characters, use a mix of uppercase, lowercase, numbers, and symbols.',
    });
    const mismatch = await signup({ ...person, username: 'new.one', email: 'new.one@shifa.example', confirmPassword: 'Strong@124' });
    expect(body(mismatch).message.fields).toEqual({ confirmPassword: 'Password confirmation does not match. Please try again' });
    const tooLong = await signup({ ...person, password: 'Aa1!'.repeat(6), confirmPassword: 'Aa1!'.repeat(6) }, 'ar');
    expect(body(tooLong).message.fields).toEqual({ password: 'يجب ألا تزيد كلمة المرور عن 20 حرفًا.' });
  });

  it('can be switched off for closed installations', async () => {
    const closed = await createTestContext({ allowSignup: false });
    try {
      const res = await closed.app.inject({ method: 'POST', url: '/api/auth/signup', payload: {} });
      expect(res.statusCode).toBe(403);
      expect(body(res).message).toEqual({ code: 'SIGNUP_DISABLED', message: 'Sign-up is disabled on this installation' });
    } finally {
      await closed.close();
    }
  });
});

describe('sign-up throttling', () => {
  it('counts every attempt from an address, taken names included, and answers 429 past the limit', async () => {
    const limited = await createTestContext({ signupMaxAttempts: 2 });
    try {
      const from = (remoteAddress: string, payload: object, lang?: string) =>
        limited.app.inject({ method: 'POST', url: '/api/auth/signup', remoteAddress, payload, headers: lang ? { 'accept-language': lang } : {} });
      expect((await from('10.3.3.3', person)).statusCode).toBe(200);
      // Probing for a taken name is an attempt like any other.
      expect((await from('10.3.3.3', { ...person, email: 'another@shifa.example' })).statusCode).toBe(409);
      const third = await from('10.3.3.3', { ...person, username: 'free.name', email: 'free@shifa.example' }, 'ar');
      expect(third.statusCode).toBe(429);
      expect(body(third).message).toEqual({ code: 'TOO_MANY_SIGNUPS', message: 'محاولات تسجيل كثيرة من هذا العنوان. يرجى المحاولة بعد 60 دقيقة.' });
      const en = await from('10.3.3.3', { ...person, username: 'free.name', email: 'free@shifa.example' });
      expect(body(en).message.message).toBe('Too many sign-up attempts from this address. Please try again in 60 minutes.');
      // Another address is not held back.
      expect((await from('10.3.3.4', { ...person, username: 'free.name', email: 'free@shifa.example' })).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
