import { describe, expect, it } from 'vitest';
import { requestLines } from '@/test/request-pins';
import { createRegisteredCompany } from './create-registered-company';
import { setPlan } from './set-plan';

describe('the registration requests', () => {
  it('are the same bytes they have always been', async () => {
    expect(await requestLines([
      () => createRegisteredCompany({ name: 'Nile Health' }),
      () => setPlan('complex' as never),
    ])).toMatchInlineSnapshot(`
      [
        "POST /api/companies/registration {"name":"Nile Health"}",
        "PUT /api/profile {"plan":"complex"}",
      ]
    `);
  });
});
