import { describe, expect, it } from 'vitest';
import { requestLines } from '@/test/request-pins';
import { getCodeSummary, installStarterCodes, searchCodes } from './codes';
import { addDiagnosis, addProblem, getEncounterDiagnoses, getProblems, removeDiagnosis, updateDiagnosis, updateProblem } from './problems';

describe('the diagnoses requests', () => {
  it('are the same bytes they have always been', async () => {
    const id = 'a/b 1';
    expect(await requestLines([
      () => searchCodes('إلتهاب j06', 20),
      () => getCodeSummary(),
      () => installStarterCodes(),
      () => getProblems(id),
      () => addProblem(id, { codeId: 'c1', onsetDate: '2015-06-01' }),
      () => updateProblem(id, 'p1', { status: 'resolved', resolvedDate: '2026-03-10', version: 2 }),
      () => getEncounterDiagnoses(id, 'e1'),
      () => addDiagnosis(id, { encounterId: 'e1', codeId: 'c1', rank: 'primary' }),
      () => updateDiagnosis(id, 'd1', { rank: 'secondary' }),
      () => removeDiagnosis(id, 'd1'),
    ])).toMatchInlineSnapshot(`
      [
        "GET /api/diagnosis-codes?search=%D8%A5%D9%84%D8%AA%D9%87%D8%A7%D8%A8+j06&limit=20",
        "GET /api/diagnosis-codes/summary",
        "POST /api/diagnosis-codes/starter",
        "GET /api/patients/a%2Fb%201/problems",
        "POST /api/patients/a%2Fb%201/problems {"codeId":"c1","onsetDate":"2015-06-01"}",
        "PATCH /api/patients/a%2Fb%201/problems/p1 {"status":"resolved","resolvedDate":"2026-03-10","version":2}",
        "GET /api/patients/a%2Fb%201/diagnoses?encounterId=e1",
        "POST /api/patients/a%2Fb%201/diagnoses {"encounterId":"e1","codeId":"c1","rank":"primary"}",
        "PATCH /api/patients/a%2Fb%201/diagnoses/d1 {"rank":"secondary"}",
        "DELETE /api/patients/a%2Fb%201/diagnoses/d1",
      ]
    `);
  });
});
