import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ChartEntry } from '@clinic/shared';
import { errorBody, jsonResponse, mockFetch, renderWithProviders, setLanguage, signIn } from '@/test/utils';
import { PatientChart } from './patient-chart';

const ID = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function entry(n: number, over: Partial<ChartEntry> = {}): ChartEntry {
  return {
    kind: 'vitals', _id: ID(n), at: new Date(Date.UTC(2026, 10, 20 - Math.floor(n / 2), 9, n)).toISOString(), title: null,
    detail: null, status: null, author: { _id: 'e1', name: 'Dr. Huda' }, link: { page: 'patient', id: 'p1' }, encounter: null, ...over,
  };
}

/** The server's chart: pages of two, filtered by kinds, as the API answers. */
function api(all: ChartEntry[], permissions = ['clinical_read']) {
  const asked: string[] = [];
  mockFetch((url) => {
    if (url.pathname !== '/api/patients/p1/chart') return jsonResponse(404, errorBody('Not found', 'NOT_FOUND'));
    asked.push(url.search);
    const kinds = url.searchParams.get('kinds')?.split(',');
    const rows = all.filter((e) => !kinds || kinds.includes(e.kind));
    const start = Number(url.searchParams.get('cursor') ?? 0);
    const page = rows.slice(start, start + 2);
    return jsonResponse(200, { success: true, data: page, nextCursor: start + 2 < rows.length ? String(start + 2) : null });
  }, { profile: { permissions } });
  return asked;
}

describe('the patient chart', () => {
  beforeEach(async () => {
    await setLanguage('ar');
    signIn({ permissions: ['clinical_read'] });
  });

  it('groups entries by day, opens an encounter, loads more, and filters by kind', async () => {
    const asked = api([
      entry(0, { kind: 'encounter', title: { en: 'SOAP note', ar: 'ملاحظة SOAP' }, link: { page: 'encounter', id: 'enc-1' }, encounter: { state: 'signed', addenda: 2 } }),
      entry(1),
      entry(2, { kind: 'diagnosis', title: { en: 'Acute sinusitis', ar: 'التهاب الجيوب الأنفية الحاد' }, detail: 'J01.9', status: 'primary' }),
    ]);
    renderWithProviders(<PatientChart patientId="p1" />);
    const rows = await screen.findAllByTestId('chart-entry');
    expect(rows.map((r) => r.dataset.kind)).toEqual(['encounter', 'vitals']);
    expect(screen.getAllByTestId('chart-day')).toHaveLength(1);
    const encounter = within(rows[0]!);
    expect(encounter.getByRole('link', { name: 'ملاحظة SOAP' }).getAttribute('href')).toBe('/encounters/enc-1');
    expect(encounter.getByText('موقّعة')).toBeTruthy();
    expect(encounter.getByText('ملحقان')).toBeTruthy();
    expect(screen.getByTestId('chart-count').textContent).toBe('قيدان');

    await userEvent.click(screen.getByTestId('chart-more'));
    await waitFor(() => expect(screen.getAllByTestId('chart-entry')).toHaveLength(3));
    expect(screen.getAllByTestId('chart-day')).toHaveLength(2);
    expect(screen.getByText('التهاب الجيوب الأنفية الحاد')).toBeTruthy();
    expect(screen.queryByTestId('chart-more')).toBeNull();

    await userEvent.click(within(screen.getByTestId('chart-kind-diagnosis')).getByRole('checkbox'));
    await waitFor(() => expect(screen.getAllByTestId('chart-entry').map((r) => r.dataset.kind)).toEqual(['diagnosis']));
    expect(asked.at(-1)).toBe('?kinds=diagnosis&limit=30');
  });

  it('writes a vitals set and a medication from their fields, in Arabic', async () => {
    api([
      entry(0, { vitals: [{ vital: 'systolic', value: 120, unit: 'mmHg' }, { vital: 'diastolic', value: 80, unit: 'mmHg' }, { vital: 'pulse', value: 72, unit: 'bpm' }, { vital: 'weight', value: 154.3, unit: 'lb' }] }),
      entry(1, { kind: 'medication', title: { en: 'Amoxil', ar: 'أموكسيل' }, medication: { strength: '500 mg', form: 'Capsule' }, status: 'active' }),
    ]);
    renderWithProviders(<PatientChart patientId="p1" />);
    const meta = (await screen.findAllByTestId('chart-entry-meta')).map((m) => m.textContent);
    expect(meta[0]).toContain('120/80 ملم زئبق · ♥ 72/د · 154.3 رطل');
    expect(meta[1]).toContain('كبسولة 500 ملغ');
  });

  it('says when nothing is recorded', async () => {
    api([]);
    renderWithProviders(<PatientChart patientId="p1" />);
    expect((await screen.findByTestId('chart-empty')).textContent).toBe('لم يُسجَّل شيء لهذا المريض بعد.');
  });

  it('shows nothing to those who may not read clinical records', async () => {
    signIn({ permissions: ['patient_read'] });
    const asked = api([entry(1)], ['patient_read']);
    const { container } = renderWithProviders(<PatientChart patientId="p1" />);
    await new Promise((r) => setTimeout(r, 50));
    expect(container.querySelector('[data-testid="patient-chart"]')).toBeNull();
    expect(asked).toEqual([]);
  });
});
