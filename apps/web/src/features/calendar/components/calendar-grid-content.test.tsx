import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AppointmentAvailability, AppointmentCard } from '@clinic/shared';
import { i18n } from '@/lib/i18n';
import { jsonResponse, mockFetch, renderWithProviders, setLanguage, signIn } from '@/test/utils';
import { CalendarGrid } from './calendar-grid';
import { calendarTextsOf, cardLayout, maxStackFor } from './calendar-grid-content';

const START = '2099-03-08';
const days = Array.from({ length: 7 }, (_, i) => `2099-03-${String(8 + i).padStart(2, '0')}`);
const availability: AppointmentAvailability = {
  clinic: { _id: 'c1', name: 'Olaya Clinic', timeZone: 'Asia/Riyadh', averageVisitMinutes: 30, isActive: true, hasWorkingHours: true },
  slotMinutes: 30, dayStart: '09:00', dayEnd: '13:00', doctors: [],
  days: days.map((date) => ({ date, weekday: 'Sunday', clinicHours: [{ startTime: '09:00', endTime: '13:00' }], holiday: null, doctorHours: null, doctorAway: null })),
};
const card = (id: string, from: string, to: string, patient: string, more: Partial<AppointmentCard> = {}): AppointmentCard => ({
  _id: id, publicId: `APT-${id}`, datetime: `2099-03-09T${from}:00+03:00`, endsAt: `2099-03-09T${to}:00+03:00`, status: 'scheduled',
  patient: { _id: `p-${id}`, name: patient }, doctor: { _id: 'd1', name: 'Dr. Emily Carter' }, service: { _id: 's1', name: 'Consultation' },
  reason: 'Bleeding gums', version: 1, source: 'staff', seriesId: null, overbooked: false, bufferBeforeMinutes: 0, bufferAfterMinutes: 0, ...more,
});
const visits = [
  card('short', '09:00', '09:30', 'Amal Al-Qahtani'),
  card('online', '10:00', '10:30', 'نورة الشهري', { status: 'requested', source: 'online' }),
  card('tall', '11:00', '12:00', 'Kavya Patel', { reason: 'Root canal' }),
  card('brief', '12:30', '12:45', 'Lama Mansour'),
];

afterEach(async () => {
  await setLanguage('en');
});

async function renderCards() {
  mockFetch(() => jsonResponse(404, {}));
  signIn();
  renderWithProviders(
    <CalendarGrid start={START} days={7} availability={availability} appointments={visits} now={{ date: '2099-03-01', time: '10:00' }}
      canWrite direction={i18n.dir()} onCellClick={() => {}} onOpen={() => {}} onMove={() => {}} />,
  );
  await waitFor(() => expect(screen.getAllByTestId('calendar-event')).toHaveLength(4));
  const byId = (id: string) => screen.getAllByTestId('calendar-event').find((e) => e.getAttribute('data-appointment-id') === id)!;
  return byId;
}

