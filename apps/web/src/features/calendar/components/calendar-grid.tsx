import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import { VisuallyHidden } from '@mantine/core';
import { useElementSize, useMergedRef } from '@mantine/hooks';
import type { EventDropArg, EventInput } from '@fullcalendar/core';
import interactionPlugin, { type DateClickArg } from '@fullcalendar/interaction';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { useTranslation } from 'react-i18next';
import type { AppointmentAvailability, AppointmentCard } from '@clinic/shared';
import { addDays, fromMinutes, toMinutes, type WallTime } from '@/lib/clinic-time';
import { useNowInput } from './calendar-now';
import { fits, openWindows, type Window } from '@/features/appointments';
import classes from './calendar.module.css';
import shared from './calendar-shared.module.css';
import { alignDown, appointmentInCell, gridBounds, gridEvents, isMovable, minutesOf, wallFromDate, wallIso } from './calendar-grid-events';
import { useWeekMove } from './calendar-grid-move';
import { calendarTextsOf, dayHeaderOf, eventContentOf, markEventOf, maxStackFor, nowIndicatorOf, slotLabelOf } from './calendar-grid-content';
import { formatClock, formatDay, formatNumber } from '@/lib/dates';
import { getDisplay, subscribeDisplay } from '@/lib/format/display';

export interface CalendarGridProps {
  /** First day shown (clinic-local 'YYYY-MM-DD') and how many days. */
  start: string;
  days: number;
  availability: AppointmentAvailability | undefined;
  appointments: readonly AppointmentCard[];
  /** Cancelled appointments are left out unless asked for, and then drawn behind the cells: their time is free. */
  showCancelled?: boolean;
  /** The clinic's clocks now. */
  now: WallTime;
  canWrite: boolean;
  direction: 'ltr' | 'rtl';
  onCellClick: (slot: WallTime) => void;
  onOpen: (appointmentId: string) => void;
  /** A card was dropped on another allowed slot: reschedule it, or call `revert`. */
  onMove: (appointment: AppointmentCard, slot: WallTime, revert: () => void) => void;
  /** The clinic's weekend days (0 Sunday .. 6 Saturday), marked in the day headers. */
  weekendDays?: readonly number[];
}

/*
 * The grid runs in UTC with the clinic's wall-clock times written as UTC ("09:00 local" is drawn at 09:00Z),
 * so it shows the clinic's own hours whatever the browser's zone; instants are rebuilt with the clinic's
 * zone only when talking to the API.
 */

