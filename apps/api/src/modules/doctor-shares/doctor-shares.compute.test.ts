import { describe, expect, it } from 'vitest';
import type { DoctorShareApplied } from '@clinic/shared';
import { applyRule, cumulativeShare, lineDelta, lineTaken, recognised, roundHalfUp } from './doctor-shares.compute.js';

const percent = (bp: number): DoctorShareApplied => ({ kind: 'percent', percentBasisPoints: bp, fixedAmount: null, visitInMonth: null, tierFrom: null });
const zero = { taken: 0, base: 0, share: 0 };

describe('the doctor\'s share arithmetic', () => {
  it('rounds halves up, once, from the exact fraction', () => {
    expect(roundHalfUp({ n: 5n, d: 2n })).toBe(3);
    expect(roundHalfUp({ n: 7n, d: 3n })).toBe(2);
    expect(roundHalfUp({ n: 249_999n, d: 100_000n })).toBe(2);
  });

  it('a 200.00 net line at 35% earns exactly 70.00 whatever the instalments (no VAT, no insurer)', () => {
    const line = { net: 20_000, total: 20_000, quantity: 1, patientShare: 20_000, insurerShare: 0 };
    const inv = { patientShare: 20_000, insurerShare: 0 };
    // 3 instalments of 66.67, 66.67, 66.66: each cumulative share rounded once, the entries are the differences.
    let sofar = { ...zero };
    const shares: number[] = [];
    for (const paid of [6667, 13_334, 20_000]) {
      const d = lineDelta(percent(3500), line, inv, { patient: paid, insurer: 0 }, sofar)!;
      shares.push(d.share);
      sofar = { taken: sofar.taken + d.taken, base: sofar.base + d.base, share: sofar.share + d.share };
    }
    // 66.67 x 35% = 23.3345 -> 23.33; 133.34 x 35% = 46.669 -> 46.67 (+23.34); 200.00 x 35% = 70.00 (+23.33)
    expect(shares).toEqual([2333, 2334, 2333]);
    expect(sofar).toEqual({ taken: 20_000, base: 20_000, share: 7000 });
  });

  it('does not round the base before the rate', () => {
    // net 10.06 in a 20.00 line, 2.00 of it paid: base = 1006 x 200 / 2000 = 100.6 minor units.
    const line = { net: 1006, total: 2000, quantity: 1, patientShare: 2000, insurerShare: 0 };
    const taken = lineTaken(line, { patientShare: 2000, insurerShare: 0 }, { patient: 200, insurer: 0 });
    // 100.6 x 50% = 50.3 -> 50 (rounding the base first would give 101 x 50% = 50.5 -> 51)
    expect(cumulativeShare(percent(5000), line, taken)).toBe(50);
  });

  it('fixed amounts scale with the money taken of the line; the insurer\'s part counts only once paid', () => {
    // 2 units at 30.00 each; line total 230.00 of which insurer 184.00, patient 46.00.
    const line = { net: 20_000, total: 23_000, quantity: 2, patientShare: 4600, insurerShare: 18_400 };
    const inv = { patientShare: 4600, insurerShare: 18_400 };
    const applied = applyRule({ kind: 'fixed', percentBasisPoints: null, fixedAmount: 3000, tiers: null }, 0);
    // patient paid all 46.00: 60.00 x 46 / 230 = 12.00
    expect(lineDelta(applied, line, inv, recognised({ paidTotal: 4600, patientShare: 4600, creditedTotal: 0, insurerShare: 18_400 }, false), zero))
      .toEqual({ taken: 4600, base: 4000, share: 1200 });
    // and the claim paid: all 60.00
    expect(lineDelta(applied, line, inv, recognised({ paidTotal: 4600, patientShare: 4600, creditedTotal: 0, insurerShare: 18_400 }, true), zero))
      .toEqual({ taken: 23_000, base: 20_000, share: 6000 });
  });

  it('recognises what was paid, at most the patient\'s share less credit notes, never below zero', () => {
    expect(recognised({ paidTotal: 10_000, patientShare: 10_000, creditedTotal: 3000, insurerShare: 0 }, false).patient).toBe(7000);
    expect(recognised({ paidTotal: 0, patientShare: 10_000, creditedTotal: 12_000, insurerShare: 500 }, false)).toEqual({ patient: 0, insurer: 0 });
  });

  it('picks the tier of the visit\'s place in the month', () => {
    const rule = { kind: 'tiers' as const, percentBasisPoints: null, fixedAmount: null, tiers: [{ fromVisit: 1, percentBasisPoints: 2000 }, { fromVisit: 3, percentBasisPoints: 3000 }] };
    expect(applyRule(rule, 2)).toMatchObject({ percentBasisPoints: 2000, tierFrom: 1, visitInMonth: 2 });
    expect(applyRule(rule, 3)).toMatchObject({ percentBasisPoints: 3000, tierFrom: 3, visitInMonth: 3 });
  });

  it('stays exact past 2^53', () => {
    const big = 90_000_000_000_000;
    const line = { net: big, total: big, quantity: 1, patientShare: big, insurerShare: 0 };
    expect(cumulativeShare(percent(3333), line, lineTaken(line, { patientShare: big, insurerShare: 0 }, { patient: big, insurer: 0 }))).toBe(29_997_000_000_000);
  });
});
