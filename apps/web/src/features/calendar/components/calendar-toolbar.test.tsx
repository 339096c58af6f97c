import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setDisplay } from '@/lib/format/display';
import { jsonResponse, mockFetch, renderWithProviders, signIn } from '@/test/utils';
import { CalendarToolbar, type CalendarToolbarProps } from './calendar-toolbar';

afterEach(() => setDisplay({ hijriMode: 'off', digits: 'latn' }));

const props: CalendarToolbarProps = {
  view: 'week', isPhone: true, start: '2026-03-15', end: '2026-03-21', days: 7, today: '2026-03-15', fetching: false, timeZone: null,
  direction: 'ltr', searchText: '', doctorOptions: [], doctorId: null, clinicOptions: [], clinicsPending: false, clinicId: null,
  showCancelled: false, onView: vi.fn(), onAnchor: vi.fn(), onStep: vi.fn(), onSearch: vi.fn(), onDoctor: vi.fn(), onClinic: vi.fn(), onShowCancelled: vi.fn(),
};

function renderToolbar() {
  mockFetch(() => jsonResponse(404, {}));
  signIn();
  renderWithProviders(<CalendarToolbar {...props} />);
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
