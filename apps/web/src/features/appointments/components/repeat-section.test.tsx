import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { RecurrenceInput } from '@clinic/shared';
import { setCurrentWeek } from '@/lib/format/display';
import { errorBody, jsonResponse, mockFetch, renderWithProviders, setLanguage, signIn } from '@/test/utils';
import { BookAnyway } from './book-anyway';
import { DEFAULT_REPEAT, RepeatSection, type RepeatBooking } from './repeat-section';

const booking: RepeatBooking = { patient: 'p1', doctor: 'd1', clinic: 'c1', service: 's1', datetime: '2026-03-02T09:00:00+03:00', reason: 'Physiotherapy' };

function Harness({ initial }: { initial: RecurrenceInput | null }) {
  const [value, setValue] = useState(initial);
  return <RepeatSection booking={booking} value={value} onChange={setValue} />;
}

describe('Repeat section', () => {
  beforeEach(async () => {
    await setLanguage('en');
    signIn();
  });

  it('previews each occurrence with the server\'s verdict, and books nothing', async () => {
    const asked: Array<{ url: URL; body: Record<string, unknown> }> = [];
    mockFetch((url, init) => {
      if (url.pathname === '/api/appointment-series') {
        asked.push({ url, body: JSON.parse(String(init.body)) as Record<string, unknown> });
        return jsonResponse(200, {
          success: true,
          data: {
            series: null, rrule: 'FREQ=WEEKLY;INTERVAL=1;BYDAY=MO;COUNT=2', booked: 1, refused: 1,
            occurrences: [
              { datetime: '2026-03-02T09:00:00+03:00', endsAt: '2026-03-02T09:30:00+03:00', free: true, code: null, message: null, appointment: null },
              { datetime: '2026-03-09T09:00:00+03:00', endsAt: '2026-03-09T09:30:00+03:00', free: false, code: 'DOCTOR_DOUBLE_BOOKED', message: 'The doctor already has an appointment at this time', appointment: null },
            ],
          },
        });
      }
      return jsonResponse(404, errorBody('Not found', 'NOT_FOUND'));
    }, { profile: {} });
    renderWithProviders(<Harness initial={{ ...DEFAULT_REPEAT, count: 2 }} />);
    const rows = await screen.findAllByTestId('repeat-occurrence');
    expect(rows.map((r) => r.dataset.free)).toEqual(['true', 'false']);
    expect(within(rows[1]!).getByText('The doctor already has an appointment at this time')).toBeInTheDocument();
    expect(screen.getByTestId('repeat-summary')).toHaveTextContent('1 free, 1 cannot be booked');
    expect(asked[0]!.url.searchParams.get('preview')).toBe('true');
    expect(asked[0]!.body).toMatchObject({ patient: 'p1', recurrence: { frequency: 'weekly', count: 2 } });
    // 2026-03-02 is a Monday: that weekday is always part of the rule, shown chosen (not greyed out) and kept on a click.
    const monday = within(screen.getByTestId('repeat-weekday-0').closest('.mantine-Chip-root') as HTMLElement).getByRole('checkbox');
    expect(monday).toBeChecked();
    expect(monday).toBeEnabled();
    await userEvent.setup().click(monday);
    expect(monday).toBeChecked();
  });

  it('lays the weekdays out in the order the clinic\'s week runs', async () => {
    mockFetch(() => jsonResponse(404, errorBody('Not found', 'NOT_FOUND')), { profile: {} });
    const order = () => screen.getAllByRole('checkbox').map((c) => c.closest('.mantine-Chip-root')?.textContent);
    setCurrentWeek({ firstDayOfWeek: 0, weekendDays: [5, 6] });
    const { unmount } = renderWithProviders(<Harness initial={DEFAULT_REPEAT} />);
    expect(order()).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    unmount();
    setCurrentWeek({ firstDayOfWeek: 1, weekendDays: [0, 6] });
    renderWithProviders(<Harness initial={DEFAULT_REPEAT} />);
    expect(order()).toEqual(['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']);
    setCurrentWeek({ firstDayOfWeek: 0, weekendDays: [5, 6] });
  });

  it('shows the server\'s reason when the rule itself is refused', async () => {
    mockFetch((url) => {
      if (url.pathname === '/api/appointment-series') {
        return jsonResponse(422, errorBody('Some fields are invalid', 'VALIDATION_FAILED', { recurrence: 'This repeat gives more than 200 occurrences; end it sooner' }));
      }
      return jsonResponse(404, errorBody('Not found', 'NOT_FOUND'));
    }, { profile: {} });
    renderWithProviders(<Harness initial={{ ...DEFAULT_REPEAT, frequency: 'daily', count: undefined, until: '2027-12-31' }} />);
    expect(await screen.findByTestId('repeat-problem')).toHaveTextContent('This repeat gives more than 200 occurrences; end it sooner');
  });
});

describe('Book anyway', () => {
  beforeEach(async () => {
    await setLanguage('en');
  });

  it('is offered after the doctor\'s time was refused only to holders of appointment_overbook', async () => {
    signIn({ permissions: ['appointment_read', 'appointment_write'], roles: ['Receptionist'] });
    const { unmount } = renderWithProviders(<BookAnyway shown checked={false} onChange={() => {}} />);
    expect(screen.queryByTestId('book-anyway')).not.toBeInTheDocument();
    unmount();
    signIn({ permissions: ['appointment_read', 'appointment_write', 'appointment_overbook'], roles: ['Doctor'] });
    renderWithProviders(<BookAnyway shown checked={false} onChange={() => {}} />);
    await waitFor(() => expect(screen.getByTestId('book-anyway')).toBeInTheDocument());
  });
});
