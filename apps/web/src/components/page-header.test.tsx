import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/utils';
import { PageHeader } from './page-header';

describe('page header', () => {
  it('leaves out a heading that would repeat the top bar, keeping the description and buttons', async () => {
    renderWithProviders(<PageHeader title="Clinics" subtitle="Every clinic of the company" actions={<button type="button">Add clinic</button>} />, '/clinics');
    expect(await screen.findByText('Every clinic of the company')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add clinic' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Clinics' })).not.toBeInTheDocument();
  });

  it('keeps a heading that says more than the page\'s title (a record\'s name)', async () => {
    renderWithProviders(<PageHeader title="Heart Clinic" />, '/clinics/details/c1');
    expect(await screen.findByRole('heading', { name: 'Heart Clinic' })).toBeInTheDocument();
  });
});
