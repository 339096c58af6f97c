import type { AppointmentBoard, BoardCard } from '@clinic/shared';

export interface MyDay {
  /** The doctor's appointments of the day, by start time. */
  cards: BoardCard[];
  /** The patient with the doctor now (in consultation), if any. */
  current: BoardCard | null;
  /** The next patient to call in: the checked-in patient due first (by start time, then by arrival). */
  next: BoardCard | null;
  /** Checked-in patients still waiting. */
  waiting: number;
}

/** One doctor's day out of a clinic's board: their own patients, in order, and who comes next. */
export function myDay(board: AppointmentBoard | undefined, doctorId: string | null | undefined): MyDay {
  const all = board ? Object.values(board.groups).flat() : [];
  const cards = all
    .filter((c) => c.doctor._id === doctorId)
    .sort((a, b) => Date.parse(a.datetime) - Date.parse(b.datetime) || a.publicId.localeCompare(b.publicId));
  const arrived = cards
    .filter((c) => c.status === 'arrived')
    .sort((a, b) => Date.parse(a.datetime) - Date.parse(b.datetime) || Date.parse(a.arrivedAt ?? '') - Date.parse(b.arrivedAt ?? ''));
  return {
    cards,
    current: cards.find((c) => c.status === 'in_consultation') ?? null,
    next: arrived[0] ?? null,
    waiting: arrived.length,
  };
}
