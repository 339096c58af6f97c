import { describe, expect, it } from 'vitest';
import { requestLines } from '@/test/request-pins';
import { createEmployee } from './create-employee';
import { deleteEmployee } from './delete-employee';
import { getEmployee } from './get-employee';
import { getEmployeeStats } from './get-employee-stats';
import { getEmployees } from './get-employees';
import { getUsers } from './get-users';
import { inviteUser, resendInvitation } from './invitations';
import { setEmployeeStatus, updateEmployee } from './update-employee';

describe('the people requests', () => {
  it('are the same bytes they have always been', async () => {
    const id = 'a/b 1';
    expect(await requestLines([
      () => getEmployees({
        page: 2, limit: 25, search: 'sa ra', sortBy: 'name', order: 'asc', status: 'inactive', employeeType: 'Doctor',
        clinicId: 'c/1', specializationId: 's 1', gender: 'female', dateOfBirth: '1990-01-05', excludeDoctors: true,
      }),
      () => getEmployees({ page: 1, limit: 10, sortBy: '_id', order: 'desc' }),
      () => getUsers({ page: 3, limit: 50, search: 'ali', sortBy: 'lastLoginAt', order: 'desc', status: 'active', role: 'Admin' }),
      () => getUsers({ page: 1, limit: 10, search: '', sortBy: '_id', order: 'desc', status: null, role: null }),
      () => getEmployee(id),
      () => getEmployeeStats(id, '30d'),
      () => createEmployee({ values: { name: 'Sara', employeeType: 'Doctor' } }),
      () => updateEmployee({ id, version: 3, values: { name: 'Sara' } }),
      () => setEmployeeStatus({ id, isActive: false, version: 4 }),
      () => deleteEmployee(id),
      () => inviteUser({ name: 'Sara', email: 'sara@example.com', employeeType: 'Doctor', roleIds: ['r1'], clinics: ['c1'] }),
      () => resendInvitation(id),
    ])).toMatchInlineSnapshot(`
      [
        "GET /api/employees?page=2&limit=25&sortBy=name&order=asc&search=sa+ra&isActive=false&employeeType=Doctor&clinicId=c%2F1&specializationId=s+1&gender=female&dateOfBirth=1990-01-05&excludeDoctors=true",
        "GET /api/employees?page=1&limit=10&sortBy=_id&order=desc",
        "GET /api/employees?page=3&limit=50&sortBy=lastLoginAt&order=desc&search=ali&isActive=true&filter_fields=%7B%22roleName%22%3A%22Admin%22%7D&hasAccount=true",
        "GET /api/employees?page=1&limit=10&sortBy=_id&order=desc&hasAccount=true",
        "GET /api/employees/a%2Fb%201",
        "GET /api/employees/a%2Fb%201/stats?period=30d",
        "POST /api/employees [form data]",
        "PUT /api/employees/a%2Fb%201 [form data]",
        "PUT /api/employees/a%2Fb%201 {"isActive":false,"version":4}",
        "DELETE /api/employees/a%2Fb%201",
        "POST /api/invitations {"name":"Sara","email":"sara@example.com","employeeType":"Doctor","roleIds":["r1"],"clinics":["c1"]}",
        "POST /api/employees/a%2Fb%201/invitation",
      ]
    `);
  });
});
