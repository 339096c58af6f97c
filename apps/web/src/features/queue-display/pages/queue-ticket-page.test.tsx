import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PublicTicketView } from '@clinic/shared';
import { errorBody, jsonResponse, mockFetch, renderApp, setLanguage } from '@/test/utils';
import { eventStreams } from '@/test/event-stream.fixtures';

// Where to go is not sent before the call.
const waiting: PublicTicketView = {
  clinic: 'Al Noor Clinic', label: 'A-007', state: 'waiting', position: 3, estimatedWaitMinutes: 25, estimateBasis: 'today',
  room: null, doctor: null, calledAt: null, now: '2026-03-01T09:00:00Z',
};

/** The patient page's side of the API: the ticket (what `ticket()` says now) and its live stream. */
function ticketApi(ticket: () => Response | PublicTicketView) {
  const streams = eventStreams();
  const asked: string[] = [];
  mockFetch((url) => {
    asked.push(`${url.pathname}${url.search}`);
    if (url.pathname === '/api/public/queue/live') return streams.response();
    if (url.pathname === '/api/public/queue') {
      const answer = ticket();
      return answer instanceof Response ? answer : jsonResponse(200, { success: true, data: answer });
    }
    return jsonResponse(404, errorBody('Not found', 'NOT_FOUND'));
  });
  return { streams, asked };
}

