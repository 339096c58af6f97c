import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { VisitView } from '@clinic/shared';
import { errorBody, jsonResponse, ok } from '@/test/mocks';
import { mockFetch, renderWithProviders } from '@/test/utils';
import VisitPage from './visit-page';

const visit: VisitView = {
  datetime: '2099-01-05T09:30:00+03:00', endsAt: '2099-01-05T10:00:00+03:00', timeZone: 'Asia/Riyadh', clinic: 'Olaya Clinic', address: null, mapUrl: null,
  doctor: 'Dr. Omar', status: 'scheduled', canAct: true, language: 'en', firstWeekday: 6, hijri: 'off',
};
const doctor = { _id: 'd-1', name: 'Dr. Omar' };

afterEach(() => window.history.replaceState(null, '', '/'));

describe('the patient\'s page after a move', () => {
  it('goes on with the new link the move answers, and shows the server\'s refusal of another move', async () => {
    window.history.replaceState(null, '', '/visit#tok1');
    const seen: Array<{ path: string; token: string | null }> = [];
    mockFetch((url, init) => {
      const sent = init.body ? (JSON.parse(String(init.body)) as { token?: string }) : undefined;
      seen.push({ path: url.pathname, token: url.searchParams.get('token') ?? sent?.token ?? null });
      const moved = { ...visit, datetime: '2099-01-06T11:00:00+03:00' };
      if (url.pathname === '/api/public/visit') return jsonResponse(200, ok(url.searchParams.get('token') === 'tok2' ? moved : visit));
      if (url.pathname === '/api/public/visit/days') return jsonResponse(200, ok({ days: [`${url.searchParams.get('from')!.slice(0, 8)}15`] }));
      if (url.pathname === '/api/public/visit/times') {
        return jsonResponse(200, ok({ date: url.searchParams.get('date')!, timeZone: 'Asia/Riyadh', times: [{ datetime: `${url.searchParams.get('date')}T08:00:00.000Z`, doctor }] }));
      }
      if (url.pathname === '/api/public/visit/reschedule') {
        if (sent?.token === 'tok2') {
          return jsonResponse(409, errorBody('This visit has already been moved twice online, the most allowed. To change it again, please call the clinic.', 'VISIT_NOT_MOVABLE'));
        }
        return jsonResponse(200, ok({ ...moved, link: 'https://clinic.example/visit#tok2' }));
      }
      return jsonResponse(404, errorBody('no'));
    });
    const user = userEvent.setup();
    renderWithProviders(<VisitPage />);

    const chooseAndMove = async () => {
      await user.click(await screen.findByTestId('visit-move-open'));
      await user.click(screen.getByTestId('book-month-next'));
      await user.click(await screen.findByRole('button', { name: /15.*can be chosen/ }));
      await user.click(await screen.findByRole('button', { name: '11:00' }));
      await user.click(screen.getByTestId('visit-move-confirm'));
    };
    await chooseAndMove();
    expect(await screen.findByTestId('visit-moved')).toBeInTheDocument();
    expect(window.location.hash).toBe('#tok2');
    expect(screen.getByTestId('visit-time')).toHaveTextContent('11:00');

    // The next move goes with the new link; the server's refusal is shown as it says it.
    await chooseAndMove();
    expect(await screen.findByTestId('visit-move-error')).toHaveTextContent('please call the clinic');
    expect(seen.filter((s) => s.path === '/api/public/visit/reschedule').map((s) => s.token)).toEqual(['tok1', 'tok2']);
  });
});
