import { useMemo, useRef, useState, useSyncExternalStore, type CSSProperties, type DragEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppointmentAvailability, AppointmentCard, AvailabilityDay } from '@clinic/shared';
import { fromMinutes, toMinutes, type WallTime } from '@/lib/clinic-time';
import { getDisplay, subscribeDisplay } from '@/lib/format/display';
import { alignDown, alignUp } from './calendar-grid-events';
import { dropAllowed, useDayViewMove } from './day-view-move';
import { layoutLanes, spanOf } from './day-layout';
import { DayViewAxis, DayViewDoctorHeader } from './day-view-parts';
import { DoctorColumn, type ColumnHandlers, type DayDoctor, type Placed } from './doctor-column';
import classes from './day-view.module.css';
import shared from './calendar-shared.module.css';

export type { DayDoctor };

export interface DayViewProps {
  /** The clinic-local day shown. */
  date: string;
  /** The clinic's availability that day (no doctor): rows, step, opening hours, holiday. */
  availability: AppointmentAvailability;
  doctors: readonly DayDoctor[];
  /** Each doctor's own day (hours, breaks, leave); undefined while it loads. */
  doctorDays: ReadonlyMap<string, AvailabilityDay | undefined>;
  cards: readonly AppointmentCard[];
  /** Cancelled appointments are left out unless asked for, and then drawn behind the cells: their time is free. */
  showCancelled?: boolean;
  /** The clinic's clocks now. */
  now: WallTime;
  canWrite: boolean;
  direction: 'ltr' | 'rtl';
  onCellClick: (slot: WallTime, doctorId: string) => void;
  onOpen: (appointmentId: string) => void;
  /** A card was dropped on another doctor or time that the doctor's hours allow: ask, then move it. */
  onMove: (card: AppointmentCard, slot: WallTime, doctorId: string) => void;
}

/**
 * One clinic's day with a column per doctor, side by side on one time axis (right to left in Arabic). Each column
 * shades what the doctor cannot be booked for (off hours, breaks, leave, the clinic's holiday); a free cell opens
 * the booking form for that doctor and time; a card opens the appointment, and a scheduled one can be dragged to
 * another time or another doctor's column. Overlapping cards of one doctor share the column's width.
 */
