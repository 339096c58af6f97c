import { describe, expect, it } from 'vitest';
import { requestLines } from '@/test/request-pins';
import { getCompany } from './get-company';
import { createCompany, updateCompany } from './save-company';
import { uploadCompanyLogo } from './upload-company-logo';

describe('the company requests', () => {
  it('are the same bytes they have always been', async () => {
    const id = 'a/b 1';
    const values = { name: 'Nile Health', address: 'Cairo', contactInfos: [] } as never;
    expect(await requestLines([
      () => getCompany(),
      () => createCompany(values),
      () => updateCompany(id, values, 3),
      () => uploadCompanyLogo(id, new File(['png'], 'logo.png', { type: 'image/png' })),
    ])).toMatchInlineSnapshot(`
      [
        "GET /api/companies",
        "POST /api/companies {"name":"Nile Health","address":"Cairo","contactInfos":[]}",
        "PUT /api/companies/a%2Fb%201 {"name":"Nile Health","address":"Cairo","contactInfos":[],"version":3}",
        "POST /api/companies/a%2Fb%201/logo [form data]",
      ]
    `);
  });
});
