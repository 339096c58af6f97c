import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AppointmentAvailability, AppointmentCard } from '@clinic/shared';
import { jsonResponse, mockFetch, renderWithProviders, setLanguage, signIn } from '@/test/utils';
import { CalendarGrid } from './calendar-grid';

const START = '2099-03-08';
const days = Array.from({ length: 7 }, (_, i) => `2099-03-${String(8 + i).padStart(2, '0')}`);
const availability: AppointmentAvailability = {
  clinic: { _id: 'c1', name: 'Olaya Clinic', timeZone: 'Asia/Riyadh', averageVisitMinutes: 30, isActive: true, hasWorkingHours: true },
  slotMinutes: 30, dayStart: '09:00', dayEnd: '13:00', doctors: [],
  days: days.map((date) => ({ date, weekday: 'Sunday', clinicHours: date === '2099-03-10' ? [] : [{ startTime: '09:00', endTime: '13:00' }], holiday: null, doctorHours: null, doctorAway: null })),
};
const visit: AppointmentCard = {
  _id: 'a1', publicId: 'APT-1', datetime: '2099-03-09T10:00:00+03:00', endsAt: '2099-03-09T10:30:00+03:00', status: 'scheduled',
  patient: { _id: 'p1', name: 'Layla Haddad' }, doctor: { _id: 'd1', name: 'Dr. Emily Carter' }, service: { _id: 's1', name: 'Consultation' },
  reason: 'Check', version: 3, source: 'staff', seriesId: null, overbooked: false, bufferBeforeMinutes: 0, bufferAfterMinutes: 0,
};

afterEach(async () => {
  await setLanguage('en');
});

function renderWeek() {
  mockFetch(() => jsonResponse(404, {}));
  signIn();
  const onMove = vi.fn();
  const onOpen = vi.fn();
  renderWithProviders(
    <CalendarGrid start={START} days={7} availability={availability} appointments={[visit]} now={{ date: '2099-03-01', time: '10:00' }}
      canWrite direction="ltr" onCellClick={() => {}} onOpen={onOpen} onMove={onMove} />,
  );
  return { onMove, onOpen };
}

describe('the week\'s keyboard move', () => {
  it('M on a card, down a time: says where it would go, and Enter asks what a drop asks', async () => {
    const { onMove } = renderWeek();
    const card = await screen.findByTestId('calendar-event');
    expect(card).toHaveAttribute('aria-keyshortcuts', 'M');
    card.focus();
    await userEvent.keyboard('m');
    const status = screen.getByTestId('calendar-move-status');
    expect(status).toHaveTextContent(/^Moving the appointment of \u2068Layla Haddad\u2069, now \u2068Monday, March 9, 10:00\u2069\./);
    expect(screen.getByTestId('calendar-grid')).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(status).toHaveTextContent(/^Move \u2068Layla Haddad\u2069 to \u2068Monday, March 9, 10:30\u2069\./);
    await userEvent.keyboard('{Enter}');
    expect(onMove).toHaveBeenCalledWith(expect.objectContaining({ _id: 'a1', version: 3 }), { date: '2099-03-09', time: '10:30' }, expect.any(Function));
  });

  it('refuses a closed day, and Escape gives the focus back to the card', async () => {
    const { onMove } = renderWeek();
    const card = await screen.findByTestId('calendar-event');
    card.focus();
    await userEvent.keyboard('m{ArrowRight}');
    const status = screen.getByTestId('calendar-move-status');
    expect(status).toHaveTextContent(/^\u2068Tuesday, March 10, 10:00\u2069 is not available for \u2068Layla Haddad\u2069/);
    await userEvent.keyboard('{Enter}');
    expect(onMove).not.toHaveBeenCalled();
    await userEvent.keyboard('{Escape}');
    expect(status).toHaveTextContent('Move cancelled.');
    await waitFor(() => expect(screen.getByTestId('calendar-event')).toHaveFocus());
  });
});
