import { memo, useMemo, type CSSProperties, type DragEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppointmentAvailability, AppointmentCard, AvailabilityDay } from '@clinic/shared';
import { fits, OnlineMark, openWindows } from '@/features/appointments';
import { fromMinutes, wallOf } from '@/lib/clinic-time';
import { formatClock } from '@/lib/dates';
import { doctorShades, type Shade } from './day-layout';
import classes from './doctor-column.module.css';
import shared from './calendar-shared.module.css';

export interface DayDoctor {
  _id: string;
  name: string;
  image: string | null;
  serviceIds: string[];
}

const ACTIVE = new Set(['scheduled', 'arrived', 'in_consultation']);

/** A doctor's card laid out in the column: its minutes of the day and its lane among overlapping cards. */
export interface Placed {
  card: AppointmentCard;
  start: number;
  end: number;
  lane: number;
  lanes: number;
  movable: boolean;
}

export interface ColumnHandlers {
  cellClick: (doctorId: string, minutes: number) => void;
  /** A cell took the focus: it becomes the grid's one Tab stop among the cells. */
  cellFocus: (doctorId: string, minutes: number) => void;
  open: (id: string) => void;
  /** A key on a card: Enter opens it, M starts moving it with the arrow keys (then the move's keys). */
  cardKey: (p: Placed, e: KeyboardEvent<HTMLDivElement>) => void;
  cardBlur: () => void;
  dragStart: (p: Placed) => void;
  dragEnd: () => void;
  dragOver: (doctorId: string, e: DragEvent<HTMLDivElement>) => void;
  drop: (doctorId: string, e: DragEvent<HTMLDivElement>) => void;
}

interface DoctorColumnProps {
  doctor: DayDoctor;
  /** The doctor's own day; undefined while it loads (nothing is offered until then). */
  day: AvailabilityDay | undefined;
  availability: AppointmentAvailability;
  rows: number;
  step: number;
  from: number;
  to: number;
  notBefore: number;
  /** Where the clinic's clock now is, in rows from the top (null: not on this day). */
  nowAt: number | null;
  pastUntil: number;
  placed: Placed[];
  cancelled: Array<{ card: AppointmentCard; start: number; end: number }>;
  canWrite: boolean;
  target: { start: number; ok: boolean } | null;
  /** The card being dragged, given only to its own column and to the column under the pointer. */
  dragged: Placed | null;
  /** The cell of this column in the Tab order (the arrow keys move between the others), if it is in this column. */
  tabStop: number | null;
  handlers: ColumnHandlers;
}

const rowsStyle = (start: number, end: number, from: number, step: number) =>
  ({ '--dv-top': (start - from) / step, '--dv-len': (end - start) / step }) as CSSProperties;

