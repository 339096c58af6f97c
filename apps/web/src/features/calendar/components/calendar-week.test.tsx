import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppointmentAvailability } from '@clinic/shared';
import { weekStart } from '@/lib/clinic-time';
import { getCurrentWeek, setCurrentWeek, setDisplay, DEFAULT_WEEK } from '@/lib/format/display';
import { jsonResponse, mockFetch, renderWithProviders, setLanguage, signIn } from '@/test/utils';
import { useClinicWeek } from '@/features/appointments';
import { CalendarGrid } from './calendar-grid';

/** Wednesday 18 March 2026; in Umm al-Qura 29 Ramadan 1447. */
const TODAY = '2026-03-18';
const clinic = (id: string, firstDayOfWeek: number, weekendDays: number[]) => ({ _id: id, name: `Clinic ${id}`, publicId: `CLN-${id}`, firstDayOfWeek, weekendDays });
const availability = (days: string[]): AppointmentAvailability => ({
  clinic: { _id: 'sat', name: 'Clinic sat', timeZone: 'Asia/Riyadh', averageVisitMinutes: 30, isActive: true, hasWorkingHours: true },
  slotMinutes: 30, dayStart: '09:00', dayEnd: '13:00', doctors: [],
  days: days.map((date) => ({ date, weekday: 'Sunday', clinicHours: [{ startTime: '09:00', endTime: '13:00' }], holiday: null, doctorHours: null, doctorAway: null })),
});

/** The calendar page's week: the clinic's week, from its first day. */
function Week({ clinicId }: { clinicId: string }) {
  const week = useClinicWeek(clinicId);
  const start = weekStart(TODAY, week.firstDayOfWeek);
  const days = Array.from({ length: 7 }, (_, i) => new Date(Date.parse(`${start}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10));
  return (
    <CalendarGrid
      key={start}
      start={start}
      days={7}
      availability={availability(days)}
      appointments={[]}
      now={{ date: TODAY, time: '10:00' }}
      canWrite={false}
      direction="ltr"
      onCellClick={() => {}}
      onOpen={() => {}}
      onMove={() => {}}
      weekendDays={week.weekendDays}
    />
  );
}

afterEach(async () => {
  setCurrentWeek(DEFAULT_WEEK);
  setDisplay({ hijriMode: 'off', digits: 'latn' });
  await setLanguage('en');
});

describe('the calendar follows the clinic\'s week', () => {
  it('starts a Saturday-first clinic\'s week on Saturday, marks its weekend, and the pickers follow it', async () => {
    mockFetch((url) => (url.pathname === '/api/clinics'
      ? jsonResponse(200, { success: true, data: [clinic('sun', 0, [5, 6]), clinic('sat', 6, [5])] })
      : jsonResponse(404, {})));
    signIn();
    renderWithProviders(<Week clinicId="sat" />);
    await waitFor(() => expect(screen.getAllByTestId('calendar-day-header')[0]).toHaveAttribute('data-date', '2026-03-14'));
    const headers = screen.getAllByTestId('calendar-day-header');
    expect(headers.map((h) => h.getAttribute('data-date'))).toEqual(['2026-03-14', '2026-03-15', '2026-03-16', '2026-03-17', '2026-03-18', '2026-03-19', '2026-03-20']);
    expect(headers[0]).toHaveTextContent('Sat');
    expect(headers.filter((h) => h.hasAttribute('data-weekend')).map((h) => h.getAttribute('data-date'))).toEqual(['2026-03-20']);
    expect(getCurrentWeek()).toEqual({ firstDayOfWeek: 6, weekendDays: [5] });
  });

  it('starts a Sunday-first clinic\'s week on Sunday, with the Hijri day under each date when chosen', async () => {
    setDisplay({ hijriMode: 'beside', digits: 'latn' });
    mockFetch((url) => (url.pathname === '/api/clinics'
      ? jsonResponse(200, { success: true, data: [clinic('sun', 0, [5, 6])] })
      : jsonResponse(404, {})));
    signIn();
    renderWithProviders(<Week clinicId="sun" />);
    await waitFor(() => expect(screen.getAllByTestId('calendar-day-header')[0]).toHaveAttribute('data-date', '2026-03-15'));
    const hijri = screen.getAllByTestId('calendar-hijri-day').map((h) => h.textContent);
    expect(hijri[4]).toBe('Ram. 30');
    expect(hijri[5]).toBe('Shaw. 1');
  });

  it('writes the time column and the day headers in Arabic-Indic digits when the user chose them', async () => {
    await setLanguage('ar');
    setDisplay({ hijriMode: 'off', digits: 'arab' });
    mockFetch((url) => (url.pathname === '/api/clinics'
      ? jsonResponse(200, { success: true, data: [clinic('sun', 0, [5, 6])] })
      : jsonResponse(404, {})));
    signIn();
    renderWithProviders(<Week clinicId="sun" />);
    await waitFor(() => expect(screen.getAllByTestId('calendar-day-header')[0]).toHaveAttribute('data-date', '2026-03-15'));
    const labels = screen.getAllByTestId('calendar-slot-label').map((l) => l.textContent);
    expect(labels.slice(0, 2)).toEqual(['٠٩:٠٠', '٠٩:٣٠']);
    expect(labels.join(' ')).not.toMatch(/[0-9]/);
    expect(screen.getAllByTestId('calendar-day-header')[3]).toHaveTextContent('١٨');
    expect(screen.getAllByTestId('calendar-day-header').map((h) => h.textContent).join(' ')).not.toMatch(/[0-9]/);
  });
});
