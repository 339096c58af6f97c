import type { CalendarOptions, DayHeaderContentArg, EventContentArg, EventMountArg, NowIndicatorContentArg, SlotLabelContentArg } from '@fullcalendar/core';
import arLocale from '@fullcalendar/core/locales/ar';
import { IconWorld } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import type { AppointmentAvailability, AppointmentCard } from '@clinic/shared';
import { fromMinutes, timeRange, wallOf } from '@/lib/clinic-time';
import { formatClock, formatDay, hijriDayLabel, localeOf } from '@/lib/dates';
import classes from './calendar-grid-content.module.css';
import shared from './calendar-shared.module.css';
import { minutesOf } from './calendar-grid-events';

/*
 * Times and dates drawn by the grid are written with Intl in the interface language and the user's digits ("09:30",
 * "٠٩:٣٠"), not FullCalendar's own formatting (Western digits whatever the locale).
 */

/**
 * FullCalendar's own words and formats in the interface language: its Arabic locale (with the user's digits) and the
 * app's texts for what assistive technology hears of it ("+2" more links, the popover's close button).
 */
export function calendarTextsOf(t: TFunction, lang: string): Pick<CalendarOptions, 'locale' | 'moreLinkHint' | 'closeHint'> {
  return {
    locale: lang.startsWith('ar') ? { ...arLocale, code: localeOf(lang) } : lang,
    moreLinkHint: (count: number) => t('calendar.grid.moreHint', { count }),
    closeHint: t('calendar.grid.close'),
  };
}

/** Width of the time axis beside the days' columns, in pixels (about). */
const AXIS_WIDTH = 56;
/** Narrowest a card of visits side by side is drawn, in pixels: the start of a name and its time (the card's title has the rest). */
const CARD_MIN_WIDTH = 44;

/**
 * How many visits at one time stand side by side in a day's column of a grid `gridWidth` wide before a "+N" opens the
 * rest: as many as stay readable, two at least (the width unknown: two), four at most.
 */
export function maxStackFor(gridWidth: number, days: number): number {
  if (!gridWidth) return 2;
  const column = (gridWidth - AXIS_WIDTH) / Math.max(days, 1);
  return Math.min(4, Math.max(2, Math.floor(column / CARD_MIN_WIDTH)));
}

/** A time of the axis (the grid's UTC instant is the clinic's wall clock). */
export function slotLabelOf(lang: string) {
  return function SlotLabel(arg: SlotLabelContentArg) {
    return <span data-testid="calendar-slot-label">{formatClock(fromMinutes(minutesOf(arg.date)), lang)}</span>;
  };
}

/** The clinic's time now, on the now indicator's arrow in the time axis (the line across the days has none). */
export function nowIndicatorOf(lang: string, time: string) {
  return function NowIndicator(arg: NowIndicatorContentArg) {
    return arg.isAxis ? <span className={classes.nowTime} data-testid="calendar-now-time">{formatClock(time, lang)}</span> : null;
  };
}

interface DayHeaderInput {
  t: TFunction;
  lang: string;
  availability: AppointmentAvailability | undefined;
  today: string;
  weekendDays: readonly number[];
}

/** A day's header: weekday, day of the month, its Hijri day when shown, and a holiday or a doctor away. */
export function dayHeaderOf({ t, lang, availability, today, weekendDays }: DayHeaderInput) {
  return function DayHeader(arg: DayHeaderContentArg) {
    const date = arg.date.toISOString().slice(0, 10);
    const info = availability?.days.find((d) => d.date === date);
    const hijri = hijriDayLabel(date, lang);
    return (
      <div className={classes.dayHeader} data-today={date === today || undefined} data-weekend={weekendDays.includes(arg.date.getUTCDay()) || undefined} data-testid="calendar-day-header" data-date={date}>
        <span className={classes.weekday}>{formatDay(date, lang, { weekday: 'short' }, false)}</span>
        <span className={classes.dayNumber}>{formatDay(date, lang, { day: 'numeric' }, false)}</span>
        {hijri && <span className={classes.hijriDay} data-testid="calendar-hijri-day">{hijri}</span>}
        {info?.holiday && <span className={classes.dayNote} title={info.holiday}>{t('calendar.holiday')}</span>}
        {!info?.holiday && info?.doctorAway && <span className={classes.dayNote}>{t(`calendar.doctorAway.${info.doctorAway}`)}</span>}
      </div>
    );
  };
}