export const DoctorColumn = memo(function DoctorColumn({
  doctor, day, availability, rows, step, from, to, notBefore, nowAt, pastUntil, placed, cancelled, canWrite, target, dragged, tabStop, handlers,
}: DoctorColumnProps) {
  const { t, i18n } = useTranslation();
  const windows = useMemo(() => (day ? openWindows(day, availability) : []), [day, availability]);
  const shades = useMemo<Shade[]>(() => doctorShades(day, availability, from, to), [day, availability, from, to]);
  const busy = placed.filter((p) => ACTIVE.has(p.card.status));
  const cells = Array.from({ length: rows }, (_, i) => {
    const start = from + i * step;
    const free = canWrite && start >= notBefore && fits(windows, start, start + step) && !busy.some((b) => b.start < start + step && start < b.end);
    return { start, free };
  });
  const id = doctor._id;
  return (
    <div
      className={classes.column}
      data-testid="dayview-column"
      data-doctor-id={id}
      onDragOver={(e) => handlers.dragOver(id, e)}
      onDrop={(e) => handlers.drop(id, e)}
    >
      {cells.map((c) => (
        <div
          key={c.start}
          className={classes.cell}
          data-free={c.free || undefined}
          data-testid={c.free ? 'dayview-free' : undefined}
          data-time={fromMinutes(c.start)}
          data-cell
          role="button"
          tabIndex={c.start === tabStop ? 0 : -1}
          aria-disabled={c.free ? undefined : true}
          aria-label={c.free
            ? t('calendar.dayView.bookAt', { doctor: doctor.name, time: fromMinutes(c.start) })
            : t('calendar.keyboard.unavailable', { when: `${doctor.name}, ${fromMinutes(c.start)}` })}
          onFocus={() => handlers.cellFocus(id, c.start)}
          onClick={c.free ? () => handlers.cellClick(id, c.start) : undefined}
          onKeyDown={c.free ? (e) => (e.key === 'Enter' || e.key === ' ') && (e.preventDefault(), handlers.cellClick(id, c.start)) : undefined}
        />
      ))}
      {shades.map((s) => (
        <div key={`${s.kind}-${s.start}`} className={classes.shade} data-kind={s.kind} style={rowsStyle(s.start, s.end, from, step)} aria-hidden data-testid={`dayview-${s.kind}`}>
          {(s.kind === 'break' || s.kind === 'leave' || s.kind === 'dayOff') && (
            <span className={classes.shadeLabel}>{s.kind === 'break' ? t('calendar.dayView.break') : t(`calendar.doctorAway.${s.kind}`)}</span>
          )}
        </div>
      ))}
      {pastUntil > from && <div className={classes.past} style={rowsStyle(from, pastUntil, from, step)} aria-hidden />}
      {cancelled.map(({ card, start, end }) => (
        <div key={card._id} className={classes.cancelled} style={rowsStyle(start, end, from, step)} data-testid="dayview-cancelled" data-appointment-id={card._id}>
          <span className={shared.cancelledLabel} dir="auto">
            {t('calendar.cancelledShort')} · {card.patient.name}
          </span>
        </div>
      ))}
      {placed.flatMap((p) => {
        // Preparation and cleaning time of the service: it holds the doctor like the visit, drawn lighter around it.
        const lane = { '--dv-lane': p.lane, '--dv-lanes': p.lanes };
        const around = [
          { key: 'before', start: p.start - (p.card.bufferBeforeMinutes ?? 0), end: p.start },
          { key: 'after', start: p.end, end: p.end + (p.card.bufferAfterMinutes ?? 0) },
        ].filter((b) => b.end > b.start);
        return around.map((b) => (
          <div
            key={`${p.card._id}-${b.key}`}
            className={classes.buffer}
            style={{ ...rowsStyle(b.start, b.end, from, step), ...lane } as CSSProperties}
            aria-hidden
            data-testid="dayview-buffer"
          />
        ));
      })}
      {placed.map((p) => {
        const style = {
          ...rowsStyle(p.start, p.end, from, step),
          '--dv-lane': p.lane,
          '--dv-lanes': p.lanes,
        } as CSSProperties;
        const s = formatClock(wallOf(p.card.datetime).time, i18n.language);
        const e = formatClock(wallOf(p.card.endsAt).time, i18n.language);
        return (
          <div
            key={p.card._id}
            className={classes.card}
            data-status={p.card.status}
            data-dragging={dragged?.card._id === p.card._id || undefined}
            style={style}
            role="button"
            tabIndex={0}
            draggable={p.movable}
            title={`${s}–${e} ${p.card.patient.name} · ${p.card.service.name} · ${p.card.reason}`}
            data-testid="dayview-card"
            data-appointment-id={p.card._id}
            data-lane={p.lane}
            data-lanes={p.lanes}
            onClick={() => handlers.open(p.card._id)}
            aria-keyshortcuts={p.movable ? 'M' : undefined}
            onKeyDown={(ev) => handlers.cardKey(p, ev)}
            onBlur={handlers.cardBlur}
            onDragStart={(ev) => {
              ev.dataTransfer.effectAllowed = 'move';
              ev.dataTransfer.setData('text/plain', p.card._id);
              handlers.dragStart(p);
            }}
            onDragEnd={handlers.dragEnd}
          >
            <div className={classes.cardName} dir="auto" data-testid="dayview-card-name">
              {p.card.source === 'online' && <><OnlineMark size={12} />{' '}</>}{p.card.patient.name}
            </div>
            <div className={classes.cardMeta}>
              <span className={classes.cardTime} dir="ltr" data-testid="dayview-card-time">
                {s}–{e}
              </span>
              <span className={classes.cardService} dir="auto">
                {p.card.service.name}
              </span>
            </div>
          </div>
        );
      })}
      {target && dragged && (
        <div
          className={classes.dropPreview}
          data-ok={target.ok || undefined}
          style={rowsStyle(target.start, target.start + (dragged.end - dragged.start), from, step)}
          aria-hidden
          data-testid="dayview-drop"
        />
      )}
      {nowAt !== null && <div className={classes.nowLine} style={{ '--dv-at': nowAt } as CSSProperties} aria-hidden data-testid="dayview-now" />}
    </div>
  );
});
