import { describe, expect, it } from 'vitest';
import { requestLines } from '@/test/request-pins';
import { acceptInvitation, lookupInvitation } from './invitation';

describe('the invitation page requests', () => {
  it('are the same bytes they have always been', async () => {
    expect(await requestLines([
      () => lookupInvitation('tok.en/1'),
      () => acceptInvitation({ token: 'tok.en/1', username: 'sara.k', password: 'Secret#123', confirmPassword: 'Secret#123' }),
    ])).toMatchInlineSnapshot(`
      [
        "POST /api/invitations/lookup {"token":"tok.en/1"}",
        "POST /api/invitations/accept {"token":"tok.en/1","username":"sara.k","password":"Secret#123","confirmPassword":"Secret#123"}",
      ]
    `);
  });
});
