import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DisplayBoard } from '@clinic/shared';
import { errorBody, jsonResponse, mockFetch, renderApp } from '@/test/utils';
import { eventStreams } from '@/test/event-stream.fixtures';
import { displayBoard, displayCall, stubSound } from './display-page.fixtures';

const TOKEN = 'd1.company-1.display-1.secret';

/** The display's side of the API: pairing, the board (what `board()` says now) and the live stream. */
function displayApi(board: () => Response | DisplayBoard) {
  const streams = eventStreams();
  /** The network: while down, the stream cannot connect. */
  const network = { down: false };
  const sent: Array<{ path: string; token: string | null; body?: unknown }> = [];
  mockFetch((url, init) => {
    const token = new Headers(init.headers).get('x-display-token');
    sent.push({ path: url.pathname, token, ...(init.body ? { body: JSON.parse(String(init.body)) } : {}) });
    if (url.pathname === '/api/public/display/pair') return jsonResponse(200, { success: true, data: { token: TOKEN, display: { name: 'Hall TV', clinic: 'Al Noor Clinic', room: null } } });
    if (url.pathname === '/api/public/display/live') return network.down ? Promise.reject(new TypeError('Failed to fetch')) : streams.response();
    if (url.pathname === '/api/public/display') {
      const answer = board();
      return answer instanceof Response ? answer : jsonResponse(200, { success: true, data: answer });
    }
    return jsonResponse(404, errorBody('Not found', 'NOT_FOUND'));
  });
  return { streams, sent, network };
}

