import { describe, expect, it } from 'vitest';
import { fitsSlot, matchWaitlist, type FreedSlot, type WaitlistCandidate } from './waitlist.domain.js';

const entry = (over: Partial<WaitlistCandidate> = {}): WaitlistCandidate => ({
  id: 'e1', patientId: 'p1', serviceId: 'physio', doctorId: null, fromDate: null, toDate: null, weekdays: [], timeFrom: null, timeTo: null,
  priority: 0, createdAt: new Date('2026-03-01T08:00:00Z'), ...over,
});
// 2026-03-18 is a Wednesday (weekday 2).
const slot: FreedSlot = { serviceId: 'physio', doctorId: 'd1', date: '2026-03-18', start: '10:00', end: '10:45', patientId: 'p9' };

describe('waitlist matching', () => {
  it('an entry without preferences fits any slot of its service', () => {
    expect(fitsSlot(entry(), slot)).toBe(true);
    expect(fitsSlot(entry({ serviceId: 'dialysis' }), slot)).toBe(false);
  });

  it('a chosen doctor must be the slot\'s doctor', () => {
    expect(fitsSlot(entry({ doctorId: 'd1' }), slot)).toBe(true);
    expect(fitsSlot(entry({ doctorId: 'd2' }), slot)).toBe(false);
  });

  it('the slot must lie within the dates, on a chosen weekday and within the time of day', () => {
    expect(fitsSlot(entry({ fromDate: '2026-03-18', toDate: '2026-03-18' }), slot)).toBe(true);
    expect(fitsSlot(entry({ fromDate: '2026-03-19' }), slot)).toBe(false);
    expect(fitsSlot(entry({ toDate: '2026-03-17' }), slot)).toBe(false);
    expect(fitsSlot(entry({ weekdays: [0, 2] }), slot)).toBe(true);
    expect(fitsSlot(entry({ weekdays: [0, 4] }), slot)).toBe(false);
    expect(fitsSlot(entry({ timeFrom: '10:00', timeTo: '10:45' }), slot)).toBe(true);
    expect(fitsSlot(entry({ timeFrom: '10:15' }), slot)).toBe(false);
    // The visit must end within the window, not only start in it.
    expect(fitsSlot(entry({ timeTo: '10:30' }), slot)).toBe(false);
  });

  it('the patient who freed the slot is not offered it back', () => {
    expect(fitsSlot(entry({ patientId: 'p9' }), slot)).toBe(false);
  });

  it('offers the fitting entries by priority, then by how long they have waited', () => {
    const old = entry({ id: 'old', createdAt: new Date('2026-01-01T00:00:00Z') });
    const recent = entry({ id: 'recent', createdAt: new Date('2026-03-10T00:00:00Z') });
    const urgent = entry({ id: 'urgent', priority: 2, createdAt: new Date('2026-03-15T00:00:00Z') });
    const elsewhere = entry({ id: 'elsewhere', priority: 2, doctorId: 'd2' });
    expect(matchWaitlist([recent, elsewhere, old, urgent], slot).map((e) => e.id)).toEqual(['urgent', 'old', 'recent']);
  });
});
