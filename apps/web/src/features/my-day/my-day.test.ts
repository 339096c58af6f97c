import { describe, expect, it } from 'vitest';
import { APPOINTMENT_STATUSES, type AppointmentBoard, type AppointmentStatus, type BoardCard } from '@clinic/shared';
import { myDay } from './my-day';

function card(id: string, status: AppointmentStatus, datetime: string, doctor = 'me', arrivedAt: string | null = null): BoardCard {
  return {
    _id: id, publicId: `APT-${id}`, datetime, endsAt: datetime, status, patient: { _id: `p${id}`, name: `Patient ${id}` },
    doctor: { _id: doctor, name: doctor }, service: { _id: 's', name: 'Consultation' }, reason: 'Follow-up', version: 1, source: 'staff', seriesId: null,
    overbooked: false, bufferBeforeMinutes: 0, bufferAfterMinutes: 0, arrivedAt, calledInAt: null, completedAt: null,
    waitingMinutes: null, visitMinutes: null, lateCancellation: false, invoice: null,
  };
}

function board(cards: BoardCard[]): AppointmentBoard {
  const groups = Object.fromEntries(APPOINTMENT_STATUSES.map((s) => [s, cards.filter((c) => c.status === s)])) as AppointmentBoard['groups'];
  const counts = Object.fromEntries(APPOINTMENT_STATUSES.map((s) => [s, groups[s].length])) as AppointmentBoard['counts'];
  return { clinic: { _id: 'c', name: 'C', timeZone: 'UTC' }, date: '2026-03-10', counts, groups };
}

describe('my day', () => {
  it('keeps only the signed-in doctor\'s patients, in time order, and calls in the checked-in patient due first', () => {
    const day = myDay(board([
      card('4', 'arrived', '2026-03-10T11:00:00Z', 'me', '2026-03-10T08:00:00Z'),
      card('1', 'completed', '2026-03-10T08:00:00Z'),
      card('3', 'arrived', '2026-03-10T10:00:00Z', 'me', '2026-03-10T09:50:00Z'),
      card('2', 'in_consultation', '2026-03-10T09:00:00Z'),
      card('9', 'arrived', '2026-03-10T07:00:00Z', 'other'),
    ]), 'me');
    expect(day.cards.map((c) => c._id)).toEqual(['1', '2', '3', '4']);
    expect(day.current?._id).toBe('2');
    expect(day.next?._id).toBe('3');
    expect(day.waiting).toBe(2);
  });

  it('is empty without a board or without patients of the doctor', () => {
    expect(myDay(undefined, 'me')).toEqual({ cards: [], current: null, next: null, waiting: 0 });
    expect(myDay(board([card('9', 'arrived', '2026-03-10T07:00:00Z', 'other')]), 'me').next).toBeNull();
  });
});
