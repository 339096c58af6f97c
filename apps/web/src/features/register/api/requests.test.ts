import { describe, expect, it } from 'vitest';
import { requestLines } from '@/test/request-pins';
import { createRegisteredCompany } from './create-registered-company';
import { setPlan } from './set-plan';
import { signUp } from './sign-up';

describe('the sign-up and registration requests', () => {
  it('are the same bytes they have always been', async () => {
    expect(await requestLines([
      () => signUp({ companyName: 'Nour Clinics', name: 'Sara K', username: 'sara.k', email: 'sara@example.com', password: 'Secret#123', confirmPassword: 'Secret#123' } as never),
      () => createRegisteredCompany({ name: 'Nile Health' }),
      () => setPlan('complex'),
    ])).toMatchInlineSnapshot(`
      [
        "POST /api/auth/signup {"companyName":"Nour Clinics","name":"Sara K","username":"sara.k","email":"sara@example.com","password":"Secret#123","confirmPassword":"Secret#123"}",
        "POST /api/companies/registration {"name":"Nile Health"}",
        "PUT /api/profile {"plan":"complex"}",
      ]
    `);
  });
});
