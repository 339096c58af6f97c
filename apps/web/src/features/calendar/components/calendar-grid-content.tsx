import type { DayHeaderContentArg, EventContentArg, EventMountArg, NowIndicatorContentArg, SlotLabelContentArg } from '@fullcalendar/core';
import { IconWorld } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import type { AppointmentAvailability, AppointmentCard } from '@clinic/shared';
import { fromMinutes, timeRange, wallOf } from '@/lib/clinic-time';
import { formatClock, formatDay, hijriDayLabel } from '@/lib/dates';
import classes from './calendar-grid-content.module.css';
import shared from './calendar-shared.module.css';
import { minutesOf } from './calendar-grid-events';

/*
 * Times and dates drawn by the grid are written with Intl in the interface language and the user's digits ("09:30",
 * "٠٩:٣٠"), not FullCalendar's own formatting (Western digits whatever the locale).
 */

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

/** A card's content (time, patient, reason) and a cancelled strip's label. */
export function eventContentOf(t: TFunction, lang: string) {
  return function EventContent(arg: EventContentArg) {
    if (arg.event.extendedProps.kind === 'cancelled') {
      const record = arg.event.extendedProps.record as AppointmentCard;
      return (
        <span className={shared.cancelledLabel}>
          {t('calendar.cancelledShort')} · {record.patient.name}
        </span>
      );
    }
    if (arg.event.display === 'background') return null;
    const record = arg.event.extendedProps.record as AppointmentCard;
    return (
      <div className={classes.eventBody} data-status={record.status}>
        <span className={classes.eventTime} dir="ltr">
          {record.source === 'online' && <IconWorld size={11} aria-label={t('calendar.online')} role="img" data-testid="online-mark" style={{ verticalAlign: '-1px', marginInlineEnd: 3 }} />}
          {formatClock(wallOf(record.datetime).time, lang)}–{formatClock(wallOf(record.endsAt).time, lang)}
        </span>
        {record.status === 'requested' && <span className={classes.eventReason}>{t('calendar.awaiting')}</span>}
        <span className={classes.eventPatient}>{record.patient.name}</span>
        <span className={classes.eventReason}>{record.reason}</span>
      </div>
    );
  };
}

/** Test ids, ids and a hover title on cards; background ranges hidden from assistive technology. */
export function markEvent(arg: EventMountArg) {
    const kind = arg.event.extendedProps.kind as string;
    if (kind === 'appointment' || kind === 'cancelled') {
      const record = arg.event.extendedProps.record as AppointmentCard;
      arg.el.setAttribute('data-testid', kind === 'cancelled' ? 'calendar-cancelled' : 'calendar-event');
      arg.el.setAttribute('data-appointment-id', record._id);
      arg.el.setAttribute('title', `${timeRange(wallOf(record.datetime).time, wallOf(record.endsAt).time)} ${record.patient.name} · ${record.reason} · ${record.doctor.name}`);
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
