import { describe, expect, it } from 'vitest';
import { requestLines } from '@/test/request-pins';
import { setPlan } from './set-plan';
import { signUp } from './sign-up';

describe('the sign-up requests', () => {
  it('are the same bytes they have always been', async () => {
    expect(await requestLines([
      () => signUp({ companyName: 'Nour Clinics', name: 'Sara K', username: 'sara.k', email: 'sara@example.com', password: 'Secret#123', confirmPassword: 'Secret#123' } as never),
      () => setPlan('complex'),
    ])).toMatchInlineSnapshot(`
      [
        "POST /api/auth/signup {"companyName":"Nour Clinics","name":"Sara K","username":"sara.k","email":"sara@example.com","password":"Secret#123","confirmPassword":"Secret#123"}",
        "PUT /api/profile {"plan":"complex"}",
      ]
    `);
  });
});
