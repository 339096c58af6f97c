import type { KeyboardEvent, RefObject } from 'react';
import type { EventInput } from '@fullcalendar/core';
import type { AppointmentCard } from '@clinic/shared';
import { fromMinutes, toMinutes, wallOf, type WallTime } from '@/lib/clinic-time';
import { useKeyboardMove } from '../hooks/use-keyboard-move';
import { wallIso } from './calendar-grid-events';

interface WeekMoveInput {
  appointments: readonly AppointmentCard[];
  dates: readonly string[];
  from: number;
  last: number;
  step: number;
  direction: 'ltr' | 'rtl';
  /** The drag's rule (`eventAllow`): the whole visit fits the clinic's open hours, not in the past. */
  bookable: (date: string, from: number, to: number) => boolean;
  /** Whether a card may be dragged (scheduled, to come, and the right to book). */
  movable: (appointment: AppointmentCard) => boolean;
  when: (date: string, minutes: number) => string;
  onMove: (appointment: AppointmentCard, slot: WallTime, revert: () => void) => void;
  gridRef: RefObject<HTMLDivElement | null>;
}

const lengthOf = (a: AppointmentCard) => {
  const s = wallOf(a.datetime);
  const e = wallOf(a.endsAt);
  return (e.date > s.date ? 24 * 60 : toMinutes(e.time)) - toMinutes(s.time);
};

/**
 * The week's keyboard move: M on a focused card hands the keys to the grid, the arrows move the card by a time or a
 * day, Enter asks as a drop asks (the same rule, the same question, the same request), Escape puts the card back and
 * the focus on it. Gives the key handler and the grid's events with the card lifted and where it would go.
 */
export function useWeekMove({ appointments, dates, from, last, step, direction, bookable, movable, when, onMove, gridRef }: WeekMoveInput) {
  const byId = (id: string) => appointments.find((a) => a._id === id);
  const cardEl = (id: string) => gridRef.current?.querySelector<HTMLElement>(`[data-testid="calendar-event"][data-appointment-id="${id}"]`);
  const keyMove = useKeyboardMove({
    columns: dates.length, from, last, step, direction,
    allowed: (m, column, minutes) => {
      const a = byId(m.id);
      const same = column === m.origin.column && minutes === m.origin.minutes;
      return Boolean(a) && !same && bookable(dates[column]!, minutes, minutes + lengthOf(a!));
    },
    when: (column, minutes) => when(dates[column]!, minutes),
    commit: (m, column, minutes) => {
      const a = byId(m.id);
      if (a) onMove(a, { date: dates[column]!, time: fromMinutes(minutes) }, () => {});
    },
    cancelled: (m) => cardEl(m.id)?.focus(),
  });

  /** A key on the grid or a card: the move's keys while moving, M on a movable card to start. True when it was one. */
  const onKey = (event: KeyboardEvent<HTMLDivElement>): boolean => {
    if (keyMove.onKey(event)) return true;
    const card = (event.target as HTMLElement).closest<HTMLElement>('[data-testid="calendar-event"]');
    if (!card || event.key.toLowerCase() !== 'm' || event.ctrlKey || event.metaKey || event.altKey) return false;
    const a = byId(card.dataset.appointmentId ?? '');
    if (!a || !movable(a)) return false;
    event.preventDefault();
    const s = wallOf(a.datetime);
    keyMove.begin({ id: a._id, patient: a.patient.name, column: Math.max(dates.indexOf(s.date), 0), minutes: toMinutes(s.time) });
    // The card may be drawn again while it moves: the grid holds the focus (and the keys) meanwhile.
    gridRef.current?.focus();
    return true;
  };

  /** The grid's events while a card moves: the card marked as lifted, and a box where it would go. */
  const withMove = (events: EventInput[]): EventInput[] => {
    const m = keyMove.moving;
    const a = m && byId(m.id);
    if (!m || !a) return events;
    const lifted = events.map((e) => (e.id === m.id && e.extendedProps?.kind === 'appointment' ? { ...e, classNames: [...(e.classNames as string[]), 'sched-moving'] } : e));
    if (m.column === m.origin.column && m.minutes === m.origin.minutes) return lifted;
    return [...lifted, {
      start: wallIso(dates[m.column]!, m.minutes), end: wallIso(dates[m.column]!, m.minutes + lengthOf(a)), display: 'background',
      classNames: ['sched-move', keyMove.ok ? 'sched-move-ok' : 'sched-move-blocked'], extendedProps: { kind: 'move', ok: keyMove.ok },
    }];
  };

  return { keyMove, onKey, withMove };
}
