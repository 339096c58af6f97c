import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

const isolate = (text: string) => `\u2068${text}\u2069`;

/** An appointment being moved with the keyboard: where it is and where it would go, as a column (day or doctor) and a time. */
export interface KeyboardMoving {
  id: string;
  patient: string;
  column: number;
  minutes: number;
  origin: { column: number; minutes: number };
}

export interface KeyboardMoveSpec {
  /** Days (week) or doctors (day by doctor) side by side. */
  columns: number;
  /** The first and the last time a card may start at, and the step between them. */
  from: number;
  last: number;
  step: number;
  direction: 'ltr' | 'rtl';
  /** Whether the card may go there: the drag's own rule. */
  allowed: (moving: KeyboardMoving, column: number, minutes: number) => boolean;
  /** The place as read out ("Tuesday 10 March, 10:30", "Dr. Carter, 10:30"). */
  when: (column: number, minutes: number) => string;
  /** Enter on an allowed place: ask, as the drag asks, then move. */
  commit: (moving: KeyboardMoving, column: number, minutes: number) => void;
  /** Escape: the move is dropped (the view gives the focus back to the card). */
  cancelled?: (moving: KeyboardMoving) => void;
}

/**
 * Moving an appointment without a mouse: M on a focused card starts it at the card's place, the arrow keys shift it by
 * one time step (up and down) or one column (left and right, mirrored right to left), Enter asks the same question a
 * drop asks, Escape puts it back. What it would do is said (and shown) at every step.
 */
export function useKeyboardMove(spec: KeyboardMoveSpec) {
  const { t } = useTranslation();
  const [moving, setMoving] = useState<KeyboardMoving | null>(null);
  const [ended, setEnded] = useState('');

  const begin = (item: { id: string; patient: string; column: number; minutes: number }) => {
    setEnded('');
    setMoving({ ...item, origin: { column: item.column, minutes: item.minutes } });
  };

  const ok = moving ? spec.allowed(moving, moving.column, moving.minutes) : false;
  // Names and places isolated, so an English name keeps its place in an Arabic sentence and the other way round.
  const words = moving && { patient: isolate(moving.patient), when: isolate(spec.when(moving.column, moving.minutes)) };
  const text = !moving || !words
    ? ended
    : moving.column === moving.origin.column && moving.minutes === moving.origin.minutes
      ? t('calendar.keyboard.moveStart', words)
      : t(ok ? 'calendar.keyboard.move' : 'calendar.keyboard.moveBlocked', words);

  /** Handles a key while moving; false when nothing is being moved or the key is not the move's. */
  const onKey = (event: KeyboardEvent<HTMLElement>): boolean => {
    if (!moving) return false;
    const forward = spec.direction === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const back = spec.direction === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
    let next: Pick<KeyboardMoving, 'column' | 'minutes'> | null = null;
    if (event.key === 'ArrowDown') next = { column: moving.column, minutes: Math.min(moving.minutes + spec.step, spec.last) };
    else if (event.key === 'ArrowUp') next = { column: moving.column, minutes: Math.max(moving.minutes - spec.step, spec.from) };
    else if (event.key === forward) next = { column: Math.min(moving.column + 1, spec.columns - 1), minutes: moving.minutes };
    else if (event.key === back) next = { column: Math.max(moving.column - 1, 0), minutes: moving.minutes };
    else if (event.key === 'Enter' || event.key === ' ') {
      if (ok) {
        setMoving(null);
        spec.commit(moving, moving.column, moving.minutes);
      }
    } else if (event.key === 'Escape') {
      setMoving(null);
      setEnded(t('calendar.keyboard.moveCancelled'));
      spec.cancelled?.(moving);
    } else return false;
    event.preventDefault();
    event.stopPropagation();
    if (next) setMoving({ ...moving, ...next });
    return true;
  };

  /** Drops the move without a word (the focus left the card). */
  const stop = () => setMoving(null);

  return { moving, ok, text, begin, onKey, stop };
}
