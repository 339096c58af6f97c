import type { EventContentArg, EventMountArg } from '@fullcalendar/core';
import type { TFunction } from 'i18next';
import type { AppointmentCard } from '@clinic/shared';
import { timeRange, wallOf } from '@/features/appointments/components/clinic-time';
import classes from './calendar.module.css';

/** A card's content (time, patient, reason) and a cancelled strip's label. */
export function eventContentOf(t: TFunction) {
  return function EventContent(arg: EventContentArg) {
    if (arg.event.extendedProps.kind === 'cancelled') {
      const record = arg.event.extendedProps.record as AppointmentCard;
      return (
        <span className={classes.cancelledLabel}>
          {t('calendar.cancelledShort')} · {record.patient.name}
        </span>
      );
    }
    if (arg.event.display === 'background') return null;
    const record = arg.event.extendedProps.record as AppointmentCard;
    return (
      <div className={classes.eventBody} data-status={record.status}>
        <span className={classes.eventTime} dir="ltr">
          {wallOf(record.datetime).time}–{wallOf(record.endsAt).time}
        </span>
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
    } else {
      arg.el.setAttribute('data-testid', kind === 'cursor' ? 'calendar-cursor' : kind === 'closed' ? 'calendar-closed' : kind === 'buffer' ? 'calendar-buffer' : 'calendar-past');
      arg.el.setAttribute('aria-hidden', 'true');
    }
  }
