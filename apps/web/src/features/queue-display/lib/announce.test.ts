import { describe, expect, it } from 'vitest';
import type { DisplayCall } from '@clinic/shared';
import { announceLanguages, callsToAnnounce, spokenLabel } from './announce';

const call = (id: string, at: string, label = 'A-001'): DisplayCall => ({ id, label, room: 'Room 1', doctor: 'Dr. Rana', patientName: null, at, recall: false });

describe('announcing calls', () => {
  it('reads a label character by character, without the dash', () => {
    expect(spokenLabel('A-007')).toBe('A 0 0 7');
    expect(spokenLabel('012')).toBe('0 1 2');
    expect(spokenLabel('ABC-120')).toBe('A B C 1 2 0');
  });

  it('speaks Arabic, English, or Arabic then English', () => {
    expect(announceLanguages('ar')).toEqual(['ar']);
    expect(announceLanguages('en')).toEqual(['en']);
    expect(announceLanguages('both')).toEqual(['ar', 'en']);
  });

  it('announces nothing on the first board a screen loads', () => {
    const board = { now: '2026-03-01T09:00:00Z', calls: [call('e2', '2026-03-01T08:59:50Z'), call('e1', '2026-03-01T08:59:00Z')] };
    expect(callsToAnnounce(board, null)).toEqual([]);
  });

  it('announces the calls not seen before, oldest first, and a recall as a call of its own', () => {
    const board = {
      now: '2026-03-01T09:00:00Z',
      calls: [call('e4', '2026-03-01T08:59:58Z', 'A-002'), call('e3', '2026-03-01T08:59:40Z', 'A-001'), call('e1', '2026-03-01T08:50:00Z')],
    };
    expect(callsToAnnounce(board, new Set(['e1'])).map((c) => c.id)).toEqual(['e3', 'e4']);
    expect(callsToAnnounce(board, new Set(['e1', 'e3', 'e4']))).toEqual([]);
  });

  it('after being offline, shows the old calls without announcing them, and announces at most the newest three', () => {
    const at = (s: number) => new Date(Date.parse('2026-03-01T09:00:00Z') - s * 1000).toISOString();
    const board = { now: '2026-03-01T09:00:00Z', calls: [call('e6', at(5)), call('e5', at(10)), call('e4', at(20)), call('e3', at(30)), call('e2', at(200)), call('e1', at(600))] };
    expect(callsToAnnounce(board, new Set()).map((c) => c.id)).toEqual(['e4', 'e5', 'e6']);
    const late = { now: board.now, calls: [call('e2', at(200)), call('e1', at(600))] };
    expect(callsToAnnounce(late, new Set())).toEqual([]);
  });
});
