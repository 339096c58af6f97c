import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setDisplay } from '@/lib/format/display';
import { demoUser, jsonResponse, mockFetch, setLanguage, signIn } from '@/test/utils';
import { DATE, renderDay } from './day-view.fixtures';

beforeEach(() => {
  signIn();
  mockFetch((url) => (url.pathname === '/api/profile' ? jsonResponse(200, { success: true, data: demoUser }) : jsonResponse(404, {})));
});
afterEach(async () => {
  setDisplay({ hijriMode: 'off', digits: 'latn' });
  await setLanguage('en');
});

const cardOf = (id: string) => screen.getAllByTestId('dayview-card').find((c) => c.dataset.appointmentId === id)!;

describe('the day by doctor with the keyboard and in Arabic digits', () => {
  it('moves a focused card with M and the arrows, shows and says where it would go, and Enter asks as a drop asks', async () => {
    const props = renderDay();
    const card = cardOf('a');
    expect(card).toHaveAttribute('aria-keyshortcuts', 'M');
    card.focus();
    await userEvent.keyboard('m');
    const status = screen.getByTestId('dayview-move-status');
    expect(status).toHaveAttribute('role', 'status');
    expect(status).toHaveTextContent(/^Moving the appointment of \u2068Patient a .*\u2069, now \u2068Dr\. Emily Carter, 09:00\u2069\./);
    expect(card).toHaveAttribute('data-dragging', 'true');
    await userEvent.keyboard('{ArrowDown}');
    expect(status).toHaveTextContent(/^Move \u2068Patient a .*\u2069 to \u2068Dr\. Emily Carter, 09:30\u2069\./);
    const [d1] = screen.getAllByTestId('dayview-column');
    expect(within(d1!).getByTestId('dayview-drop')).toHaveAttribute('data-ok', 'true');
    await userEvent.keyboard('{Enter}');
    expect(props.onMove).toHaveBeenCalledWith(expect.objectContaining({ _id: 'a' }), { date: DATE, time: '09:30' }, 'd1');
    expect(props.onOpen).not.toHaveBeenCalled();
    expect(screen.queryByTestId('dayview-drop')).toBeNull();
  });

  it('moves by one doctor with left and right, refuses a doctor on leave, and Escape puts the card back', async () => {
    const props = renderDay();
    cardOf('a').focus();
    await userEvent.keyboard('m{ArrowRight}');
    const status = screen.getByTestId('dayview-move-status');
    expect(status).toHaveTextContent(/to \u2068د\. عمر حداد, 09:00\u2069\./);
    await userEvent.keyboard('{ArrowRight}');
    expect(status).toHaveTextContent(/^\u2068Dr\. Sara Nasser, 09:00\u2069 is not available for \u2068Patient a/);
    const d3 = screen.getAllByTestId('dayview-column')[2]!;
    expect(within(d3).getByTestId('dayview-drop')).not.toHaveAttribute('data-ok');
    await userEvent.keyboard('{Enter}');
    expect(props.onMove).not.toHaveBeenCalled();
    await userEvent.keyboard('{Escape}');
    expect(status).toHaveTextContent('Move cancelled.');
    expect(screen.queryByTestId('dayview-drop')).toBeNull();
    expect(cardOf('a')).toHaveFocus();
    // Enter opens the card again once the move is over.
    await userEvent.keyboard('{Enter}');
    expect(props.onOpen).toHaveBeenCalledWith('a');
  });

  it('offers no keyboard move for a card that cannot be dragged', async () => {
    renderDay();
    const arrived = cardOf('b');
    expect(arrived).not.toHaveAttribute('aria-keyshortcuts');
    arrived.focus();
    await userEvent.keyboard('m');
    expect(screen.getByTestId('dayview-move-status')).toHaveTextContent('');
  });

  it('writes the time column and the time now in Arabic-Indic digits when the user chose them', async () => {
    await setLanguage('ar');
    setDisplay({ hijriMode: 'off', digits: 'arab' });
    renderDay({ now: { date: DATE, time: '10:00' } });
    const labels = screen.getAllByTestId('dayview-slot-label').map((l) => l.textContent);
    expect(labels.slice(0, 3)).toEqual(['٠٩:٠٠', '٠٩:٣٠', '١٠:٠٠']);
    expect(labels.join(' ')).not.toMatch(/[0-9]/);
    expect(screen.getByTestId('dayview-now-time')).toHaveTextContent('١٠:٠٠');
    // The cards' times too.
    expect(screen.getAllByTestId('dayview-card-time')[0]).toHaveTextContent('٠٩:٠٠–١٠:٠٠');
  });
});