export function CalendarGrid({
  start, days, availability, appointments, showCancelled = false, now, canWrite, direction, onCellClick, onOpen, onMove, weekendDays = [],
}: CalendarGridProps) {
  const { t, i18n } = useTranslation();
  // The user's digits: a change redraws the axis, the headers and the now indicator.
  useSyncExternalStore(subscribeDisplay, getDisplay);
  const step = availability?.slotMinutes ?? 30;
  const nowMinutes = toMinutes(now.time);
  const nowInput = useNowInput(now);
  const dates = useMemo(() => Array.from({ length: days }, (_, i) => addDays(start, i)), [start, days]);

  const windowsByDate = useMemo(() => {
    const map = new Map<string, Window[]>();
    for (const date of dates) map.set(date, openWindows(availability?.days.find((d) => d.date === date), availability));
    return map;
  }, [dates, availability]);

  const bounds = useMemo(() => gridBounds(availability, appointments, step), [availability, appointments, step]);

  const bookable = (date: string, from: number, to: number) => {
    if (date < now.date || (date === now.date && from < nowMinutes)) return false;
    return fits(windowsByDate.get(date) ?? [], from, to);
  };

  /*
   * The keyboard's cursor over the cells: the grid itself takes focus (Tab), the arrow keys move a visible cursor
   * between times (up/down) and days (left/right, mirrored right to left), Enter books the time or opens the
   * appointment there; each move is read out. The cards stay in the Tab order after the grid (Enter opens one).
   */
  const gridRef = useRef<HTMLDivElement>(null);
  // The grid's width decides how many visits at one time stand side by side (each card kept wide enough to read).
  const { ref: sizeRef, width } = useElementSize<HTMLDivElement>();
  const rootRef = useMergedRef(gridRef, sizeRef);
  const [cursor, setCursor] = useState<{ date: string; minutes: number } | null>(null);
  const [cellsFocused, setCellsFocused] = useState(false);
  const lastSlot = Math.max(bounds.from, bounds.to - step);
  const place = cursor && dates.includes(cursor.date)
    ? { date: cursor.date, minutes: Math.min(Math.max(alignDown(cursor.minutes, step), bounds.from), lastSlot) }
    : null;
  const firstPlace = () => {
    for (const date of dates) {
      for (let m = bounds.from; m <= lastSlot; m += step) if (bookable(date, m, m + step)) return { date, minutes: m };
    }
    return { date: dates[0]!, minutes: bounds.from };
  };
  const appointmentAt = (at: { date: string; minutes: number }) => appointmentInCell(appointments, at, step);
  const whenOf = (date: string, minutes: number) => `${formatDay(date, i18n.language, { weekday: 'long', day: 'numeric', month: 'long' }, false)}, ${formatClock(fromMinutes(minutes), i18n.language)}`;
  const cellText = (at: { date: string; minutes: number }) => {
    const when = whenOf(at.date, at.minutes);
    const booked = appointmentAt(at);
    if (booked) return t('calendar.keyboard.booked', { when, patient: booked.patient.name });
    return t(canWrite && bookable(at.date, at.minutes, at.minutes + step) ? 'calendar.keyboard.free' : 'calendar.keyboard.unavailable', { when });
  };
  // Moving a card with the keyboard (M, the arrows, Enter): the drag's rule, question and request.
  const { keyMove, onKey: onMoveKey, withMove } = useWeekMove({
    appointments, dates, from: bounds.from, last: lastSlot, step, direction, bookable, when: whenOf, onMove, gridRef,
    movable: (a) => isMovable(a, canWrite, now, nowMinutes),
  });
  const onGridKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if (onMoveKey(event) || event.target !== event.currentTarget) return;
    const at = place ?? firstPlace();
    const forward = direction === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const back = direction === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
    const day = dates.indexOf(at.date);
    let next: typeof at;
    if (event.key === 'ArrowDown') next = { ...at, minutes: Math.min(at.minutes + step, lastSlot) };
    else if (event.key === 'ArrowUp') next = { ...at, minutes: Math.max(at.minutes - step, bounds.from) };
    else if (event.key === forward) next = { ...at, date: dates[Math.min(day + 1, dates.length - 1)]! };
    else if (event.key === back) next = { ...at, date: dates[Math.max(day - 1, 0)]! };
    else if (event.key === 'Home') next = { ...at, minutes: bounds.from };
    else if (event.key === 'End') next = { ...at, minutes: lastSlot };
    else if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      const booked = appointmentAt(at);
      if (booked) onOpen(booked._id);
      else if (canWrite && bookable(at.date, at.minutes, at.minutes + step)) onCellClick({ date: at.date, time: fromMinutes(at.minutes) });
      return;
    } else return;
    event.preventDefault();
    setCursor(next);
  };
  useEffect(() => {
    if (!cellsFocused) return;
    gridRef.current?.querySelector('[data-testid="calendar-cursor"]')?.scrollIntoView({ block: 'nearest' });
  }, [cellsFocused, place?.date, place?.minutes]);

  const events = useMemo<EventInput[]>(
    () => gridEvents({ dates, windowsByDate, bounds, appointments, showCancelled, canWrite, now, nowMinutes }),
    [dates, windowsByDate, bounds, appointments, showCancelled, canWrite, now, nowMinutes],
  );

  const cursorDate = place?.date;
  const cursorMinutes = place?.minutes;
  const cursorShown = useMemo<EventInput[]>(() => {
    if (!cellsFocused || cursorDate === undefined || cursorMinutes === undefined) return events;
    return [...events, {
      start: wallIso(cursorDate, cursorMinutes), end: wallIso(cursorDate, cursorMinutes + step), display: 'background',
      classNames: ['sched-cursor'], extendedProps: { kind: 'cursor' },
    }];
  }, [events, cellsFocused, cursorDate, cursorMinutes, step]);
  const shown = keyMove.moving ? withMove(events) : cursorShown;

  const lang = i18n.language;
  const eventContent = eventContentOf(t, lang, step);
  const markEvent = markEventOf(t);
  const texts = calendarTextsOf(t, lang);
  const dayHeader = dayHeaderOf({ t, lang, availability, today: now.date, weekendDays });

  return (
    <div
      ref={rootRef}
      className={classes.grid}
      data-testid="calendar-grid"
      // Someone who books keeps a strip free beside the cards, to book another doctor at a taken time.
      data-bookable={canWrite || undefined}
      tabIndex={0}
      role="group"
      aria-label={t('calendar.keyboard.cells')}
      onKeyDown={onGridKey}
      onFocus={(event) => {
        if (event.target !== event.currentTarget) return;
        if (!place) setCursor(firstPlace());
        setCellsFocused(true);
      }}
      onBlur={(event) => {
        if (event.target !== event.currentTarget) return;
        setCellsFocused(false);
        keyMove.stop();
      }}
    >
      <div role="status" className={keyMove.moving ? shared.moveStatus : shared.liveHidden} data-testid="calendar-move-status">{keyMove.text}</div>
      <VisuallyHidden aria-live="polite" data-testid="calendar-cursor-text">
        {cellsFocused && place && !keyMove.moving ? cellText(place) : ''}
      </VisuallyHidden>
      <FullCalendar
        plugins={[timeGridPlugin, interactionPlugin]}
        initialView="clinicDays"
        views={{ clinicDays: { type: 'timeGrid', duration: { days } } }}
        initialDate={start}
        timeZone="UTC"
        {...texts}
        now={nowInput}
        headerToolbar={false}
        allDaySlot={false}
        direction={direction}
        height="auto"
        expandRows
        nowIndicator
        slotDuration={{ minutes: step }}
        snapDuration={{ minutes: step }}
        slotLabelInterval={{ minutes: step }}
        slotMinTime={fromMinutes(bounds.from)}
        slotMaxTime={bounds.to >= 24 * 60 ? '24:00' : fromMinutes(bounds.to)}
        slotLabelFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
        slotLabelContent={slotLabelOf(lang)}
        nowIndicatorContent={nowIndicatorOf(lang, now.time)}
        eventTimeFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
        dayHeaderContent={dayHeader}
        eventContent={eventContent}
        eventDidMount={markEvent}
        // "+2" with the user's digits, its sign before the number in Arabic too.
        moreLinkContent={(arg) => <span dir="ltr">+{formatNumber(arg.num, lang)}</span>}
        moreLinkDidMount={(arg) => {
          // FullCalendar's "+2 more" is an <a> without href that opens a popover: a button, as assistive technology
          // should hear it, without the empty aria-controls it starts with.
          arg.el.setAttribute('role', 'button');
          arg.el.setAttribute('aria-label', t('calendar.grid.moreHint', { count: arg.num }));
          if (!arg.el.getAttribute('aria-controls')) arg.el.removeAttribute('aria-controls');
        }}
        events={shown}
        eventDurationEditable={false}
        eventOverlap
        // Visits at the same time stand side by side (never drawn over each other, cutting names); past as many as
        // the day's column holds at a readable width, a "+N" opens the rest.
        slotEventOverlap={false}
        eventMaxStack={maxStackFor(width, days)}
        dateClick={(arg: DateClickArg) => {
          const minutes = minutesOf(arg.date);
          const date = arg.date.toISOString().slice(0, 10);
          if (!canWrite || !bookable(date, minutes, minutes + step)) return;
          onCellClick(wallFromDate(arg.date));
        }}
        eventClick={(arg) => {
          arg.jsEvent.preventDefault();
          if (arg.event.extendedProps.kind === 'appointment') onOpen(arg.event.id);
        }}
        eventAllow={(span, event) => {
          if (!event || event.extendedProps.kind !== 'appointment') return false;
          const date = span.start.toISOString().slice(0, 10);
          const from = minutesOf(span.start);
          const length = Math.round((span.end.getTime() - span.start.getTime()) / 60_000);
          return bookable(date, from, from + length);
        }}
        eventDrop={(arg: EventDropArg) => {
          const record = arg.event.extendedProps.record as AppointmentCard;
          if (!arg.event.start) return arg.revert();
          onMove(record, wallFromDate(arg.event.start), arg.revert);
        }}
      />
    </div>
  );
}