describe('the waiting-room display', { timeout: 30_000 }, () => {
  it('unpaired, asks for the code in Arabic, pairs with it, keeps the token and shows the board', async () => {
    stubSound();
    const { sent } = displayApi(() => displayBoard([displayCall('e2', 'A-007', 30), displayCall('e1', 'A-006', 400)]));
    const user = userEvent.setup();
    renderApp('/display');

    const pairing = await screen.findByTestId('display-pairing');
    expect(pairing).toHaveTextContent('ربط هذه الشاشة');
    await waitFor(() => expect(document.documentElement.dir).toBe('rtl'));
    await user.type(screen.getByTestId('display-pairing-code'), 'abcd-23 45');
    expect(screen.getByTestId('display-pairing-code')).toHaveValue('ABCD2345');
    await user.click(screen.getByTestId('display-pairing-submit'));

    expect(await screen.findByTestId('display-current-label')).toHaveTextContent('A-007');
    expect(screen.getByTestId('display-current-place')).toHaveTextContent('غرفة 3');
    expect(screen.getByTestId('display-current')).toHaveTextContent('يُنادى الآن');
    expect(screen.getByTestId('display-clinic')).toHaveTextContent('Al Noor Clinic');
    expect(screen.getAllByTestId('display-recent-call').map((row) => row.textContent)).toEqual([expect.stringContaining('A-006')]);
    expect(screen.getAllByTestId('display-waiting-number').map((chip) => chip.textContent)).toEqual(['A-009', 'B-002']);
    expect(localStorage.getItem('displayToken')).toBe(TOKEN);
    await waitFor(() => expect(document.title).toBe('Al Noor Clinic · شاشة قاعة الانتظار'));
    expect(sent.find((r) => r.path === '/api/public/display/pair')?.body).toEqual({ code: 'ABCD2345' });
    expect(sent.filter((r) => r.path === '/api/public/display').every((r) => r.token === TOKEN)).toBe(true);
  });

  it('shows a new call as it arrives and announces it once: a chime, then the number and room read in Arabic', async () => {
    localStorage.setItem('displayToken', TOKEN);
    const sound = stubSound('running');
    let board = displayBoard([displayCall('e1', 'A-006', 60)]);
    const { streams } = displayApi(() => board);
    renderApp('/display');

    expect(await screen.findByTestId('display-current-label')).toHaveTextContent('A-006');
    await waitFor(() => expect(streams.connections).toBe(1));
    streams.send('ready');
    // Nothing announced for what was already on the board when the screen came up, and no tap asked for.
    expect(screen.queryByTestId('display-enable-sound')).not.toBeInTheDocument();

    board = displayBoard([displayCall('e2', 'A-007', 1), displayCall('e1', 'A-006', 61)]);
    streams.send('queue');
    await waitFor(() => expect(screen.getByTestId('display-current-label')).toHaveTextContent('A-007'));
    await waitFor(() => expect(sound.spoken).toEqual([{ text: 'الرقم A 0 0 7، غرفة 3', lang: 'ar-SA' }]));
    expect(sound.tones.length).toBeGreaterThan(0);

    // The same board again (another event for the same change): not announced twice. A recall is announced again.
    streams.send('queue');
    board = displayBoard([displayCall('e3', 'A-007', 0, { recall: true }), displayCall('e2', 'A-007', 2), displayCall('e1', 'A-006', 62)], { announce: 'both' });
    streams.send('queue');
    await waitFor(() => expect(screen.getByTestId('display-current')).toHaveTextContent('نداء متكرر'));
    await waitFor(() => expect(sound.spoken).toEqual([
      { text: 'الرقم A 0 0 7، غرفة 3', lang: 'ar-SA' },
      { text: 'الرقم A 0 0 7، غرفة 3', lang: 'ar-SA' },
      { text: 'Number A 0 0 7, غرفة 3', lang: 'en-GB' },
    ]));
  });

  it('asks for a tap when the browser holds the sound back, and the tap turns it on', async () => {
    localStorage.setItem('displayToken', TOKEN);
    const sound = stubSound('suspended');
    displayApi(() => displayBoard([]));
    const user = userEvent.setup();
    renderApp('/display');

    expect(await screen.findByTestId('display-no-calls')).toHaveTextContent('تظهر الأرقام المنادى عليها هنا');
    const gate = screen.getByTestId('display-enable-sound');
    expect(gate).toHaveTextContent('المس الشاشة لتشغيل الصوت');
    await user.click(gate);
    expect(screen.queryByTestId('display-enable-sound')).not.toBeInTheDocument();
    expect(sound.resume).toHaveBeenCalled();
  });

  it('says it is offline while the stream is down, and catches up with the calls it missed when it is back', async () => {
    localStorage.setItem('displayToken', TOKEN);
    stubSound();
    let board = displayBoard([displayCall('e1', 'A-006', 60)]);
    const { streams, network } = displayApi(() => board);
    renderApp('/display');
    await screen.findByTestId('display-current-label');
    await waitFor(() => expect(streams.connections).toBe(1));

    network.down = true;
    streams.fail();
    expect(await screen.findByTestId('display-offline')).toHaveTextContent('غير متصل');
    board = displayBoard([displayCall('e3', 'A-008', 5), displayCall('e2', 'A-007', 50), displayCall('e1', 'A-006', 110)]);
    network.down = false;
    await waitFor(() => expect(streams.connections).toBe(2), { timeout: 10_000 });
    streams.send('ready');
    await waitFor(() => expect(screen.getByTestId('display-current-label')).toHaveTextContent('A-008'));
    expect(screen.queryByTestId('display-offline')).not.toBeInTheDocument();
    expect(within(screen.getByTestId('display-recent')).getAllByTestId('display-recent-call')).toHaveLength(2);
  });

  it('goes back to pairing when the display was revoked, and says so', async () => {
    localStorage.setItem('displayToken', TOKEN);
    stubSound();
    displayApi(() => jsonResponse(401, errorBody('This display is no longer paired', 'DISPLAY_REVOKED')));
    renderApp('/display');

    expect(await screen.findByTestId('display-revoked')).toHaveTextContent('أُلغي ربط هذه الشاشة');
    expect(screen.getByTestId('display-pairing-code')).toHaveValue('');
    expect(localStorage.getItem('displayToken')).toBeNull();
  });

  it('stays in English once the screen was set to English', async () => {
    localStorage.setItem('displayToken', TOKEN);
    localStorage.setItem('displayLanguage', 'en');
    stubSound();
    displayApi(() => displayBoard([displayCall('e1', 'A-006', 60, { room: null })]));
    renderApp('/display');

    expect(await screen.findByTestId('display-current')).toHaveTextContent('Now calling');
    expect(screen.getByTestId('display-current-place')).toHaveTextContent('Dr. Rana');
    expect(screen.getByTestId('display-waiting')).toHaveTextContent('Waiting');
    expect(document.documentElement.dir).toBe('ltr');
  });
});