export function DayView({
  date, availability, doctors, doctorDays, cards, showCancelled = false, now, canWrite, direction, onCellClick, onOpen, onMove,
}: DayViewProps) {
  const { t, i18n } = useTranslation();
  const { digits } = useSyncExternalStore(subscribeDisplay, getDisplay);
  const step = availability.slotMinutes || 30;
  const nowMinutes = toMinutes(now.time);
  const clinicDay = availability.days.find((d) => d.date === date);
  /** Nothing starting before this minute of the day can be booked or moved to (the day has gone, or it is today). */
  const notBefore = date < now.date ? Infinity : date === now.date ? nowMinutes : -Infinity;

  // Rows run from the clinic's opening to its closing, widened for any appointment outside.
  const bounds = useMemo(() => {
    let from = toMinutes(availability.dayStart || '09:00');
    let to = toMinutes(availability.dayEnd || '18:00') || 24 * 60;
    for (const c of cards) {
      const span = spanOf(c, date);
      from = Math.min(from, span.start);
      to = Math.max(to, span.end);
    }
    return { from: alignDown(from, step), to: Math.min(alignUp(to, step), 24 * 60) };
  }, [availability, cards, date, step]);
  const rows = Math.max(1, (bounds.to - bounds.from) / step);

  const byDoctor = useMemo(() => {
    const map = new Map<string, { placed: Placed[]; cancelled: Array<{ card: AppointmentCard; start: number; end: number }> }>();
    for (const d of doctors) map.set(d._id, { placed: [], cancelled: [] });
    const live = new Map<string, Array<{ id: string; start: number; end: number; card: AppointmentCard }>>();
    for (const c of cards) {
      const column = map.get(c.doctor._id);
      if (!column) continue;
      const span = spanOf(c, date);
      if (c.status === 'cancelled') {
        if (showCancelled) column.cancelled.push({ card: c, ...span });
        continue;
      }
      const list = live.get(c.doctor._id) ?? [];
      list.push({ id: c._id, card: c, ...span });
      live.set(c.doctor._id, list);
    }
    for (const [doctorId, list] of live) {
      const lanes = layoutLanes(list);
      map.get(doctorId)!.placed = list.map((item) => {
        const p = lanes.get(item.id) ?? { lane: 0, lanes: 1 };
        const movable = canWrite && item.card.status === 'scheduled' && item.start >= notBefore;
        return { card: item.card, start: item.start, end: item.end, lane: p.lane, lanes: p.lanes, movable };
      });
    }
    return map;
  }, [cards, doctors, date, showCancelled, canWrite, notBefore]);

  const [dragged, setDragged] = useState<Placed | null>(null);
  /** The cell in the Tab order: the last one focused, at first the first doctor's first time. */
  const [active, setActive] = useState<{ doctorId: string; minutes: number } | null>(null);
  const tabStop = active && doctors.some((d) => d._id === active.doctorId) && active.minutes >= bounds.from && active.minutes < bounds.to
    ? active
    : doctors[0] ? { doctorId: doctors[0]._id, minutes: bounds.from } : null;
  const gridRef = useRef<HTMLDivElement>(null);

  /*
   * The keyboard over the cells: up and down move a time, left and right a doctor (mirrored right to left), Home and
   * End to the day's first and last time; Enter on a free cell books it (the cell's own handler). Cards stay in the
   * Tab order between the cells' one stop, and Enter opens one.
   */
  const onGridKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const cell = (event.target as HTMLElement).closest<HTMLElement>('[data-cell]');
    const column = cell?.closest<HTMLElement>('[data-doctor-id]');
    if (!cell || !column) return;
    const doctorIndex = doctors.findIndex((d) => d._id === column.dataset.doctorId);
    const minutes = toMinutes(cell.dataset.time ?? '');
    const forward = direction === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const back = direction === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
    const last = bounds.to - step;
    let next: { doctorIndex: number; minutes: number };
    if (event.key === 'ArrowDown') next = { doctorIndex, minutes: Math.min(minutes + step, last) };
    else if (event.key === 'ArrowUp') next = { doctorIndex, minutes: Math.max(minutes - step, bounds.from) };
    else if (event.key === forward) next = { doctorIndex: Math.min(doctorIndex + 1, doctors.length - 1), minutes };
    else if (event.key === back) next = { doctorIndex: Math.max(doctorIndex - 1, 0), minutes };
    else if (event.key === 'Home') next = { doctorIndex, minutes: bounds.from };
    else if (event.key === 'End') next = { doctorIndex, minutes: last };
    else return;
    event.preventDefault();
    const doctorId = doctors[next.doctorIndex]!._id;
    const target = gridRef.current?.querySelector<HTMLElement>(
      `[data-testid="dayview-column"][data-doctor-id="${doctorId}"] [data-cell][data-time="${fromMinutes(next.minutes)}"]`);
    target?.focus();
    target?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  };
  const [target, setTarget] = useState<{ doctorId: string; start: number; ok: boolean } | null>(null);

  // Moving a card with the keyboard (M, the arrows, Enter): the drop's rule, question and request.
  const { keyMove, cardKey, shownTarget, shownDragged } = useDayViewMove({
    byDoctor, doctors, doctorDays, availability, from: bounds.from, to: bounds.to, step, direction, notBefore, date, onOpen, onMove, dragged, target,
  });

  // The handlers below stay the same from render to render (so a column redraws only when its own data changes) and
  // read what they need from here.
  const latest = useRef({ date, rows, step, from: bounds.from, notBefore, doctors, doctorDays, availability, dragged, target, onCellClick, onOpen, onMove, cardKey, stop: keyMove.stop });
  latest.current = { date, rows, step, from: bounds.from, notBefore, doctors, doctorDays, availability, dragged, target, onCellClick, onOpen, onMove, cardKey, stop: keyMove.stop };

  const handlers = useMemo<ColumnHandlers>(() => {
    const rowAt = (e: DragEvent<HTMLElement>) => {
      const { rows: n, from, step: size } = latest.current;
      const rect = e.currentTarget.getBoundingClientRect();
      const row = Math.floor(((e.clientY - rect.top) / rect.height) * n);
      return from + Math.min(Math.max(row, 0), n - 1) * size;
    };
    const dropInfo = (doctorId: string, start: number) => {
      const { dragged: d, doctors: list, doctorDays: days, availability: a, notBefore: limit } = latest.current;
      if (!d) return null;
      return { doctorId, start, ok: dropAllowed(d, list.find((x) => x._id === doctorId), days.get(doctorId), a, limit, start) };
    };
    const endDrag = () => {
      setDragged(null);
      setTarget(null);
    };
    return {
      cellClick: (doctorId, minutes) => latest.current.onCellClick({ date: latest.current.date, time: fromMinutes(minutes) }, doctorId),
      cellFocus: (doctorId, minutes) => setActive((prev) => (prev?.doctorId === doctorId && prev.minutes === minutes ? prev : { doctorId, minutes })),
      open: (id) => latest.current.onOpen(id),
      cardKey: (p, e) => latest.current.cardKey(p, e),
      cardBlur: () => latest.current.stop(),
      dragStart: (p) => {
        latest.current.dragged = p;
        setDragged(p);
      },
      dragEnd: endDrag,
      dragOver: (doctorId, e) => {
        const info = dropInfo(doctorId, rowAt(e));
        if (!info) return;
        if (info.ok) {
          e.preventDefault();
          e.dataTransfer.dropEffect = 'move';
        }
        const current = latest.current.target;
        if (!current || current.doctorId !== info.doctorId || current.start !== info.start || current.ok !== info.ok) setTarget(info);
      },
      drop: (doctorId, e) => {
        e.preventDefault();
        const p = latest.current.dragged;
        const info = dropInfo(doctorId, rowAt(e));
        endDrag();
        if (p && info?.ok) latest.current.onMove(p.card, { date: latest.current.date, time: fromMinutes(info.start) }, doctorId);
      },
    };
  }, []);

  const nowLine = date === now.date && nowMinutes >= bounds.from && nowMinutes <= bounds.to ? (nowMinutes - bounds.from) / step : null;
  const pastUntil = date < now.date ? bounds.to : date === now.date ? Math.min(Math.max(nowMinutes, bounds.from), bounds.to) : bounds.from;

  const gridStyle = { '--dv-rows': rows, '--dv-cols': doctors.length } as CSSProperties;

  return (
    <>
      <div role="status" className={keyMove.moving ? shared.moveStatus : shared.liveHidden} data-testid="dayview-move-status">{keyMove.text}</div>
      <div className={classes.scroller} dir={direction} data-testid="dayview" data-date={date}>
        <div className={classes.grid} style={gridStyle} ref={gridRef} onKeyDown={onGridKey} role="group" aria-label={t('calendar.keyboard.columns')}>
          <div className={classes.corner} aria-hidden />
          {doctors.map((d) => (
            <DayViewDoctorHeader key={d._id} doctor={d} day={doctorDays.get(d._id)} holiday={Boolean(clinicDay?.holiday)} count={byDoctor.get(d._id)?.placed.length ?? 0} />
          ))}

          <DayViewAxis from={bounds.from} rows={rows} step={step} lang={i18n.language} digits={digits} now={{ time: now.time, at: nowLine }} />

          {doctors.map((d) => {
            const column = byDoctor.get(d._id)!;
            return (
              <DoctorColumn
                key={d._id}
                doctor={d}
                day={doctorDays.get(d._id)}
                availability={availability}
                rows={rows}
                step={step}
                from={bounds.from}
                to={bounds.to}
                notBefore={notBefore}
                nowAt={nowLine}
                pastUntil={pastUntil}
                placed={column.placed}
                cancelled={column.cancelled}
                canWrite={canWrite}
                target={shownTarget?.doctorId === d._id ? shownTarget : null}
                dragged={shownTarget?.doctorId === d._id || shownDragged?.card.doctor._id === d._id ? shownDragged : null}
                tabStop={tabStop?.doctorId === d._id ? tabStop.minutes : null}
                handlers={handlers}
              />
            );
          })}
        </div>
      </div>
    </>
  );
}
