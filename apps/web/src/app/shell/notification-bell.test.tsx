import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { listOf } from '@/test/mocks';
import { emptyList, jsonResponse, mockFetch, renderApp, signIn } from '@/test/utils';

const note = (id: string, text: string, read: boolean) => ({
  _id: id, kind: 'appointment_cancelled', entity: 'appointment', entityId: `appt-${id}`, params: {}, text, link: `/appointments?id=appt-${id}`, read,
  createdAt: '2026-11-24T07:00:00.000Z',
});

describe('notification bell', () => {
  it('shows the unread count and the latest notifications, and marks them all read', async () => {
    let unread = 2;
    const fetchMock = mockFetch((url, init) => {
      if (url.pathname === '/api/notifications/unread-count') return jsonResponse(200, { success: true, data: { unread } });
      if (url.pathname === '/api/notifications/read-all' && init.method === 'POST') {
        unread = 0;
        return jsonResponse(200, { success: true, message: 'All notifications marked as read.' });
      }
      if (url.pathname === '/api/notifications') {
        return jsonResponse(200, listOf([note('1', 'Sara cancelled Huda Saleh\'s appointment', unread === 0), note('2', 'Omar booked Ali Hasan', unread === 0)]));
      }
      return jsonResponse(200, emptyList());
    }, { shell: true, profile: {} });
    signIn();
    const user = userEvent.setup();
    renderApp('/');
    const count = await screen.findByTestId('notifications-count');
    await waitFor(() => expect(count).toHaveTextContent('2'));
    await user.hover(screen.getByTestId('notifications'));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Notifications: 2 unread');
    await user.click(screen.getByTestId('notifications'));
    const list = await screen.findByTestId('notifications-list');
    // The bell's tooltip gives way to the list it opened (it would cover "Mark all as read").
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument());
    expect(within(list).getAllByTestId('notification-item')).toHaveLength(2);
    expect(list).toHaveTextContent('Sara cancelled Huda Saleh\'s appointment');
    await user.click(screen.getByTestId('notifications-read-all'));
    await waitFor(() => expect(fetchMock.mock.calls.some(([u, i]) => String(u).endsWith('/api/notifications/read-all') && i?.method === 'POST')).toBe(true));
    await waitFor(() => expect(screen.getByTestId('notifications-count')).not.toHaveTextContent('2'));
    await waitFor(() => expect(within(screen.getByTestId('notifications-list')).getAllByTestId('notification-item')[0]).toHaveAttribute('data-read', 'true'));
  });
});
