import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { jsonResponse, mockFetch, renderWithProviders, setLanguage, signIn } from '@/test/utils';
import { ProblemList } from './problem-list';

const problem = {
  _id: 'pr1', patientId: 'p1', codeId: 'c1', code: 'I10', titleEn: 'Essential (primary) hypertension', titleAr: 'ارتفاع ضغط الدم الأساسي',
  status: 'active', onsetDate: '2026-11-19', resolvedDate: null, sourceEncounterId: null, createdAt: '2026-11-19T08:00:00Z', updatedAt: '2026-11-19T08:00:00Z', version: 1, restricted: false,
};

afterEach(() => setLanguage('en'));

describe('the problem list’s onset date', () => {
  it('reads "19 نوفمبر 2026" in Arabic (day first, as elsewhere), not "نوفمبر 19, 2026"', async () => {
    await setLanguage('ar');
    mockFetch((url) => (url.pathname === '/api/patients/p1/problems' ? jsonResponse(200, { success: true, data: [problem] }) : jsonResponse(404, {})));
    signIn();
    renderWithProviders(<ProblemList patientId="p1" />);
    expect(await screen.findByText('19 نوفمبر 2026')).toBeInTheDocument();
    expect(screen.queryByText('نوفمبر 19, 2026')).toBeNull();
  });
});
