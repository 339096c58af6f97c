import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { VisitView } from '@clinic/shared';
import { errorBody, jsonResponse, ok } from '@/test/mocks';
import { mockFetch, renderWithProviders } from '@/test/utils';
import { VisitMove } from './visit-move';

const visit: VisitView = {
  datetime: '2099-01-05T09:30:00+03:00', endsAt: '2099-01-05T10:00:00+03:00', timeZone: 'Asia/Riyadh', clinic: 'Olaya Clinic', address: null, mapUrl: null,
  doctor: 'Dr. Omar', status: 'scheduled', canAct: true, language: 'en', firstWeekday: 6, hijri: 'off',
};
const doctor = { _id: 'd-1', name: 'Dr. Omar' };

describe('choosing another time from the patient link', () => {
  it('shows the free times of the day chosen, in the clinic’s time, and moves the visit in one step', async () => {
    const sent: Array<{ url: URL; body: unknown }> = [];
    let taken = true;
    mockFetch((url, init) => {
      sent.push({ url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      // One free day a month: the 15th.
      if (url.pathname === '/api/public/visit/days') return jsonResponse(200, ok({ days: [`${url.searchParams.get('from')!.slice(0, 8)}15`] }));
      if (url.pathname === '/api/public/visit/times') {
        return jsonResponse(200, ok({ date: url.searchParams.get('date')!, timeZone: 'Asia/Riyadh', times: [
          { datetime: `${url.searchParams.get('date')}T07:00:00.000Z`, doctor }, { datetime: `${url.searchParams.get('date')}T08:00:00.000Z`, doctor },
        ] }));
      }
      if (url.pathname === '/api/public/visit/reschedule') {
        if (taken) {
          taken = false;
          return jsonResponse(409, errorBody('That time is no longer free', 'SLOT_TAKEN'));
        }
        return jsonResponse(200, ok({ ...visit, datetime: '2099-01-06T11:00:00+03:00', link: 'https://clinic.example/visit#tok2' }));
      }
      return jsonResponse(404, errorBody('no'));
    });
    const onMoved = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<VisitMove token="tok" visit={visit} onMoved={onMoved} onClose={() => undefined} />);

    await user.click(screen.getByTestId('book-month-next'));
    // Only the day with a free time can be chosen; the month's others are plain text.
    await vi.waitFor(() => expect(document.querySelectorAll('[data-free]')).toHaveLength(1));
    const day = document.querySelector<HTMLElement>('[data-free]')!;
    expect(day.dataset.date).toMatch(/-15$/);
    const asked = sent.filter((s) => s.url.pathname === '/api/public/visit/days').at(-1)!.url.searchParams;
    expect([asked.get('token'), asked.get('from'), asked.get('to')]).toEqual(['tok', `${day.dataset.date!.slice(0, 8)}01`, expect.stringMatching(/-(28|29|30|31)$/)]);
    await user.click(day);
    expect(await screen.findByRole('button', { name: '10:00' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '11:00' })).toBeInTheDocument();
    const date = day.dataset.date!;
    expect(sent.find((s) => s.url.pathname === '/api/public/visit/times')?.url.searchParams.get('date')).toBe(date);

    // Taken meanwhile: said so, nothing moved; the next try moves it.
    await user.click(screen.getByRole('button', { name: '11:00' }));
    await user.click(screen.getByTestId('visit-move-confirm'));
    expect(await screen.findByTestId('visit-move-error')).toHaveTextContent('That time was just taken');
    expect(onMoved).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: '11:00' }));
    await user.click(screen.getByTestId('visit-move-confirm'));
    await vi.waitFor(() => expect(onMoved).toHaveBeenCalled());
    expect(onMoved.mock.calls[0]![0]).toMatchObject({ link: 'https://clinic.example/visit#tok2' });
    expect(sent.filter((s) => s.url.pathname === '/api/public/visit/reschedule').at(-1)?.body).toEqual({ token: 'tok', datetime: `${date}T08:00:00.000Z` });
  });

  it('says when the month shown has no free day, and offers none', async () => {
    mockFetch((url) => (url.pathname === '/api/public/visit/days' ? jsonResponse(200, ok({ days: [] })) : jsonResponse(404, errorBody('no'))));
    renderWithProviders(<VisitMove token="tok" visit={visit} onMoved={() => undefined} onClose={() => undefined} />);
    expect(await screen.findByTestId('visit-move-no-days')).toHaveTextContent('No free day this month');
    expect(document.querySelectorAll('[data-free]')).toHaveLength(0);
  });
});
