import { describe, expect, it } from 'vitest';
import { requestLines } from '@/test/request-pins';
import { deleteClinic } from './delete-clinic';
import { getClinic } from './get-clinic';
import { getClinicPatientCount } from './get-clinic-patient-count';
import { getClinics } from './get-clinics';
import { createClinic, updateClinic } from './save-clinic';

describe('the clinics requests', () => {
  it('are the same bytes they have always been', async () => {
    const id = 'a/b 1';
    const values = { name: 'Eye clinic', isActive: true, AverageDurationOfVisit: 20 } as never;
    expect(await requestLines([
      () => getClinics({ page: 2, limit: 25, search: 'ey e', status: 'active', sortBy: 'createdAt', order: 'asc' }),
      () => getClinic(id),
      () => getClinicPatientCount(id),
      () => createClinic(values),
      () => updateClinic(id, values, 2),
      () => deleteClinic(id),
    ])).toMatchInlineSnapshot(`
      [
        "GET /api/clinics?page=2&limit=25&sortBy=createdAt&order=asc&search=ey+e&isActive=true",
        "GET /api/clinics/a%2Fb%201",
        "GET /api/clinics/a%2Fb%201/patient-count",
        "POST /api/clinics {"name":"Eye clinic","isActive":true,"AverageDurationOfVisit":20}",
        "PUT /api/clinics/a%2Fb%201 {"name":"Eye clinic","isActive":true,"AverageDurationOfVisit":20,"version":2}",
        "DELETE /api/clinics/a%2Fb%201",
      ]
    `);
  });
});
