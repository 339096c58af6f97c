import { describe, expect, it } from 'vitest';
import { requestLines } from '@/test/request-pins';
import { createAllergy, getAllergies, recordNoKnownAllergies, updateAllergy } from './allergies-api';

const id = 'a/b 1';

describe('the allergies requests', () => {
  it('are the same bytes they have always been', async () => {
    expect(await requestLines([
      () => getAllergies(id),
      () => createAllergy(id, { substance: 'بنسلين', type: 'allergy', status: 'active', reaction: 'Hives', severity: 'severe' }),
      () => updateAllergy(id, 'x 2', { status: 'resolved', version: 3 }),
      () => recordNoKnownAllergies(id),
    ])).toMatchInlineSnapshot(`
      [
        "GET /api/patients/a%2Fb%201/allergies",
        "POST /api/patients/a%2Fb%201/allergies {"substance":"بنسلين","type":"allergy","status":"active","reaction":"Hives","severity":"severe"}",
        "PATCH /api/patients/a%2Fb%201/allergies/x%202 {"status":"resolved","version":3}",
        "POST /api/patients/a%2Fb%201/allergies/none",
      ]
    `);
  });
});
