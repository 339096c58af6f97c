import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { useForm } from 'react-hook-form';
import { NumberField, PhoneField } from '@/components/form/fields';
import { formatDate, formatDay, formatDayRange, formatNumber } from '@/lib/dates';
import { renderWithProviders, setLanguage } from '@/test/utils';
import { setDisplay } from './display';

afterEach(async () => {
  setDisplay({ hijriMode: 'off', digits: 'latn' });
  await setLanguage('en');
});

describe('dates and numbers as the user chose', () => {
  it('adds the Umm al-Qura date beside the Gregorian one, or first', () => {
    expect(formatDay('2026-03-20', 'en')).toBe('Mar 20, 2026');
    setDisplay({ hijriMode: 'beside', digits: 'latn' });
    expect(formatDay('2026-03-20', 'en')).toBe('Mar 20, 2026 (Shawwal 1, 1447 AH)');
    expect(formatDate('2026-03-20', 'en')).toBe('March 20, 2026 (Shawwal 1, 1447 AH)');
    // A weekday alone or a month alone has no Hijri form to add.
    expect(formatDay('2026-03-20', 'en', { weekday: 'long' })).toBe('Friday');
    expect(formatDayRange('2026-03-19', '2026-03-21', 'en')).toMatch(/^Mar 19\s–\s21, 2026 \(Ram\. 30\s–\sShaw\. 2, 1447 AH\)$/);
    setDisplay({ hijriMode: 'primary', digits: 'latn' });
    expect(formatDay('2026-03-20', 'en')).toBe('Shawwal 1, 1447 AH (Mar 20, 2026)');
  });

  it('writes Arabic-Indic digits in the Arabic interface only when chosen, never in English', () => {
    expect(formatDay('2026-03-20', 'ar')).toBe('20 مارس 2026');
    setDisplay({ hijriMode: 'beside', digits: 'arab' });
    expect(formatDay('2026-03-20', 'ar')).toBe('٢٠ مارس ٢٠٢٦ (١ شوال ١٤٤٧ هـ)');
    expect(formatNumber(1234.5, 'ar')).toBe('١٬٢٣٤٫٥');
    expect(formatNumber(1234.5, 'en')).toBe('1,234.5');
    expect(formatDay('2026-03-20', 'en')).toBe('Mar 20, 2026 (Shawwal 1, 1447 AH)');
  });
});

function DigitsForm({ onSubmit }: { onSubmit: (values: { phone: string; count: number | string }) => void }) {
  const form = useForm<{ phone: string; count: number | string }>({ defaultValues: { phone: '', count: '' } });
  return (
    <form onSubmit={form.handleSubmit(onSubmit)}>
      <PhoneField control={form.control} name="phone" label="Phone" testId="phone" />
      <NumberField control={form.control} name="count" label="Children" testId="count" />
      <button type="submit">Send</button>
    </form>
  );
}

describe('digits round trip', () => {
  it('takes Arabic-Indic digits typed into phone and number inputs and sends Western digits', async () => {
    const submitted: unknown[] = [];
    const user = userEvent.setup();
    renderWithProviders(<DigitsForm onSubmit={(v) => submitted.push(v)} />);
    await user.type(screen.getByTestId('phone'), '٠٥٠١٢٣٤٥٦٧');
    expect(screen.getByTestId('phone')).toHaveValue('0501234567');
    await user.type(screen.getByTestId('count'), '٣');
    expect(screen.getByTestId('count')).toHaveValue('3');
    await user.clear(screen.getByTestId('count'));
    await user.click(screen.getByTestId('count'));
    await user.paste('١٢');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(submitted).toEqual([{ phone: '0501234567', count: 12 }]));
  });
});
