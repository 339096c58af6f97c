import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/utils';
import { FilterBar } from './filter-bar';

describe('FilterBar', () => {
  it('reports the search once, after the user pauses typing', async () => {
    const onSearch = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<FilterBar search={{ value: '', onChange: onSearch }} />);

    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'omar');
    expect(onSearch).not.toHaveBeenCalled();
    await waitFor(() => expect(onSearch).toHaveBeenCalledTimes(1));
    expect(onSearch).toHaveBeenCalledWith('omar');
  });

  it('offers dropdown filters and a date filter', async () => {
    const onStatus = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(
      <FilterBar
        selects={[
          {
            key: 'status',
            label: 'Status',
            value: null,
            data: [
              { value: 'active', label: 'Active' },
              { value: 'inactive', label: 'Inactive' },
            ],
            onChange: onStatus,
          },
        ]}
        date={{ value: null, onChange: vi.fn(), label: 'Date of birth' }}
      />,
    );
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Active' }));
    expect(onStatus).toHaveBeenCalledWith('active');
    expect(screen.getByRole('textbox', { name: 'Date of birth' })).toHaveAttribute('placeholder', 'Pick a date');
  });

  it('takes a typed date (a date of birth needs no clicking through decades)', async () => {
    const onDate = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<FilterBar date={{ value: null, onChange: onDate, label: 'Date of birth' }} />);
    const field = screen.getByRole('textbox', { name: 'Date of birth' });
    await user.type(field, '1987-03-14');
    await user.tab();
    expect(onDate).toHaveBeenLastCalledWith('1987-03-14');
    await user.clear(field);
    await user.type(field, 'July 4, 1990');
    await user.tab();
    expect(onDate).toHaveBeenLastCalledWith('1990-07-04');
  });
});
