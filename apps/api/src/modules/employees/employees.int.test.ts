import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../organisation/provision.js';
import { auth, body, createOrg, createTestContext, login, TEST_PASSWORD, type TestContext, type TestOrg } from '../../test/harness.js';

let ctx: TestContext;
let a: TestOrg;
let b: TestOrg;

beforeAll(async () => {
  ctx = await createTestContext();
  a = await createOrg(ctx, { name: 'North Clinic' });
  b = await createOrg(ctx, { name: 'South Clinic' });
  const people = [
    ['Dr. Omar Haddad', 'Doctor', 'Doctor'], ['Layla Mansour', 'Administrative', 'Receptionist'], ['Fatima Zahra', 'Nurse', 'Nurse'],
    ['Khalid Nasser', 'Employee', 'Accountant'], ['Emily Carter', 'Doctor', 'Doctor'], ['Youssef Amin', 'Doctor', 'Doctor'],
    ['Noura Qahtani', 'Administrative', 'Receptionist'], ['James Wilson', 'Technician', 'Nurse'], ['Mariam Saleh', 'Nurse', 'Nurse'],
    ['Hassan Ibrahim', 'Admin', 'Admin'], ['Aisha Rahman', 'Employee', 'Accountant'],
  ] as const;
  for (const [i, [name, type, role]] of people.entries()) {
    await createAccount(ctx.database.db, a.companyId, a.roleIds, {
      name, username: `a_user_${i}`, email: `a_user_${i}@north.test`, password: TEST_PASSWORD, employeeType: type, roleNames: [role],
    });
  }
});
afterAll(() => ctx.close());

const list = (token: string, query = '') => ctx.app.inject({ method: 'GET', url: `/api/employees${query}`, headers: auth(token) });

describe('GET /api/employees (users list)', () => {
  it('pages through the company\'s people with the documented pagination block', async () => {
    const res = await list(a.token, '?page=2&limit=5');
    expect(res.statusCode).toBe(200);
    const json = body(res);
    expect(json.data).toHaveLength(5);
    expect(json.pagination).toEqual({ current_page: 2, items_per_page: 5, has_next_page: true, has_previous_page: true, total_items: 12, total_pages: 3, total_exact: true });
    expect(json.data[0]).toEqual(expect.objectContaining({ publicId: expect.stringMatching(/^EMP-\d{6}$/), roleIds: [expect.objectContaining({ name: expect.any(String) })] }));
  });

  it('defaults to the newest first, 10 a page', async () => {
    const json = body(await list(a.token));
    expect(json.data).toHaveLength(10);
    expect(json.data[0].name).toBe('Aisha Rahman');
    expect(json.pagination.items_per_page).toBe(10);
  });

  it('searches by name, user name and public id, case-insensitively, with wildcards taken literally', async () => {
    expect(body(await list(a.token, '?search=haddad')).data.map((e: { name: string }) => e.name)).toEqual(['Dr. Omar Haddad']);
    expect(body(await list(a.token, '?search=A_USER_3')).data.map((e: { name: string }) => e.name)).toEqual(['Khalid Nasser']);
    expect(body(await list(a.token, '?search=%25')).data).toHaveLength(0);
  });

  it('filters by role name and status, and sorts by name', async () => {
    const admins = body(await list(a.token, `?filter_fields=${encodeURIComponent('{"roleName":"Admin"}')}&sortBy=name&order=asc`)).data;
    expect(admins.map((e: { name: string }) => e.name)).toEqual([a.adminName, 'Hassan Ibrahim']);
    expect(body(await list(a.token, '?isActive=false')).data).toHaveLength(0);
    const byName = body(await list(a.token, '?sortBy=name&order=asc&limit=30')).data.map((e: { name: string }) => e.name);
    expect(byName).toEqual([...byName].sort((x: string, y: string) => x.localeCompare(y, 'en', { sensitivity: 'base' })));
  });

  it('returns every row with allData for dropdowns', async () => {
    const json = body(await list(a.token, '?allData=true&page=0&limit=0'));
    expect(json.data).toHaveLength(12);
  });

  it('refuses malformed parameters with 422 and field messages', async () => {
    for (const q of ['?sortBy=password_hash', '?limit=7', '?page=-1', '?order=sideways', '?isActive=maybe', '?filter_fields=%7Bnot-json']) {
      const res = await list(a.token, q);
      expect(res.statusCode, q).toBe(422);
      expect(Object.keys(body(res).message.fields).length, q).toBe(1);
    }
  });

  it('never shows another company\'s people', async () => {
    const json = body(await list(b.token, '?limit=30'));
    expect(json.data.map((e: { name: string }) => e.name)).toEqual([b.adminName]);
    expect(body(await list(b.token, '?search=haddad')).data).toHaveLength(0);
  });

  it('needs a permission to read staff: an account without it gets 403', async () => {
    const noRole = await createAccount(ctx.database.db, a.companyId, a.roleIds, {
      name: 'No Role', username: 'norole', email: 'norole@north.test', password: TEST_PASSWORD, employeeType: 'Employee', roleNames: [],
    });
    const s = await login(ctx, noRole.username!, TEST_PASSWORD);
    const res = await list(s.accessToken);
    expect(res.statusCode).toBe(403);
    expect(body(res).message).toEqual({ message: 'You do not have permission to do this', code: 'FORBIDDEN' });
  });
});
