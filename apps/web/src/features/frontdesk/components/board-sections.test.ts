import { describe, expect, it } from 'vitest';
import { APPOINTMENT_STATUSES, type AppointmentStatus, type BoardCard } from '@clinic/shared';
import { boardSections, waitsLong } from './board-sections';

function card(id: string, status: AppointmentStatus, patient: string, over: Partial<BoardCard> = {}): BoardCard {
  return {
    _id: id, publicId: `APT-00000${id}`, datetime: '2031-03-10T09:00:00+03:00', endsAt: '2031-03-10T09:30:00+03:00', status,
    patient: { _id: `p${id}`, name: patient }, doctor: { _id: 'd1', name: 'Dr. Omar Haddad' }, service: { _id: 's1', name: 'Consultation' },
    reason: 'Follow-up', version: 1, source: 'staff', seriesId: null, overbooked: false, bufferBeforeMinutes: 0, bufferAfterMinutes: 0, arrivedAt: null, calledInAt: null, completedAt: null, waitingMinutes: null, visitMinutes: null,
    lateCancellation: false, invoice: null, ...over,
  };
}

const groups = Object.fromEntries(APPOINTMENT_STATUSES.map((s) => [s, [] as BoardCard[]])) as Record<AppointmentStatus, BoardCard[]>;
groups.scheduled = [card('1', 'scheduled', 'Ahmed Al-Farsi'), card('2', 'scheduled', 'Sara Nasser')];
groups.arrived = [card('3', 'arrived', 'أحمد سالم', { waitingMinutes: 20 })];
groups.completed = [card('4', 'completed', 'Omar Khalid')];

describe('board sections', () => {
  it('lists every status in the order of the day, empty ones included', () => {
    const sections = boardSections({ groups }, '');
    expect(sections.map((s) => s.status)).toEqual(['scheduled', 'arrived', 'in_consultation', 'completed', 'no_show', 'cancelled']);
    expect(sections.map((s) => s.cards.length)).toEqual([2, 1, 0, 1, 0, 0]);
  });

  it('puts online requests first, only while the day holds any', () => {
    const withRequest = { ...groups, requested: [card('9', 'requested', 'Huda Saleh', { source: 'online' })] };
    expect(boardSections({ groups: withRequest }, '').map((s) => s.status)).toEqual(['requested', 'scheduled', 'arrived', 'in_consultation', 'completed', 'no_show', 'cancelled']);
    expect(boardSections({ groups: withRequest }, 'ahmed')[0]).toMatchObject({ status: 'requested', total: 1, cards: [] });
  });

  it('keeps the cards whose patient or appointment number matches, counting what the day holds', () => {
    const sections = boardSections({ groups }, 'sara');
    expect(sections[0]).toMatchObject({ total: 2, cards: [{ _id: '2' }] });
    expect(sections[1]!.cards).toEqual([]);
    expect(boardSections({ groups }, 'APT-000004')[3]!.cards.map((c) => c._id)).toEqual(['4']);
  });

  it('finds Arabic names whatever the hamza', () => {
    expect(boardSections({ groups }, 'احمد')[1]!.cards.map((c) => c._id)).toEqual(['3']);
  });

  it('highlights a checked-in patient from 15 minutes of waiting', () => {
    expect(waitsLong({ status: 'arrived', waitingMinutes: 15 })).toBe(true);
    expect(waitsLong({ status: 'arrived', waitingMinutes: 14 })).toBe(false);
    expect(waitsLong({ status: 'in_consultation', waitingMinutes: 40 })).toBe(false);
  });
});
