import { memo, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { AvailabilityDay } from '@clinic/shared';
import { EmployeeAvatar } from '@/features/employees';
import { fromMinutes } from '@/lib/clinic-time';
import { formatClock } from '@/lib/dates';
import type { DayDoctor } from './doctor-column';
import classes from './day-view.module.css';

/** A doctor's column header: photo or initials, name, and the day's count of appointments (or why they are away). */
export function DayViewDoctorHeader({ doctor, day, holiday, count }: { doctor: DayDoctor; day: AvailabilityDay | undefined; holiday: boolean; count: number }) {
  const { t } = useTranslation();
  const away = holiday ? t('calendar.holiday') : day?.doctorAway ? t(`calendar.doctorAway.${day.doctorAway}`) : null;
  return (
    <div className={classes.header} data-testid="dayview-doctor" data-doctor-id={doctor._id}>
      <EmployeeAvatar src={doctor.image} name={doctor.name} size={30} radius="xl" className={classes.avatar} />
      <div className={classes.headerText}>
        <div className={classes.doctorName} dir="auto" title={doctor.name}>
          {doctor.name}
        </div>
        <div className={classes.headerNote} data-away={away ? true : undefined}>
          {away ?? t('calendar.dayView.appointments', { count })}
        </div>
      </div>
    </div>
  );
}

interface DayViewAxisProps {
  from: number;
  rows: number;
  step: number;
  lang: string;
  /** The user's digits: the axis redraws when they change. */
  digits: string;
  /** The clinic's time now and where it is, in rows from the top (null: not on this day). */
  now: { time: string; at: number | null };
}

/** The day by doctor's time column, in the user's digits, with the clinic's time now beside the now line. */
export const DayViewAxis = memo(function DayViewAxis({ from, rows, step, lang, now }: DayViewAxisProps) {
  return (
    <div className={classes.axis} aria-hidden>
      {Array.from({ length: rows }, (_, i) => fromMinutes(from + i * step)).map((time) => (
        <div key={time} className={classes.axisLabel} data-testid="dayview-slot-label">
          <span dir="ltr">{formatClock(time, lang)}</span>
        </div>
      ))}
      {now.at !== null && (
        <div className={classes.nowTime} style={{ '--dv-at': now.at } as CSSProperties} data-testid="dayview-now-time">
          {formatClock(now.time, lang)}
        </div>
      )}
    </div>
  );
});
