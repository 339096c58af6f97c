import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { setDisplay } from '@/lib/format/display';
import { jsonResponse, mockFetch, renderWithProviders, setLanguage, signIn } from '@/test/utils';
import { WorkingHoursGrid } from './org-details';

const week = [
  { day: 'Sunday', timeSlots: [{ startTime: '09:00', endTime: '13:00' }, { startTime: '16:00', endTime: '21:00' }] },
  { day: 'Saturday', timeSlots: [{ startTime: '10:00', endTime: '14:00' }] },
];

function renderHours() {
  mockFetch(() => jsonResponse(404, {}));
  signIn();
  renderWithProviders(<WorkingHoursGrid entries={week} />);
  // Each period's text without the isolation marks that keep it left to right.
  return screen.getAllByTestId('working-hours-slot').map((b) => b.textContent!.replace(/[\u2066-\u2069]/g, ''));
}

afterEach(async () => {
  setDisplay({ hijriMode: 'off', digits: 'latn' });
  await setLanguage('en');
});

describe('a clinic\'s opening hours', () => {
  it('are written in 24-hour time, as every time of the app', () => {
    expect(renderHours()).toEqual(['09:00–13:00', '16:00–21:00', '10:00–14:00']);
    expect(screen.getByTestId('working-hours-grid')).toHaveTextContent('Closed');
  });

  it('read the same in Arabic: no AM/PM words to reorder, the period isolated left to right', async () => {
    await setLanguage('ar');
    expect(renderHours()).toEqual(['09:00–13:00', '16:00–21:00', '10:00–14:00']);
    const slot = screen.getAllByTestId('working-hours-slot')[0]!;
    expect(slot.textContent).toMatch(/^\u2066.*\u2069$/);
    expect(slot.textContent).not.toMatch(/[صم]/);
  });

  it('use Arabic-Indic digits when the user chose them', async () => {
    await setLanguage('ar');
    setDisplay({ hijriMode: 'off', digits: 'arab' });
    expect(renderHours()[0]).toBe('٠٩:٠٠–١٣:٠٠');
  });
});