describe('a card\'s layout', () => {
  it('follows the card\'s height in rows: one line, two lines under a row and a half, else the whole card', () => {
    expect(cardLayout(10, 30)).toBe('line');
    expect(cardLayout(20, 30)).toBe('line');
    expect(cardLayout(25, 30)).toBe('short');
    expect(cardLayout(30, 30)).toBe('short');
    expect(cardLayout(40, 30)).toBe('short');
    expect(cardLayout(45, 30)).toBe('tall');
    expect(cardLayout(60, 30)).toBe('tall');
    // A 30-minute visit in 20-minute rows is a row and a half high.
    expect(cardLayout(30, 20)).toBe('tall');
  });

  it('gives a 30-minute visit two lines, the patient then the start time and the reason, all of it in the hover title', async () => {
    const byId = await renderCards();
    const short = byId('short');
    const body = within(short).getByTestId('calendar-event-body');
    expect(body).toHaveAttribute('data-layout', 'short');
    const [first, second] = [...body.children] as HTMLElement[];
    expect(first).toBe(within(body).getByTestId('calendar-event-patient'));
    expect(first).toHaveTextContent('Amal Al-Qahtani');
    expect(within(second!).getByTestId('calendar-event-time')).toHaveTextContent(/^09:00$/);
    expect(within(second!).getByTestId('calendar-event-reason')).toHaveTextContent('Bleeding gums');
    expect(body.children).toHaveLength(2);
    expect(short.getAttribute('title')).toMatch(/09:00–09:30.*Amal Al-Qahtani.*Bleeding gums.*Dr\. Emily Carter/);
  });

  it('says "Pending" of a request awaiting acceptance instead of its reason, both in full in the title', async () => {
    const byId = await renderCards();
    const online = byId('online');
    expect(within(online).getByTestId('calendar-event-awaiting')).toHaveTextContent(/^Pending$/);
    expect(within(online).queryByTestId('calendar-event-reason')).toBeNull();
    expect(within(online).getByTestId('online-mark')).toBeInTheDocument();
    expect(online.getAttribute('title')).toMatch(/Bleeding gums.*Awaiting acceptance/);
  });

  it('writes names and reasons in their own direction, so an Arabic name keeps its start when cut', async () => {
    const byId = await renderCards();
    const name = within(byId('online')).getByTestId('calendar-event-patient');
    expect(name).toHaveAttribute('dir', 'auto');
    expect(name).toHaveTextContent('نورة الشهري');
    expect(within(byId('short')).getByTestId('calendar-event-reason')).toHaveAttribute('dir', 'auto');
  });

  it('gives a tall card its time range, and a card under a row its first line only', async () => {
    const byId = await renderCards();
    const tall = within(byId('tall')).getByTestId('calendar-event-body');
    expect(tall).toHaveAttribute('data-layout', 'tall');
    expect(within(tall).getByTestId('calendar-event-time')).toHaveTextContent(/^11:00–12:00$/);
    expect(within(tall).getByTestId('calendar-event-reason')).toHaveTextContent('Root canal');
    const brief = within(byId('brief')).getByTestId('calendar-event-body');
    expect(brief).toHaveAttribute('data-layout', 'line');
    expect(within(brief).queryByTestId('calendar-event-reason')).toBeNull();
    expect(within(brief).getByTestId('calendar-event-patient')).toHaveTextContent('Lama Mansour');
  });
});

describe('the grid', () => {
  it('keeps visits side by side only as many as stay readable in a day\'s column', () => {
    expect(maxStackFor(0, 7)).toBe(2);
    // 1440 px wide with the menu: a column of about 150 px holds three cards; a narrow week two.
    expect(maxStackFor(1120, 7)).toBe(3);
    expect(maxStackFor(800, 7)).toBe(2);
    // A phone's single day, and never more than four.
    expect(maxStackFor(290, 1)).toBe(4);
    expect(maxStackFor(1200, 1)).toBe(4);
  });

  it('speaks the interface language: FullCalendar\'s Arabic locale with the user\'s digits, and the app\'s words', async () => {
    await setLanguage('ar');
    const texts = calendarTextsOf(i18n.t, 'ar');
    expect(texts.locale).toMatchObject({ code: 'ar-u-nu-latn', direction: 'rtl' });
    expect(texts.closeHint).toBe('إغلاق');
    expect((texts.moreLinkHint as (n: number) => string)(3)).toBe('عرض 3 مواعيد أخرى');
    await setLanguage('en');
    expect(calendarTextsOf(i18n.t, 'en')).toMatchObject({ locale: 'en', closeHint: 'Close' });
  });

  it('marks the grid of someone who books, who keeps a strip free beside the cards', async () => {
    await renderCards();
    expect(screen.getByTestId('calendar-grid')).toHaveAttribute('data-bookable', 'true');
  });
});
