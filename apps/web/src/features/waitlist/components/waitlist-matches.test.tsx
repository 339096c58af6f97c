import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { WaitlistRecord } from '@clinic/shared';
import { errorBody, jsonResponse, mockFetch, renderWithProviders, setLanguage, signIn } from '@/test/utils';
import { WaitlistMatches } from './waitlist-matches';

const entry = (id: string, name: string, priority: number): WaitlistRecord => ({
  _id: id, publicId: `WL-00000${id.slice(1)}`, patient: { _id: `p-${id}`, name }, service: { _id: 's1', name: 'Dialysis' }, clinic: { _id: 'c1', name: 'Olaya' },
  doctor: null, fromDate: null, toDate: null, weekdays: [], timeFrom: null, timeTo: null, priority, note: '', status: 'open', appointment: null,
  waitingDays: 3, createdAt: '2026-03-01T08:00:00.000Z', version: 1,
});

function api() {
  const books: Array<{ path: string; body: unknown }> = [];
  const state = { matchReads: 0 };
  mockFetch((url, init) => {
    if (url.pathname === '/api/waitlist/matches') {
      state.matchReads++;
      return jsonResponse(200, {
        success: true,
        data: { slot: { doctor: 'd1', service: 's1', datetime: '2026-03-18T10:00:00+03:00', endsAt: '2026-03-18T10:30:00+03:00' }, entries: [entry('e1', 'Huda Al-Amri', 2), entry('e2', 'Noah Carter', 0)] },
      });
    }
    if (url.pathname.startsWith('/api/waitlist/') && init.method === 'POST') {
      books.push({ path: url.pathname, body: JSON.parse(String(init.body)) });
      return jsonResponse(201, { success: true, message: 'تم الحجز من قائمة الانتظار', data: {} });
    }
    return jsonResponse(404, errorBody('Not found', 'NOT_FOUND'));
  }, { profile: {} });
  return { books, state };
}

describe('waiting patients who fit a freed slot', () => {
  beforeEach(() => {
    signIn();
  });

  it('offers a cancelled appointment\'s slot and books one in one click (Arabic)', async () => {
    await setLanguage('ar');
    const { books } = api();
    renderWithProviders(<WaitlistMatches appointment={{ _id: 'a1', status: 'cancelled' }} />);
    expect(await screen.findByTestId('waitlist-matches-count')).toHaveTextContent('مريضان منتظران يناسبهما هذا الموعد');
    const buttons = screen.getAllByTestId('waitlist-match-book');
    await userEvent.setup().click(buttons[0]!);
    await waitFor(() => expect(books).toEqual([{ path: '/api/waitlist/e1/book', body: { appointment: 'a1', version: 1 } }]));
  });

  it('asks nothing for an appointment that still holds its slot', async () => {
    await setLanguage('en');
    const { state } = api();
    renderWithProviders(<WaitlistMatches appointment={{ _id: 'a1', status: 'scheduled' }} />);
    expect(screen.queryByTestId('waitlist-matches')).not.toBeInTheDocument();
    expect(state.matchReads).toBe(0);
  });
});
