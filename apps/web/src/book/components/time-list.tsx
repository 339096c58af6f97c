import './controls.css';
import { UnstyledButton } from '@mantine/core';
import { clinicTime } from '../dates';

export interface TimeOption { datetime: string; doctor?: { _id: string; name: string } }

/** Free starts as buttons (the clinic's wall time); with several doctors, a time is offered once. */
export function TimeList({ times, timeZone, lang, onChoose, showDoctor, selected }: {
  times: TimeOption[]; timeZone: string; lang: string; onChoose: (time: TimeOption) => void; showDoctor?: boolean; selected?: string;
}) {
  const seen = new Set<string>();
  const unique = times.filter((time) => (seen.has(time.datetime) ? false : (seen.add(time.datetime), true)));
  return (
    <div className="book-times" data-testid="book-times">
      {unique.map((time) => (
        <UnstyledButton key={time.datetime} className="book-option book-time"
          aria-pressed={selected === undefined ? undefined : selected === time.datetime} onClick={() => onChoose(time)} data-datetime={time.datetime}>
          <span dir="ltr" className="book-time-at">{clinicTime(time.datetime, timeZone, lang)}</span>
          {showDoctor && time.doctor && <span className="book-time-doctor"><bdi>{time.doctor.name}</bdi></span>}
        </UnstyledButton>
      ))}
    </div>
  );
}
