import { createEvent, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { demoUser, jsonResponse, mockFetch, setLanguage, signIn } from '@/test/utils';
import { card, DATE, renderDay } from './day-view.fixtures';

beforeEach(() => {
  signIn();
  mockFetch((url) => (url.pathname === '/api/profile' ? jsonResponse(200, { success: true, data: demoUser }) : jsonResponse(404, {})));
});
afterEach(async () => {
  await setLanguage('en');
});

describe('DayView', () => {
  it('draws one column per doctor, in the doctors\' order, each with its name and initials', async () => {
    renderDay();
    const headers = await screen.findAllByTestId('dayview-doctor');
    expect(headers.map((h) => h.getAttribute('data-doctor-id'))).toEqual(['d1', 'd2', 'd3']);
    expect(within(headers[0]!).getByText('Dr. Emily Carter')).toBeInTheDocument();
    expect(within(headers[0]!).getByText('EC')).toBeInTheDocument();
    expect(screen.getAllByTestId('dayview-column').map((c) => c.getAttribute('data-doctor-id'))).toEqual(['d1', 'd2', 'd3']);
    expect(within(headers[2]!).getByText('Doctor on leave')).toBeInTheDocument();
  });

  it('draws a service\'s preparation and cleaning time lighter around its visit, in the visit\'s lane', async () => {
    renderDay({ cards: [card('b1', 'd2', '10:00', '10:30', { bufferBeforeMinutes: 10, bufferAfterMinutes: 15 })] });
    const [, d2] = await screen.findAllByTestId('dayview-column');
    const buffers = within(d2!).getAllByTestId('dayview-buffer');
    expect(buffers).toHaveLength(2);
    // In rows of the grid: 10 minutes before the visit, 15 after it.
    const lens = buffers.map((b) => Number(b.style.getPropertyValue('--dv-len')));
    const card10 = within(d2!).getByTestId('dayview-card');
    const visitLen = Number(card10.style.getPropertyValue('--dv-len'));
    expect(lens[0]! / visitLen).toBeCloseTo(10 / 30);
    expect(lens[1]! / visitLen).toBeCloseTo(15 / 30);
  });

  it('puts overlapping appointments of one doctor side by side, and a lone one across the column', async () => {
    renderDay();
    const [d1, d2] = await screen.findAllByTestId('dayview-column');
    const lanes = (col: HTMLElement) => within(col).getAllByTestId('dayview-card').map((c) => [c.getAttribute('data-appointment-id'), c.dataset.lane, c.dataset.lanes]);
    expect(lanes(d1!)).toEqual([['a', '0', '2'], ['b', '1', '2']]);
    expect(lanes(d2!)).toEqual([['c', '0', '1']]);
    expect(within(d1!).getAllByTestId('dayview-card').map((c) => c.dataset.status)).toEqual(['scheduled', 'arrived']);
  });

  it('hides cancelled appointments unless asked, then draws them behind the cells and keeps their time bookable', async () => {
    renderDay();
    await screen.findAllByTestId('dayview-column');
    expect(screen.queryByTestId('dayview-cancelled')).toBeNull();
    document.body.innerHTML = '';
    renderDay({ showCancelled: true });
    const d2 = (await screen.findAllByTestId('dayview-column'))[1]!;
    expect(within(d2).getByTestId('dayview-cancelled')).toHaveAttribute('data-appointment-id', 'x');
    expect(within(d2).getAllByTestId('dayview-free').map((c) => c.dataset.time)).toContain('10:00');
  });

  it('offers only the doctor\'s free working cells and opens the booking form with that doctor and time', async () => {
    const props = renderDay();
    const [d1, d2, d3] = await screen.findAllByTestId('dayview-column');
    // d1: booked 09:00-10:00, a break 11:00-11:30.
    expect(within(d1!).getAllByTestId('dayview-free').map((c) => c.dataset.time)).toEqual(['10:00', '10:30', '11:30', '12:00', '12:30']);
    expect(within(d1!).getByTestId('dayview-break')).toHaveTextContent('Break');
    expect(within(d3!).queryAllByTestId('dayview-free')).toHaveLength(0);
    await userEvent.click(within(d2!).getAllByTestId('dayview-free').find((c) => c.dataset.time === '11:00')!);
    expect(props.onCellClick).toHaveBeenCalledWith({ date: DATE, time: '11:00' }, 'd2');
    await userEvent.click(within(d1!).getAllByTestId('dayview-card')[0]!);
    expect(props.onOpen).toHaveBeenCalledWith('a');
  });

  it('is one Tab stop among the cells: arrows move between times and doctors (mirrored right to left), Enter books a free one', async () => {
    const user = userEvent.setup();
    const props = renderDay();
    const [d1, d2] = await screen.findAllByTestId('dayview-column');
    const cellAt = (column: HTMLElement, time: string) => column.querySelector<HTMLElement>(`[data-cell][data-time="${time}"]`)!;
    // Only one cell is in the Tab order: the first doctor's first time.
    const stops = Array.from(document.querySelectorAll<HTMLElement>('[data-cell]')).filter((c) => c.tabIndex === 0);
    expect(stops).toEqual([cellAt(d1!, '09:00')]);
    cellAt(d1!, '09:00').focus();
    expect(cellAt(d1!, '09:00')).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(cellAt(d1!, '10:00')).toHaveFocus();
    expect(cellAt(d1!, '10:00')).toHaveAccessibleName('Book with Dr. Emily Carter at 10:00');
    await user.keyboard('{ArrowRight}');
    expect(cellAt(d2!, '10:00')).toHaveFocus();
    // The focused cell is now the Tab stop.
    expect(cellAt(d2!, '10:00').tabIndex).toBe(0);
    expect(cellAt(d1!, '09:00').tabIndex).toBe(-1);
    await user.keyboard('{End}');
    expect(cellAt(d2!, '12:30')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(props.onCellClick).toHaveBeenCalledWith({ date: DATE, time: '12:30' }, 'd2');
    // Cards are reached with Tab and opened with Enter.
    within(d1!).getAllByTestId('dayview-card')[0]!.focus();
    await user.keyboard('{Enter}');
    expect(props.onOpen).toHaveBeenCalledWith('a');
  });

  it('moves between doctors the way the columns run in Arabic: left is the next doctor', async () => {
    const user = userEvent.setup();
    renderDay({ direction: 'rtl' });
    const [d1, d2] = await screen.findAllByTestId('dayview-column');
    d1!.querySelector<HTMLElement>('[data-cell][data-time="10:00"]')!.focus();
    await user.keyboard('{ArrowLeft}');
    expect(d2!.querySelector('[data-cell][data-time="10:00"]')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(d1!.querySelector('[data-cell][data-time="10:00"]')).toHaveFocus();
  });

  it('cuts names at their own end: ellipsis on a block whose direction follows the name, in Arabic as well', async () => {
    await setLanguage('ar');
    renderDay({ direction: 'rtl' });
    const root = await screen.findByTestId('dayview');
    expect(root).toHaveAttribute('dir', 'rtl');
    const names = screen.getAllByTestId('dayview-card-name');
    for (const name of names) {
      expect(name).toHaveAttribute('dir', 'auto');
      expect(name.className).toMatch(/cardName/);
    }
    const arabic = names.find((n) => n.textContent?.startsWith('عبد'))!;
    expect(arabic).toBeDefined();
    // The columns follow the document's direction: the first doctor's column comes first in the grid, so it sits on the right in Arabic.
    expect(screen.getAllByTestId('dayview-column')[0]).toHaveAttribute('data-doctor-id', 'd1');
    expect(within(screen.getAllByTestId('dayview-doctor')[2]!).getByText('الطبيب في إجازة')).toBeInTheDocument();
  });

  it('lets only scheduled, future appointments be dragged, and not without the right to book', async () => {
    renderDay();
    const cards = await screen.findAllByTestId('dayview-card');
    expect(cards.map((c) => [c.dataset.appointmentId, c.getAttribute('draggable')])).toEqual([['a', 'true'], ['b', 'false'], ['c', 'false']]);
    document.body.innerHTML = '';
    renderDay({ canWrite: false });
    expect((await screen.findAllByTestId('dayview-card')).every((c) => c.getAttribute('draggable') === 'false')).toBe(true);
    expect(screen.queryAllByTestId('dayview-free')).toHaveLength(0);
  });

  it('moves a card dragged to another doctor\'s free time, and refuses a doctor on leave or one who does not provide the service', async () => {
    const props = renderDay();
    const [, d2, d3] = await screen.findAllByTestId('dayview-column');
    const card = within(screen.getAllByTestId('dayview-column')[0]!).getAllByTestId('dayview-card')[0]!;
    const dataTransfer = { setData: vi.fn(), effectAllowed: '', dropEffect: '' };
    // 8 rows of 40 px from 09:00: 11:00 is the fifth.
    for (const col of [d2!, d3!]) col.getBoundingClientRect = () => ({ top: 0, height: 320, left: 0, width: 160, bottom: 320, right: 160, x: 0, y: 0, toJSON: () => ({}) });
    const at = (type: 'dragOver' | 'drop', el: HTMLElement, y: number) => {
      const ev = createEvent[type](el, { dataTransfer });
      Object.defineProperty(ev, 'clientY', { value: y });
      fireEvent(el, ev);
      return ev;
    };
    fireEvent.dragStart(card, { dataTransfer });
    expect(at('dragOver', d3!, 165).defaultPrevented).toBe(false);
    at('drop', d3!, 165);
    expect(props.onMove).not.toHaveBeenCalled();

    fireEvent.dragStart(card, { dataTransfer });
    expect(at('dragOver', d2!, 165).defaultPrevented).toBe(true);
    expect(within(d2!).getByTestId('dayview-drop')).toHaveAttribute('data-ok', 'true');
    at('drop', d2!, 165);
    expect(props.onMove).toHaveBeenCalledWith(expect.objectContaining({ _id: 'a' }), { date: DATE, time: '11:00' }, 'd2');
  });
});
