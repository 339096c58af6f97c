import { describe, expect, it } from 'vitest';
import type { RoleFormValues } from '@clinic/shared';
import { requestLines } from '@/test/request-pins';
import { deleteRole } from './delete-role';
import { getPermissions } from './get-permissions';
import { getRoles } from './get-roles';
import { saveRole } from './save-role';

describe('the roles requests', () => {
  it('are the same bytes they have always been', async () => {
    const id = 'a/b 1';
    const values: RoleFormValues = { name: 'Front desk', permissions: ['patient_read', 'appointment_write'] };
    expect(await requestLines([
      () => getRoles({ page: 2, limit: 20, search: 'fro nt', sortBy: 'name', order: 'asc' }),
      () => getRoles({ page: 1, limit: 10, sortBy: 'createdAt', order: 'desc', allData: true }),
      () => getPermissions(),
      () => saveRole({ values }),
      () => saveRole({ id, version: 5, values }),
      () => deleteRole(id),
    ])).toMatchInlineSnapshot(`
      [
        "GET /api/roles?page=2&limit=20&sortBy=name&order=asc&search=fro+nt",
        "GET /api/roles?page=1&limit=10&sortBy=createdAt&order=desc&allData=true",
        "GET /api/permissions",
        "POST /api/roles {"name":"Front desk","permissions":["patient_read","appointment_write"]}",
        "PUT /api/roles/a%2Fb%201 {"name":"Front desk","permissions":["patient_read","appointment_write"],"version":5}",
        "DELETE /api/roles/a%2Fb%201",
      ]
    `);
  });
});
