import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { setDisplay } from '@/lib/format/display';
import { jsonResponse, mockFetch, renderWithProviders, setLanguage, signIn } from '@/test/utils';
import { hijriMonthOptions } from './hijri-month-jump';
import { DatePickerInput } from './pickers';

afterEach(async () => {
  setDisplay({ hijriMode: 'off', digits: 'latn' });
  await setLanguage('en');
});

function renderPicker() {
  mockFetch(() => jsonResponse(404, {}));
  signIn();
  renderWithProviders(<DatePickerInput label="Day" value="2026-01-10" onChange={() => {}} />);
}

describe('date pickers by Hijri month', () => {
  it('jumps to the Gregorian month holding the chosen Hijri month\'s first day: Shawwal 1447 is March 2026, the 20th is 1 Shawwal', async () => {
    setDisplay({ hijriMode: 'beside', digits: 'latn' });
    renderPicker();
    await userEvent.click(await screen.findByRole('button', { name: /Day/ }));
    const select = await screen.findByTestId('hijri-month-select');
    const shawwal = within(select).getByRole('option', { name: /^Shawwal 1447/ });
    await userEvent.selectOptions(select, shawwal);
    await waitFor(() => expect(screen.getByText('March 2026')).toBeInTheDocument());
    const twentieth = screen.getByRole('button', { name: /20 March 2026/ });
    expect(twentieth.querySelector('[data-hijri-day]')).toHaveTextContent(/^1$/);
  });

  it('names the Hijri months from the browser in Arabic, with the user\'s digits', () => {
    const labels = hijriMonthOptions('2026-03-20', 'ar', 'arab').map((o) => o.label);
    expect(labels).toContain('شوال ١٤٤٧ هـ');
    expect(hijriMonthOptions('2026-03-20', 'en', 'latn').find((o) => o.value === '1447-10')?.start).toBe('2026-03-20');
  });

  it('offers no Hijri select when Hijri dates are off', async () => {
    renderPicker();
    await userEvent.click(await screen.findByRole('button', { name: /Day/ }));
    await screen.findByText('January 2026');
    expect(screen.queryByTestId('hijri-month-select')).toBeNull();
  });
});
