import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { EncounterDiagnosisRecord } from '@clinic/shared';
import { jsonResponse, mockFetch, renderWithProviders, signIn } from '@/test/utils';
import { EncounterDiagnoses } from './encounter-diagnoses';

const masked: EncounterDiagnosisRecord = {
  _id: 'd1', patientId: 'p1', encounterId: 'enc-7', rank: 'primary', note: null, code: null, createdAt: '2026-11-20T09:00:00.000Z', restricted: true,
};
const revealed: EncounterDiagnosisRecord = {
  ...masked, note: 'Partner informed', restricted: false,
  code: { _id: 'c1', system: 'ICD-10', code: 'B20', titleEn: 'HIV disease', titleAr: 'مرض فيروس نقص المناعة البشرية', isActive: true },
};

function serve() {
  mockFetch((url) => (url.pathname === '/api/patients/p1/diagnoses' ? jsonResponse(200, { success: true, data: [masked] }) : jsonResponse(404, {})));
  signIn({ permissions: ['clinical_read', 'clinical_write'] });
}

describe('the visit diagnoses of another doctor\'s sensitive encounter', () => {
  it('shows a masked diagnosis as restricted, without changing controls', async () => {
    serve();
    renderWithProviders(<EncounterDiagnoses patientId="p1" encounterId="enc-7" />);
    const row = await screen.findByTestId('encounter-diagnosis');
    expect(row).toHaveTextContent('Restricted diagnosis — open the encounter with a reason to see it');
    expect(within(row).queryByRole('button')).toBeNull();
  });

  it('shows it once the glass is broken (the break-the-glass answer fills it in)', async () => {
    serve();
    renderWithProviders(<EncounterDiagnoses patientId="p1" encounterId="enc-7" canWrite={false} revealed={[revealed]} />);
    const row = await screen.findByTestId('encounter-diagnosis');
    expect(row).toHaveTextContent('B20');
    expect(row).toHaveTextContent('HIV disease');
    expect(row).not.toHaveTextContent('Restricted diagnosis');
  });
});
