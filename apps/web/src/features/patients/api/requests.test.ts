import { describe, expect, it } from 'vitest';
import type { PatientData } from '@clinic/shared';
import { requestLines } from '@/test/request-pins';
import { jsonResponse, mockFetch } from '@/test/utils';
import { addPatientNote } from './add-patient-note';
import { createPatient } from './create-patient';
import { createQuickPatient } from './create-quick-patient';
import { deletePatient } from './delete-patient';
import { getPatient } from './get-patient';
import { getPatients } from './get-patients';
import { updatePatient } from './update-patient';
import { uploadHealthReport } from './upload-health-report';

const id = 'a/b 1';
const values = { name: 'Sara Nasser', mobile: '0501234567', dateOfBirth: '1990-04-02', gender: 'female', allergies: ['penicillin'] } as unknown as PatientData;
const noImage = { file: null, remove: false };

describe('the patients requests', () => {
  it('are the same bytes they have always been', async () => {
    expect(await requestLines([
      () => getPatients({ page: 2, limit: 25, search: 'sa ra', status: 'active', sortBy: 'name', order: 'asc', dateOfBirth: '1990-04-02', incomplete: true }),
      () => getPatients({ page: 1, limit: 10, search: '', status: null, sortBy: 'createdAt', order: 'desc', dateOfBirth: null }),
      () => getPatient(id),
      () => createPatient({ values, image: noImage }),
      () => createQuickPatient({ name: 'Sara Nasser', mobile: '0501234567', dateOfBirth: '1990-04-02', gender: 'female' } as never),
      () => updatePatient({ id, version: 4, values, image: { file: null, remove: true } }),
      () => deletePatient(id),
      () => addPatientNote(id, 'Allergic to dust'),
      () => uploadHealthReport(id, { title: 'Blood test', file: new File(['%PDF-1.4'], 'blood test.pdf', { type: 'application/pdf' }) }),
    ])).toMatchInlineSnapshot(`
      [
        "GET /api/patients?page=2&limit=25&sortBy=name&order=asc&search=sa+ra&isActive=true&dateOfBirth=1990-04-02&incomplete=true",
        "GET /api/patients?page=1&limit=10&sortBy=createdAt&order=desc",
        "GET /api/patients/a%2Fb%201",
        "POST /api/patients [form data]",
        "POST /api/patients/quick {"name":"Sara Nasser","mobile":"0501234567","dateOfBirth":"1990-04-02","gender":"female"}",
        "PUT /api/patients/a%2Fb%201 [form data]",
        "DELETE /api/patients/a%2Fb%201",
        "POST /api/patients/a%2Fb%201/notes {"body":"Allergic to dust"}",
        "POST /api/patients/a%2Fb%201/documents [form data]",
      ]
    `);
  });

  it('send the same form parts they have always sent', async () => {
    const forms: string[][] = [];
    mockFetch((_url, init) => {
      forms.push([...(init.body as FormData).entries()].map(([k, v]) => `${k}=${typeof v === 'string' ? v : `file ${v.name}`}`));
      return jsonResponse(200, { success: true, data: null });
    });
    const picture = new File(['png'], 'me 1.png', { type: 'image/png' });
    await createPatient({ values, image: { file: picture, remove: false } }).catch(() => undefined);
    await updatePatient({ id, version: 4, values, image: { file: null, remove: true } }).catch(() => undefined);
    await uploadHealthReport(id, { title: 'Blood test', file: new File(['%PDF-1.4'], 'blood test.pdf', { type: 'application/pdf' }) }).catch(() => undefined);
    expect(forms).toMatchInlineSnapshot(`
      [
        [
          "name=Sara Nasser",
          "mobile=0501234567",
          "dateOfBirth=1990-04-02",
          "gender=female",
          "allergies[0]=penicillin",
          "image=file me 1.png",
        ],
        [
          "name=Sara Nasser",
          "mobile=0501234567",
          "dateOfBirth=1990-04-02",
          "gender=female",
          "allergies[0]=penicillin",
          "removeImage=true",
          "version=4",
        ],
        [
          "title=Blood test",
          "file=file blood test.pdf",
        ],
      ]
    `);
  });
});
