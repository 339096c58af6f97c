import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ChartEntry } from '@clinic/shared';
import { renderWithProviders, setLanguage, signIn } from '@/test/utils';
import { ChartEntryRow } from './chart-entry-row';

/** A diagnosis of another doctor's sensitive encounter, as the chart answers it: there, but without code or title. */
const masked: ChartEntry = {
  kind: 'diagnosis', _id: 'd1', at: '2026-11-20T09:00:00.000Z', title: null, detail: null, status: 'primary',
  author: { _id: 'e1', name: 'Dr. Mona' }, link: { page: 'encounter', id: 'enc-7' }, encounter: null, restricted: true,
};

afterEach(() => setLanguage('en'));

describe('a restricted chart entry', () => {
  it('says it is restricted and opens its encounter, in English and Arabic', async () => {
    signIn({ permissions: ['clinical_read'] });
    const view = renderWithProviders(<ChartEntryRow entry={masked} />);
    const link = await screen.findByRole('link', { name: 'Restricted record — open the encounter with a reason to see it' });
    expect(link.getAttribute('href')).toBe('/encounters/enc-7');
    expect(screen.getByTestId('chart-entry-meta')).toHaveTextContent('Diagnosis');
    view.unmount();

    await setLanguage('ar');
    renderWithProviders(<ChartEntryRow entry={masked} />);
    expect(await screen.findByRole('link', { name: 'سجل مقيّد — افتح الزيارة مع ذكر السبب لرؤيته' })).toBeInTheDocument();
  });
});
