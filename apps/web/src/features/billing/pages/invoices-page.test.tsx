import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderWithProviders, setLanguage, signIn } from '@/test/utils';
import { listOf } from '@/test/mocks';
import InvoicesPage from './invoices-page';

/** A phone's width (the page's narrow query matches) or a wide screen's. */
function screenWidth(phone: boolean) {
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
    matches: phone && query === '(max-width: 36em)', media: query, onchange: null, addListener: vi.fn(), removeListener: vi.fn(),
    addEventListener: vi.fn(), removeEventListener: vi.fn(), dispatchEvent: vi.fn(),
  }));
}

afterEach(async () => {
  vi.restoreAllMocks();
  await setLanguage('en');
});

describe('the invoices list at a phone’s width', () => {
  it('shows the search and a Filters button counting the filters on; the filters open under it', async () => {
    screenWidth(true);
    mockFetch(() => jsonResponse(200, listOf([])), { profile: { permissions: ['invoice_read'] } });
    signIn({ permissions: ['invoice_read'] });
    renderWithProviders(<InvoicesPage />, '/billing/invoices?status=paid&from=2026-11-01');

    const toggle = await screen.findByTestId('invoices-filters-toggle');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(toggle).getByTestId('invoices-filter-count')).toHaveTextContent('2');
    expect(screen.getByRole('searchbox', { name: 'Search' })).toBeVisible();

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('combobox', { name: 'Status' })).toBeInTheDocument();
  });

  it('keeps every filter in sight on a wide screen', async () => {
    screenWidth(false);
    mockFetch(() => jsonResponse(200, listOf([])), { profile: { permissions: ['invoice_read'] } });
    signIn({ permissions: ['invoice_read'] });
    renderWithProviders(<InvoicesPage />, '/billing/invoices');
    expect(await screen.findByRole('combobox', { name: 'Status' })).toBeVisible();
    expect(screen.queryByTestId('invoices-filters-toggle')).toBeNull();
  });
});
