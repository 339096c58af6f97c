import { describe, expect, it } from 'vitest';
import { requestLines } from '@/test/request-pins';
import { getCatalogue, importCatalogue, setMedicationStatus } from './catalogue';
import { addPatientMedication, completeMedication, getPatientMedications, stopMedication } from './patient-medications';

describe('the medications requests', () => {
  it('are the same bytes they have always been', async () => {
    const id = 'a/b 1';
    expect(await requestLines([
      () => getCatalogue({ search: 'أموكسي', page: 2, limit: 10, isActive: true }),
      () => getCatalogue({ search: '', page: 1, limit: 30 }),
      () => importCatalogue(new File(['name'], 'drugs.csv', { type: 'text/csv' })),
      () => setMedicationStatus(id, { isActive: false, version: 3 }),
      () => getPatientMedications(id),
      () => addPatientMedication(id, { name: 'Vitamin D3', route: 'oral', frequency: 'BID', dose: 1, unit: 'capsule' }),
      () => stopMedication(id, { reason: 'Rash', version: 2 }),
      () => completeMedication(id, { version: 2 }),
    ])).toMatchInlineSnapshot(`
      [
        "GET /api/medications?search=%D8%A3%D9%85%D9%88%D9%83%D8%B3%D9%8A&page=2&limit=10&isActive=true",
        "GET /api/medications?page=1&limit=30",
        "POST /api/medications/import [form data]",
        "PATCH /api/medications/a%2Fb%201 {"isActive":false,"version":3}",
        "GET /api/patients/a%2Fb%201/medications?allData=true",
        "POST /api/patients/a%2Fb%201/medications {"name":"Vitamin D3","route":"oral","frequency":"BID","dose":1,"unit":"capsule"}",
        "POST /api/patient-medications/a%2Fb%201/stop {"reason":"Rash","version":2}",
        "POST /api/patient-medications/a%2Fb%201/complete {"version":2}",
      ]
    `);
  });
});
