import './controls.css';
import { ActionIcon, Group, Text, UnstyledButton } from '@mantine/core';
import { addMonths, dayNumber, hijriDay, longDate, monthTitle, monthWeeks, type Month } from '../dates';

export interface MonthGridProps {
  month: Month;
  onMonth: (month: Month) => void;
  /** The first and last month that may be shown. */
  min: Month;
  max: Month;
  /** Days that can be chosen; null: every day from `from` to `to`. */
  free: ReadonlySet<string> | null;
  from: string;
  to: string;
  selected?: string;
  onChoose: (date: string) => void;
  firstWeekday: number;
  weekdays: Array<{ short: string; long: string }>;
  lang: string;
  hijri: 'off' | 'beside' | 'primary';
  labels: { previous: string; next: string; free: string; full: string };
}

const before = (a: Month, b: Month) => a.year * 12 + a.month < b.year * 12 + b.month;

/**
 * A compact month: a row of weekday names from the clinic's first weekday, then the days; a free day is a button (its
 * name read in full, with the Hijri day beside when the clinic writes Hijri dates), a full or past day plain text.
 */
export function MonthGrid(props: MonthGridProps) {
  const { month, min, max, lang, hijri, labels } = props;
  const isFree = (date: string) => date >= props.from && date <= props.to && (props.free === null || props.free.has(date));
  const arrow = (dir: 1 | -1) => (lang === 'ar' ? (dir === 1 ? '‹' : '›') : dir === 1 ? '›' : '‹');
  return (
    <div data-testid="book-month">
      <Group justify="space-between" mb={8} wrap="nowrap">
        <ActionIcon variant="default" size="lg" aria-label={labels.previous} disabled={!before(min, month)} onClick={() => props.onMonth(addMonths(month, -1))} data-testid="book-month-prev">
          <span aria-hidden>{arrow(-1)}</span>
        </ActionIcon>
        <Text fw={650} aria-live="polite" data-testid="book-month-title">{monthTitle(month, lang)}</Text>
        <ActionIcon variant="default" size="lg" aria-label={labels.next} disabled={!before(month, max)} onClick={() => props.onMonth(addMonths(month, 1))} data-testid="book-month-next">
          <span aria-hidden>{arrow(1)}</span>
        </ActionIcon>
      </Group>
      <div className="book-grid" role="presentation">
        {props.weekdays.map((w) => <abbr key={w.long} title={w.long} className="book-weekday" style={{ textDecoration: 'none' }}>{w.short}</abbr>)}
        {monthWeeks(month, props.firstWeekday).flat().map((date, i) => {
          if (!date) return <span key={`pad-${i}`} />;
          const h = hijriDay(date, lang, hijri);
          const inner = <>{dayNumber(date, lang)}{h && <small>{h}</small>}</>;
          const full = longDate(date, lang, hijri);
          const name = full.hijri ? `${full.main} (${full.hijri})` : full.main;
          return isFree(date) ? (
            <UnstyledButton key={date} className="book-day" data-free aria-pressed={props.selected === date} aria-label={`${name}, ${labels.free}`} onClick={() => props.onChoose(date)} data-date={date}>
              {inner}
            </UnstyledButton>
          ) : (
            <span key={date} className="book-day" aria-label={`${name}, ${labels.full}`} role="img">{inner}</span>
          );
        })}
      </div>
    </div>
  );
}
