import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppointmentAvailability, AppointmentCard, AvailabilityDay } from '@clinic/shared';
import { fits, openWindows } from '@/features/appointments';
import { fromMinutes, type WallTime } from '@/lib/clinic-time';
import { formatClock } from '@/lib/dates';
import { useKeyboardMove } from '../hooks/use-keyboard-move';
import type { DayDoctor, Placed } from './doctor-column';

/** Whether a card may go to `start` in a doctor's column: elsewhere, the doctor works then and provides its service, not in the past. */
export function dropAllowed(d: Placed, doctor: DayDoctor | undefined, day: AvailabilityDay | undefined, availability: AppointmentAvailability, notBefore: number, start: number) {
  const same = doctor?._id === d.card.doctor._id && start === d.start;
  return !same && Boolean(day) && Boolean(doctor?.serviceIds.includes(d.card.service._id)) && start >= notBefore
    && fits(openWindows(day, availability), start, start + (d.end - d.start));
}

interface DayViewMoveInput {
  byDoctor: ReadonlyMap<string, { placed: Placed[] }>;
  doctors: readonly DayDoctor[];
  doctorDays: ReadonlyMap<string, AvailabilityDay | undefined>;
  availability: AppointmentAvailability;
  from: number;
  to: number;
  step: number;
  direction: 'ltr' | 'rtl';
  notBefore: number;
  date: string;
  onOpen: (appointmentId: string) => void;
  onMove: (card: AppointmentCard, slot: WallTime, doctorId: string) => void;
  /** The mouse's drag, shown unless a card is being moved with the keyboard. */
  dragged: Placed | null;
  target: { doctorId: string; start: number; ok: boolean } | null;
}

/**
 * The day by doctor's keyboard move: M on a focused card, the arrows by a time or a doctor, Enter asks as a drop asks
 * (the same rule, the same question, the same request), Escape or leaving the card drops it. Gives the card's key
 * handler and what the columns draw: the card lifted and where it would go.
 */
export function useDayViewMove({
  byDoctor, doctors, doctorDays, availability, from, to, step, direction, notBefore, date, onOpen, onMove, dragged, target,
}: DayViewMoveInput) {
  const { i18n } = useTranslation();
  const placedOf = (id: string) => [...byDoctor.values()].flatMap((c) => c.placed).find((p) => p.card._id === id);
  const keyMove = useKeyboardMove({
    columns: doctors.length, from: from, last: to - step, step, direction,
    allowed: (m, column, start) => {
      const p = placedOf(m.id);
      const doctor = doctors[column];
      return Boolean(p && doctor) && dropAllowed(p!, doctor, doctorDays.get(doctor!._id), availability, notBefore, start);
    },
    when: (column, start) => `${doctors[column]?.name ?? ''}, ${formatClock(fromMinutes(start), i18n.language)}`,
    commit: (m, column, start) => {
      const p = placedOf(m.id);
      if (p && doctors[column]) onMove(p.card, { date, time: fromMinutes(start) }, doctors[column]._id);
    },
  });
  const cardKey = (p: Placed, event: KeyboardEvent<HTMLDivElement>) => {
    if (keyMove.onKey(event)) return;
    if (event.key === 'Enter') onOpen(p.card._id);
    else if (event.key.toLowerCase() === 'm' && p.movable && !event.ctrlKey && !event.metaKey && !event.altKey) {
      event.preventDefault();
      keyMove.begin({ id: p.card._id, patient: p.card.patient.name, column: doctors.findIndex((d) => d._id === p.card.doctor._id), minutes: p.start });
    }
  };
  const keyMoved = keyMove.moving ? placedOf(keyMove.moving.id) ?? null : null;
  const keyTarget = keyMove.moving && (keyMove.moving.column !== keyMove.moving.origin.column || keyMove.moving.minutes !== keyMove.moving.origin.minutes)
    ? { doctorId: doctors[keyMove.moving.column]?._id ?? '', start: keyMove.moving.minutes, ok: keyMove.ok }
    : null;
  const shownTarget = keyMoved ? keyTarget : target;
  const shownDragged = keyMoved ?? dragged;
  return { keyMove, cardKey, shownTarget, shownDragged };
}
