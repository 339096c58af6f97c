import type { AppointmentBoard, AppointmentStatus, BoardCard } from '@clinic/shared';

/**
 * The board's sections in the order of the day: bookings requested online waiting for the desk (only when there are
 * any), who is expected, waiting, with the doctor, then how visits ended.
 */
export const BOARD_SECTIONS: readonly AppointmentStatus[] = ['requested', 'scheduled', 'arrived', 'in_consultation', 'completed', 'no_show', 'cancelled'];

/** A checked-in patient waiting this long or longer is highlighted. */
export const LONG_WAIT_MINUTES = 15;

export interface BoardSection {
  status: AppointmentStatus;
  cards: BoardCard[];
  /** How many the day holds in this status, whatever the search. */
  total: number;
}

/** Letters compared without case or Arabic/Latin diacritics, so "ahmed" finds "Ahmed" and "احمد" finds "أحمد". */
function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f\u064b-\u065f\u0670]/g, '')
    .replace(/[أإآ]/g, 'ا')
    .toLocaleLowerCase();
}

/**
 * The board's sections, each card kept when the search (patient name or appointment number, any part of it) matches;
 * every section is there even when empty (but the requested one, there only while the day holds requests), in
 * BOARD_SECTIONS order.
 */
export function boardSections(board: Pick<AppointmentBoard, 'groups'>, search: string): BoardSection[] {
  const words = fold(search.trim()).split(/\s+/).filter(Boolean);
  const matches = (card: BoardCard) => {
    if (!words.length) return true;
    const text = fold(`${card.patient.name} ${card.publicId}`);
    return words.every((w) => text.includes(w));
  };
  return BOARD_SECTIONS.map((status) => {
    const all = board.groups[status] ?? [];
    return { status, cards: all.filter(matches), total: all.length };
  }).filter((s) => s.status !== 'requested' || s.total > 0);
}

/** True when a checked-in patient has waited long enough to be looked after first. */
export function waitsLong(card: Pick<BoardCard, 'status' | 'waitingMinutes'>): boolean {
  return card.status === 'arrived' && (card.waitingMinutes ?? 0) >= LONG_WAIT_MINUTES;
}