describe("the patient's queue page", { timeout: 30_000 }, () => {
  it('shows their number, how many are ahead and about how long, and what the estimate is based on', async () => {
    const { asked } = ticketApi(() => waiting);
    renderApp('/queue?token=q1.abc%2Fdef');

    expect(await screen.findByTestId('ticket-label')).toHaveTextContent('A-007');
    expect(screen.getByTestId('ticket-clinic')).toHaveTextContent('Al Noor Clinic');
    expect(screen.getByTestId('ticket-position')).toHaveTextContent('3 patients ahead of you');
    expect(screen.getByTestId('ticket-estimate')).toHaveTextContent('About 25 minutes');
    expect(screen.getByTestId('ticket-basis')).toHaveTextContent("Estimated from the doctor's pace today");
    await waitFor(() => expect(document.title).toBe('A-007 · Your place in the queue'));
    expect(asked).toContain('/api/public/queue?token=q1.abc%2Fdef');
    await waitFor(() => expect(asked).toContain('/api/public/queue/live?token=q1.abc%2Fdef'));
  });

  it('moves on live: next in line, then called to the room', async () => {
    let ticket: PublicTicketView = waiting;
    const { streams } = ticketApi(() => ticket);
    renderApp('/queue?token=q1');
    await screen.findByTestId('ticket-position');
    await waitFor(() => expect(streams.connections).toBe(1));

    ticket = { ...waiting, position: 0, estimatedWaitMinutes: 1, estimateBasis: 'nominal' };
    streams.send('queue');
    await waitFor(() => expect(screen.getByTestId('ticket-position')).toHaveTextContent('You are next'));
    expect(screen.getByTestId('ticket-estimate')).toHaveTextContent('About 1 minute');
    expect(screen.getByTestId('ticket-basis')).toHaveTextContent('Estimated from the booked visit length');

    ticket = { ...waiting, state: 'called', room: 'Room 3', doctor: 'Dr. Rana', position: null, estimatedWaitMinutes: null, estimateBasis: null, calledAt: '2026-03-01T09:10:00Z' };
    streams.send('queue');
    const called = await screen.findByTestId('ticket-called');
    expect(called).toHaveTextContent("It's your turn");
    expect(called).toHaveTextContent('Please go to');
    expect(screen.getByTestId('ticket-place')).toHaveTextContent('Room 3');
    expect(screen.getByTestId('ticket-doctor')).toHaveTextContent('Dr. Rana · Room 3');
  });

  it('says nothing of a room or doctor while waiting and after the visit (neither is sent then)', async () => {
    let ticket: PublicTicketView = waiting;
    const { streams } = ticketApi(() => ticket);
    renderApp('/queue?token=q1');
    expect(await screen.findByTestId('ticket-position')).toHaveTextContent('3 patients ahead of you');
    expect(screen.getByTestId('ticket-label')).toHaveTextContent('A-007');
    expect(screen.queryByTestId('ticket-doctor')).not.toBeInTheDocument();
    await waitFor(() => expect(streams.connections).toBe(1));

    ticket = { ...waiting, state: 'done', position: null, estimatedWaitMinutes: null, estimateBasis: null };
    streams.send('queue');
    expect(await screen.findByTestId('ticket-done')).toHaveTextContent('Your visit is complete');
    expect(screen.queryByTestId('ticket-doctor')).not.toBeInTheDocument();
    expect(screen.queryByTestId('ticket-place')).not.toBeInTheDocument();
  });

  it('called by a doctor without a room, sends the patient to the doctor, in Arabic too', async () => {
    await setLanguage('ar');
    ticketApi(() => ({ ...waiting, state: 'called', room: null, doctor: 'د. رنا', position: null, estimatedWaitMinutes: null, estimateBasis: null }));
    renderApp('/queue?token=q1');
    const called = await screen.findByTestId('ticket-called');
    expect(called).toHaveTextContent('حان دورك');
    expect(called).toHaveTextContent('تفضّل إلى');
    expect(screen.getByTestId('ticket-place')).toHaveTextContent('د. رنا');
  });

  it.each([
    [2, 'مريضان قبلك', 2, 'نحو دقيقتين'],
    [3, '3 مرضى قبلك', 5, 'نحو 5 دقائق'],
    [11, '11 مريضًا قبلك', 40, 'نحو 40 دقيقة'],
  ])('says %i ahead in Arabic with the right plural form', async (position, ahead, minutes, wait) => {
    await setLanguage('ar');
    ticketApi(() => ({ ...waiting, position, estimatedWaitMinutes: minutes }));
    renderApp('/queue?token=q1');
    expect(await screen.findByTestId('ticket-position')).toHaveTextContent(ahead);
    expect(screen.getByTestId('ticket-estimate')).toHaveTextContent(wait);
  });

  it.each([
    ['skipped', 'ticket-skipped', 'Please see the front desk'],
    ['in_consultation', 'ticket-in-consultation', 'You are with the doctor now'],
    ['done', 'ticket-done', 'Your visit is complete'],
    ['left', 'ticket-left', 'no longer in the queue'],
  ] as const)('a %s ticket says so', async (state, testId, text) => {
    ticketApi(() => ({ ...waiting, state, position: null, estimatedWaitMinutes: null, estimateBasis: null }));
    renderApp('/queue?token=q1');
    expect(await screen.findByTestId(testId)).toHaveTextContent(text);
    expect(screen.queryByTestId('ticket-position')).not.toBeInTheDocument();
  });

  it('an expired link says it has expired, and a link that is not one says so', async () => {
    ticketApi(() => jsonResponse(410, errorBody('This link has expired', 'LINK_EXPIRED')));
    const { unmount } = renderApp('/queue?token=q1');
    expect(await screen.findByTestId('ticket-expired')).toHaveTextContent('This link has expired');
    unmount();

    ticketApi(() => jsonResponse(401, errorBody('Invalid link', 'INVALID_LINK')));
    renderApp('/queue?token=forged');
    expect(await screen.findByTestId('ticket-error')).toHaveTextContent('This link is not valid.');
    expect(screen.queryByTestId('ticket-label')).not.toBeInTheDocument();
  });

  it('shows the link lapsing while the page is open (the end of the day)', async () => {
    let answer: Response | PublicTicketView = waiting;
    const { streams } = ticketApi(() => answer);
    renderApp('/queue?token=q1');
    await screen.findByTestId('ticket-label');
    await waitFor(() => expect(streams.connections).toBe(1));
    answer = jsonResponse(410, errorBody('This link has expired', 'LINK_EXPIRED'));
    streams.send('queue');
    expect(await screen.findByTestId('ticket-expired')).toBeInTheDocument();
    expect(screen.queryByTestId('ticket-label')).not.toBeInTheDocument();
  });

  it('without a token, says where the link comes from', async () => {
    ticketApi(() => waiting);
    renderApp('/queue');
    expect(await screen.findByTestId('ticket-no-link')).toHaveTextContent('Open this page from the link');
  });
});
