import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders, setLanguage } from '@/test/utils';
import { PaginationBar } from './pagination-bar';

/** A phone's width (the bar's narrow query matches) or a wide screen's. */
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

describe('PaginationBar', () => {
  it('shows the exact total when the server counted everything', () => {
    renderWithProviders(<PaginationBar page={2} limit={10} total={25} totalPages={3} onPageChange={vi.fn()} onLimitChange={vi.fn()} />);
    expect(screen.getByText('Showing 11–20 of 25')).toBeInTheDocument();
  });

  it('says "more than" when a large list stopped counting', () => {
    renderWithProviders(<PaginationBar page={1} limit={10} total={1000} totalPages={100} exact={false} onPageChange={vi.fn()} onLimitChange={vi.fn()} />);
    expect(screen.getByText('Showing 1–10 of 1000+')).toBeInTheDocument();
  });

  it('on a wide screen: the page size with its label, and numbered pages with first and last', () => {
    screenWidth(false);
    renderWithProviders(<PaginationBar page={3} limit={20} total={345} totalPages={18} onPageChange={vi.fn()} onLimitChange={vi.fn()} />);
    expect(screen.getByText('Per page')).toBeVisible();
    for (const name of ['First page', 'Page 1', 'Page 2', 'Page 3', 'Page 4', 'Page 18', 'Last page']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
  });

  it('on a phone: one short line of page size, range and previous / page / next, without numbered pages', async () => {
    screenWidth(true);
    const onPageChange = vi.fn();
    renderWithProviders(<PaginationBar page={3} limit={20} total={345} totalPages={18} onPageChange={onPageChange} onLimitChange={vi.fn()} />);
    expect(screen.getByText('41–60 of 345')).toBeInTheDocument();
    expect(screen.queryByText(/Showing/)).toBeNull();
    // The page size keeps its name without the written label.
    expect(screen.queryByText('Per page')).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Per page' })).toHaveValue('20');
    expect(screen.getByTestId('pagination-page')).toHaveTextContent('3 / 18');
    expect(screen.queryByRole('button', { name: /^Page \d+$/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'First page' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(4);
    await userEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(onPageChange).toHaveBeenLastCalledWith(2);
  });

  it('on a phone in Arabic', async () => {
    screenWidth(true);
    await setLanguage('ar');
    renderWithProviders(<PaginationBar page={1} limit={20} total={1000} totalPages={50} exact={false} onPageChange={vi.fn()} onLimitChange={vi.fn()} />);
    expect(screen.getByText('1–20 من أكثر من 1000')).toBeInTheDocument();
    expect(screen.getByTestId('pagination-page')).toHaveTextContent('1 من 50');
    expect(screen.getByRole('button', { name: 'الصفحة السابقة' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'الصفحة التالية' })).toBeEnabled();
  });
});
