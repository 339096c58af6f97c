import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setDisplay } from '@/lib/format/display';
import { jsonResponse, mockFetch, renderWithProviders, signIn } from '@/test/utils';
import { CalendarToolbar, monthShown, type CalendarToolbarProps } from './calendar-toolbar';

afterEach(() => setDisplay({ hijriMode: 'off', digits: 'latn' }));

const props: CalendarToolbarProps = {
  view: 'week', isPhone: true, start: '2026-03-15', end: '2026-03-21', days: 7, today: '2026-03-15', fetching: false, timeZone: null,
  direction: 'ltr', searchText: '', doctorOptions: [], doctorId: null, clinicOptions: [], clinicsPending: false, clinicId: null,
  showCancelled: false, onView: vi.fn(), onAnchor: vi.fn(), onStep: vi.fn(), onSearch: vi.fn(), onDoctor: vi.fn(), onClinic: vi.fn(), onShowCancelled: vi.fn(),
};

function renderToolbar(overrides: Partial<CalendarToolbarProps> = {}) {
  mockFetch(() => jsonResponse(404, {}));
  signIn();
  renderWithProviders(<CalendarToolbar {...props} {...overrides} />);
}

describe('the calendar\'s range title', () => {
  it('puts the Hijri range on its own line, so a phone shows both whole', () => {
    setDisplay({ hijriMode: 'beside', digits: 'latn' });
    renderToolbar();
    const title = screen.getByTestId('calendar-range');
    expect(title).toHaveTextContent(/^Mar 15 – 21, 2026/);
    expect(screen.getByTestId('calendar-range-other')).toHaveTextContent(/^\(Ram\. 26 – Shaw\. 2, 1447 AH\)$/);
    expect(title).not.toHaveStyle({ whiteSpace: 'nowrap' });
  });

  it('shows the Gregorian range alone when Hijri dates are off', () => {
    renderToolbar();
    expect(screen.getByTestId('calendar-range')).toHaveTextContent(/^Mar 15 – 21, 2026$/);
    expect(screen.queryByTestId('calendar-range-other')).toBeNull();
  });
});

describe('the month picker', () => {
  it('names the month holding today while today is shown, else the month of the first day shown', () => {
    expect(monthShown('2026-11-29', '2026-12-05', '2026-11-30')).toBe('2026-11-01');
    expect(monthShown('2026-11-29', '2026-12-05', '2026-12-02')).toBe('2026-12-01');
    expect(monthShown('2026-11-29', '2026-12-05', '2026-11-20')).toBe('2026-11-01');
    expect(monthShown('2026-12-06', '2026-12-12', '2026-11-30')).toBe('2026-12-01');
    expect(monthShown('2026-12-31', '2026-12-31', '2026-11-30')).toBe('2026-12-01');
  });

  it('shows November for the week of Nov 29 – Dec 5 when today is Nov 30', () => {
    renderToolbar({ isPhone: false, start: '2026-11-29', end: '2026-12-05', today: '2026-11-30' });
    expect(screen.getByTestId('calendar-month')).toHaveTextContent('November 2026');
  });
});