/**
 * How much a card shows, by its height in rows of the grid (`step` minutes each):
 * - `line`: shorter than most of a row: the patient and the start time on one line;
 * - `short`: under a row and a half (a 30-minute visit in 30-minute rows, a 40-minute one): the patient on the first
 *   line, the start time and the reason (or "Pending" for a request awaiting acceptance) on the second;
 * - `tall`: the patient, the time range, and the reason each on their own line.
 * The card's hover title always carries all of it.
 */
export type CardLayout = 'line' | 'short' | 'tall';

export function cardLayout(minutes: number, step: number): CardLayout {
  const rows = minutes / Math.max(step, 1);
  return rows < 0.75 ? 'line' : rows < 1.5 ? 'short' : 'tall';
}

/** A card's content (time, patient, reason, laid out by its height) and a cancelled strip's label. */
export function eventContentOf(t: TFunction, lang: string, step: number) {
  return function EventContent(arg: EventContentArg) {
    if (arg.event.extendedProps.kind === 'cancelled') {
      const record = arg.event.extendedProps.record as AppointmentCard;
      return (
        <span className={shared.cancelledLabel}>
          {t('calendar.cancelledShort')} · <bdi>{record.patient.name}</bdi>
        </span>
      );
    }
    if (arg.event.display === 'background') return null;
    const record = arg.event.extendedProps.record as AppointmentCard;
    const start = wallOf(record.datetime).time;
    const end = wallOf(record.endsAt).time;
    const layout = cardLayout((Date.parse(record.endsAt) - Date.parse(record.datetime)) / 60_000 || step, step);
    const awaiting = record.status === 'requested';
    const note = awaiting && (
      <span className={classes.eventNote} data-testid="calendar-event-awaiting">{t(layout === 'tall' ? 'calendar.awaiting' : 'calendar.awaitingShort')}</span>
    );
    const reason = record.reason && <span className={classes.eventReason} dir="auto" data-testid="calendar-event-reason">{record.reason}</span>;
    return (
      <div className={classes.eventBody} data-status={record.status} data-layout={layout} data-testid="calendar-event-body">
        {/* The patient first, with the card's whole width; in its own direction, so an Arabic name in the English
            calendar keeps its start and is cut (…) at its end. */}
        <span className={classes.eventPatient} dir="auto" data-testid="calendar-event-patient">{record.patient.name}</span>
        <div className={classes.eventMeta}>
          {record.source === 'online' && <IconWorld size={11} className={classes.eventOnline} aria-label={t('calendar.online')} role="img" data-testid="online-mark" />}
          {/* Kept left to right (the end after the start) in Arabic too, as every time range of the app. */}
          <span className={classes.eventTime} dir="ltr" data-testid="calendar-event-time">
            {formatClock(start, lang)}
            {layout === 'tall' && <span className={classes.eventEnd}>–{formatClock(end, lang)}</span>}
          </span>
          {layout === 'short' && (note || reason)}
        </div>
        {layout === 'tall' && note}
        {layout === 'tall' && reason}
      </div>
    );
  };
}

/** Test ids, ids and a hover title on cards (everything a short card leaves out); background ranges hidden from assistive technology. */
export function markEventOf(t: TFunction) {
  return function markEvent(arg: EventMountArg) {
    const kind = arg.event.extendedProps.kind as string;
    if (kind === 'appointment' || kind === 'cancelled') {
      const record = arg.event.extendedProps.record as AppointmentCard;
      arg.el.setAttribute('data-testid', kind === 'cancelled' ? 'calendar-cancelled' : 'calendar-event');
      arg.el.setAttribute('data-appointment-id', record._id);
      const status = record.status === 'requested' ? ` · ${t('calendar.awaiting')}` : '';
      const reason = record.reason ? ` · \u2068${record.reason}\u2069` : '';
      arg.el.setAttribute('title', `${timeRange(wallOf(record.datetime).time, wallOf(record.endsAt).time)} \u2068${record.patient.name}\u2069${reason} · ${record.doctor.name}${status}`);
      if (record.source === 'online') arg.el.setAttribute('data-online', 'true');
      // M moves a card that can be moved, with the arrow keys.
      if (kind === 'appointment' && arg.event.startEditable) arg.el.setAttribute('aria-keyshortcuts', 'M');
    } else if (kind === 'move') {
      arg.el.setAttribute('data-testid', 'calendar-move-target');
      arg.el.setAttribute('aria-hidden', 'true');
      if (arg.event.extendedProps.ok) arg.el.setAttribute('data-ok', 'true');
    } else {
      arg.el.setAttribute('data-testid', kind === 'cursor' ? 'calendar-cursor' : kind === 'closed' ? 'calendar-closed' : kind === 'buffer' ? 'calendar-buffer' : 'calendar-past');
      arg.el.setAttribute('aria-hidden', 'true');
    }
  }
}
