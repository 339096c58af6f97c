import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/utils';
import { PaginationBar } from './pagination-bar';

describe('PaginationBar', () => {
  it('shows the exact total when the server counted everything', () => {
    renderWithProviders(<PaginationBar page={2} limit={10} total={25} totalPages={3} onPageChange={vi.fn()} onLimitChange={vi.fn()} />);
    expect(screen.getByText('Showing 11–20 of 25')).toBeInTheDocument();
  });

  it('says "more than" when a large list stopped counting', () => {
    renderWithProviders(<PaginationBar page={1} limit={10} total={1000} totalPages={100} exact={false} onPageChange={vi.fn()} onLimitChange={vi.fn()} />);
    expect(screen.getByText('Showing 1–10 of 1000+')).toBeInTheDocument();
  });
});
