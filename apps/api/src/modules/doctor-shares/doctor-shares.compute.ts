/**
 * The doctor's share arithmetic (docs/billing.md, "The doctor's share"): what a visit's money recognises of each
 * service line, its net base and the cumulative share under the rule, each rounded once (half up) from the exact
 * fraction on integers (BigInt: the products exceed 2^53). Pure: no database.
 */
import type { DoctorShareApplied, DoctorShareRuleKind } from '@clinic/shared';

/** A non-negative exact fraction n / d (d > 0). */
export interface Fraction { n: bigint; d: bigint }

const ZERO: Fraction = { n: 0n, d: 1n };
const big = (v: number) => BigInt(Math.trunc(v));

export function add(a: Fraction, b: Fraction): Fraction {
  return a.d === b.d ? { n: a.n + b.n, d: a.d } : { n: a.n * b.d + b.n * a.d, d: a.d * b.d };
}

/** a x m / q, exactly; zero when q is 0. */
export function scale(a: Fraction, m: bigint, q: bigint): Fraction {
  return q === 0n ? ZERO : { n: a.n * m, d: a.d * q };
}

/** Rounded to an integer, halves up (the fraction is never negative here). */
export function roundHalfUp(f: Fraction): number {
  const sign = (f.n < 0n) !== (f.d < 0n) ? -1n : 1n;
  const n = f.n < 0n ? -f.n : f.n;
  const d = f.d < 0n ? -f.d : f.d;
  return Number(sign * ((2n * n + d) / (2n * d)));
}

/** What the money taken for an invoice recognises: the patient's part R and the insurer's part I. */
export function recognised(inv: { paidTotal: number; patientShare: number; creditedTotal: number; insurerShare: number }, claimPaid: boolean) {
  const patient = Math.max(0, Math.min(inv.paidTotal, inv.patientShare - inv.creditedTotal));
  return { patient, insurer: claimPaid ? inv.insurerShare : 0 };
}

export interface ShareLine { net: number; total: number; quantity: number; patientShare: number; insurerShare: number }
export interface ShareInvoice { patientShare: number; insurerShare: number }

/** r_i = line.patientShare x R / patientShare + line.insurerShare x I / insurerShare (a term is 0 when its share is 0). */
export function lineTaken(line: ShareLine, inv: ShareInvoice, r: { patient: number; insurer: number }): Fraction {
  const one: Fraction = { n: 1n, d: 1n };
  return add(scale(one, big(line.patientShare) * big(r.patient), big(inv.patientShare)), scale(one, big(line.insurerShare) * big(r.insurer), big(inv.insurerShare)));
}

/** b_i = line.net x r_i / line.total. */
export const lineBase = (line: ShareLine, taken: Fraction): Fraction => scale(taken, big(line.net), big(line.total));

/** The rule as it is stored (doctor_share_rules). */
export interface ShareRule {
  kind: DoctorShareRuleKind;
  percentBasisPoints: number | null;
  fixedAmount: number | null;
  tiers: Array<{ fromVisit: number; percentBasisPoints: number }> | null;
}

/** The rule as one line applies it: the tier of the visit's place in the doctor's month (n), decided once. */
export function applyRule(rule: ShareRule, visitInMonth: number): DoctorShareApplied {
  if (rule.kind === 'tiers') {
    const tiers = rule.tiers ?? [];
    const tier = [...tiers].reverse().find((t) => t.fromVisit <= visitInMonth) ?? tiers[0];
    return { kind: 'tiers', percentBasisPoints: tier?.percentBasisPoints ?? 0, fixedAmount: null, visitInMonth, tierFrom: tier?.fromVisit ?? 1 };
  }
  if (rule.kind === 'fixed') return { kind: 'fixed', percentBasisPoints: null, fixedAmount: rule.fixedAmount ?? 0, visitInMonth: null, tierFrom: null };
  return { kind: 'percent', percentBasisPoints: rule.percentBasisPoints ?? 0, fixedAmount: null, visitInMonth: null, tierFrom: null };
}

/** The line's cumulative share, rounded once: round(b_i x bp / 10000), or round(fixed x quantity x r_i / line.total). */
export function cumulativeShare(applied: DoctorShareApplied, line: ShareLine, taken: Fraction): number {
  if (applied.kind === 'fixed') return roundHalfUp(scale(taken, big(applied.fixedAmount ?? 0) * big(line.quantity), big(line.total)));
  return roundHalfUp(scale(lineBase(line, taken), big(applied.percentBasisPoints ?? 0), 10_000n));
}

export interface LineSoFar { taken: number; base: number; share: number }

/** The entry a money event writes for a line: the change of each rounded cumulative figure since its entries so far; null when nothing changed. */
export function lineDelta(applied: DoctorShareApplied, line: ShareLine, inv: ShareInvoice, r: { patient: number; insurer: number }, sofar: LineSoFar): LineSoFar | null {
  const taken = lineTaken(line, inv, r);
  const delta = {
    taken: roundHalfUp(taken) - sofar.taken,
    base: roundHalfUp(lineBase(line, taken)) - sofar.base,
    share: cumulativeShare(applied, line, taken) - sofar.share,
  };
  return delta.taken === 0 && delta.base === 0 && delta.share === 0 ? null : delta;
}
