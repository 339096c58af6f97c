import { describe, expect, it } from 'vitest';
import { requestLines } from '@/test/request-pins';
import { deleteDepartment } from './delete-department';
import { getDepartment } from './get-department';
import { getDepartments } from './get-departments';
import { createDepartment, updateDepartment } from './save-department';

describe('the departments requests', () => {
  it('are the same bytes they have always been', async () => {
    const id = 'a/b 1';
    const values = { name: 'Surgery', isActive: false, patientCapacity: 40 } as never;
    expect(await requestLines([
      () => getDepartments({ page: 1, limit: 10, search: 'sur gery', status: null, sortBy: 'clinicCount', order: 'desc' }),
      () => getDepartment(id),
      () => createDepartment(values),
      () => updateDepartment(id, values, 7),
      () => deleteDepartment(id),
    ])).toMatchInlineSnapshot(`
      [
        "GET /api/departments?page=1&limit=10&sortBy=clinicCount&order=desc&search=sur+gery",
        "GET /api/departments/a%2Fb%201",
        "POST /api/departments {"name":"Surgery","isActive":false,"patientCapacity":40}",
        "PUT /api/departments/a%2Fb%201 {"name":"Surgery","isActive":false,"patientCapacity":40,"version":7}",
        "DELETE /api/departments/a%2Fb%201",
      ]
    `);
  });
});
