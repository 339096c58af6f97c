import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { DateField } from '@/components/form/date-time-fields';
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

/** A form with one date field, showing what it stores. */
function DateForm() {
  const { control, watch } = useForm<{ day: string }>({ defaultValues: { day: '2026-01-10' } });
  return (
    <>
      <DateField control={control} name="day" label="Visit day" />
      <output data-testid="stored">{watch('day')}</output>
    </>
  );
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

  it('a typed date field offers the Hijri month too: Shawwal 1447 shows March 2026, and the 20th is stored as 2026-03-20', async () => {
    setDisplay({ hijriMode: 'beside', digits: 'latn' });
    mockFetch(() => jsonResponse(404, {}));
    signIn();
    renderWithProviders(<DateForm />);
    await userEvent.click(screen.getByRole('textbox', { name: 'Visit day' }));
    const select = await screen.findByTestId('hijri-month-select');
    await userEvent.selectOptions(select, within(select).getByRole('option', { name: /^Shawwal 1447/ }));
    // The dropdown stays open while the select has the focus.
    await waitFor(() => expect(screen.getByText('March 2026')).toBeInTheDocument());
    await userEvent.click(screen.getByRole('button', { name: /20 March 2026/ }));
    expect(screen.getByTestId('stored')).toHaveTextContent('2026-03-20');
    await waitFor(() => expect(screen.queryByTestId('hijri-month-select')).toBeNull());
    expect(screen.getByRole('textbox', { name: 'Visit day' })).toHaveValue('March 20, 2026');
  });
});
