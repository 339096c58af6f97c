import { describe, expect, it } from 'vitest';
import type { AppointmentStatus, DashboardFigures } from '@clinic/shared';
import { agendaListPath, agendaRows, dayListPath } from './agenda-rows';

const visit = (n: number, status: AppointmentStatus): DashboardFigures['agenda'][number] => ({
  _id: `a${n}`, publicId: `APT-${n}`, status,
  datetime: `2026-03-10T${String(8 + Math.floor(n / 6)).padStart(2, '0')}:${String((n % 6) * 10).padStart(2, '0')}:00+03:00`,
  endsAt: '2026-03-10T20:00:00+03:00',
  patient: { _id: `p${n}`, name: `Patient ${n}` }, doctor: { _id: 'd1', name: 'Dr. Omar Haddad' },
  clinic: { _id: 'c1', name: 'Olaya Clinic' }, service: { _id: 's1', name: 'Consultation' },
});

/** A busy day at lunchtime, earliest first as the API sends it: the morning done (one missed, one called off), the rest to come. */
const day = [
  ...Array.from({ length: 30 }, (_, i) => visit(i, i === 4 ? 'no_show' : i === 7 ? 'cancelled' : 'completed')),
  visit(30, 'in_consultation'), visit(31, 'arrived'), visit(32, 'requested'),
  ...Array.from({ length: 45 }, (_, i) => visit(33 + i, 'scheduled')),
];

describe('today\'s agenda on the dashboard', () => {
  it('starts from the visits not finished (in consultation, waiting, to come), earliest first, not the morning\'s finished ones', () => {
    const { rows, more, open, finished } = agendaRows(day, 'open');
    expect(open).toBe(48);
    expect(finished).toBe(30);
    expect(rows).toHaveLength(40);
    expect(rows.map((r) => r._id).slice(0, 4)).toEqual(['a30', 'a31', 'a32', 'a33']);
    expect(rows.every((r) => !['completed', 'no_show', 'cancelled'].includes(r.status))).toBe(true);
    expect(more).toBe(8);
  });

  it('shows the whole day from its start when asked', () => {
    const { rows, more } = agendaRows(day, 'all');
    expect(rows[0]!._id).toBe('a0');
    expect(more).toBe(day.length - 40);
  });

  it('has nothing more when everything fits', () => {
    expect(agendaRows(day.slice(0, 10), 'all')).toMatchObject({ more: 0, open: 0, finished: 10 });
  });

  it('leads "and N more" to the day\'s appointments list, earliest first', () => {
    const url = new URL(dayListPath('2026-03-10'), 'http://localhost');
    expect(url.pathname).toBe('/appointments');
    expect(Object.fromEntries(url.searchParams)).toEqual({ date: '2026-03-10', sortBy: 'datetime', order: 'asc' });
  });

  it('keeps the dashboard\'s clinic in the link: that clinic\'s day, not every clinic\'s', () => {
    const clinic = { _id: 'c1', name: 'Olaya Clinic' };
    const complex = { _id: 'x1', name: 'Olaya Complex' };
    const params = (path: string | null) => path && Object.fromEntries(new URL(path, 'http://localhost').searchParams);
    expect(params(agendaListPath('2026-03-10', { clinic, complex: null }))).toEqual({ date: '2026-03-10', clinic: 'c1', sortBy: 'datetime', order: 'asc' });
    expect(params(agendaListPath('2026-03-10', { clinic: null, complex: null }))).toEqual({ date: '2026-03-10', sortBy: 'datetime', order: 'asc' });
    // The list has no complex filter: no link that would list every clinic's day.
    expect(agendaListPath('2026-03-10', { clinic: null, complex })).toBeNull();
  });
});
