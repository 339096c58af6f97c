/**
 * Which waiting patients a freed slot fits, and in which order they are offered. Pure: the caller reads the entries
 * and describes the slot in the clinic's local date and times.
 */

export interface WaitlistCandidate {
  id: string;
  patientId: string;
  serviceId: string;
  /** Null: any doctor who provides the service. */
  doctorId: string | null;
  /** Clinic-local dates 'YYYY-MM-DD', either end open when null. */
  fromDate: string | null;
  toDate: string | null;
  /** 0 Monday .. 6 Sunday; empty: any day. */
  weekdays: readonly number[];
  /** 'HH:MM'; the visit must start at or after `timeFrom` and end by `timeTo`. */
  timeFrom: string | null;
  timeTo: string | null;
  /** 0 routine, 1 soon, 2 urgent. */
  priority: number;
  createdAt: Date;
}

export interface FreedSlot {
  serviceId: string;
  doctorId: string;
  /** Clinic-local date and the visit's local start and end. */
  date: string;
  start: string;
  end: string;
  /** The patient who gave the slot up is not offered it again. */
  patientId?: string | null;
}

/** 0 Monday .. 6 Sunday. */
const weekdayOf = (date: string) => (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;

export function fitsSlot(entry: WaitlistCandidate, slot: FreedSlot): boolean {
  if (entry.serviceId !== slot.serviceId) return false;
  if (entry.doctorId && entry.doctorId !== slot.doctorId) return false;
  if (slot.patientId && entry.patientId === slot.patientId) return false;
  if (entry.fromDate && slot.date < entry.fromDate) return false;
  if (entry.toDate && slot.date > entry.toDate) return false;
  if (entry.weekdays.length && !entry.weekdays.includes(weekdayOf(slot.date))) return false;
  if (entry.timeFrom && slot.start < entry.timeFrom) return false;
  // A visit ending after midnight (end < start as text) never fits a same-day window end.
  if (entry.timeTo && (slot.end > entry.timeTo || slot.end < slot.start)) return false;
  return true;
}

/** Highest priority first, then who has waited longest (then by id, so the order is stable). */
export function waitlistOrder(a: WaitlistCandidate, b: WaitlistCandidate): number {
  return b.priority - a.priority || a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** The entries the slot fits, in the order they are offered. */
export function matchWaitlist<T extends WaitlistCandidate>(entries: readonly T[], slot: FreedSlot): T[] {
  return entries.filter((e) => fitsSlot(e, slot)).sort(waitlistOrder);
}
