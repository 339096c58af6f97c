import type { EstimateBasis, TicketState } from '@clinic/shared';

/*
 * The waiting room's rules, without the database: where a ticket stands, the order tickets are called in, a doctor's
 * pace today and the estimated wait that follows from it, and the waiting-time accuracy figures.
 */

const MINUTE = 60_000;

/** A ticket's shown state: its queue state while the visit is checked in, then the visit's own. */
export function ticketState(queueState: string, appointmentStatus: string): TicketState {
  if (appointmentStatus === 'in_consultation') return 'in_consultation';
  if (appointmentStatus === 'completed') return 'done';
  if (appointmentStatus === 'cancelled' || appointmentStatus === 'no_show') return 'left';
  if (appointmentStatus !== 'arrived') return 'left';
  return queueState === 'called' || queueState === 'skipped' ? queueState : 'waiting';
}

const PRIORITY_RANK: Record<string, number> = { urgent: 0, elderly: 1 };

/** The call order: urgent first, then elderly, then by the time the ticket was given, then by number. */
export function callOrder(a: { priority: string; issuedAt: Date; number: number }, b: { priority: string; issuedAt: Date; number: number }): number {
  return (PRIORITY_RANK[a.priority] ?? 2) - (PRIORITY_RANK[b.priority] ?? 2)
    || a.issuedAt.getTime() - b.issuedAt.getTime()
    || a.number - b.number;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** A gap between two calls longer than this many visits is a break (lunch, prayer), not the doctor's pace. */
export const GAP_CAP_VISITS = 4;

export interface PaceInput {
  /** The first calls of the doctor's tickets today (any order). */
  firstCalls: readonly Date[];
  /** The doctor's consultations completed today: called in → completed. */
  consultations: ReadonlyArray<{ from: Date; to: Date }>;
  /** The booked visit length (the service's, else the clinic's), in minutes. */
  nominalMinutes: number;
}

export interface Pace {
  minutes: number;
  basis: EstimateBasis;
}

/**
 * The doctor's pace today: the median gap between consecutive first calls when there are at least two gaps (each
 * gap capped at four booked visits, so a lunch break does not count as one slow patient); else the median length of
 * today's consultations when at least two were completed; else the booked visit length ('nominal').
 */
export function doctorPace(p: PaceInput): Pace {
  const calls = p.firstCalls.map((d) => d.getTime()).sort((x, y) => x - y);
  const cap = GAP_CAP_VISITS * p.nominalMinutes;
  const gaps = calls.slice(1).map((t, i) => Math.min((t - calls[i]!) / MINUTE, cap));
  if (gaps.length >= 2) return { minutes: round1(median(gaps)), basis: 'today' };
  const lengths = p.consultations.map((c) => (c.to.getTime() - c.from.getTime()) / MINUTE).filter((m) => m >= 0);
  if (lengths.length >= 2) return { minutes: round1(median(lengths)), basis: 'today' };
  return { minutes: p.nominalMinutes, basis: 'nominal' };
}

/**
 * Minutes until a waiting ticket is likely called: the tickets ahead of it at the doctor's pace, plus what is left of
 * the current patient's visit (the pace less the minutes since they were called, never below zero) when the doctor
 * has one called or in consultation.
 */
export function estimateWait(position: number, pace: number, currentCalledAt: Date | null, now: Date): number {
  const since = currentCalledAt ? (now.getTime() - currentCalledAt.getTime()) / MINUTE : null;
  const remainder = since === null ? 0 : Math.max(0, pace - since);
  return Math.round(position * pace + remainder);
}

export function round1(n: number): number {
  return Math.round(n * 10) / 10;
}

/** One ticket of the accuracy report: the estimate given at check-in, the actual wait (to the first call), if called. */
export interface AccuracySample {
  estimate: number | null;
  issuedAt: Date;
  firstCalledAt: Date | null;
}

export interface AccuracyFigures {
  tickets: number;
  called: number;
  meanEstimateMinutes: number | null;
  meanActualMinutes: number | null;
  meanAbsoluteErrorMinutes: number | null;
  withinFiveMinutesPercent: number | null;
}

const mean = (xs: readonly number[]) => (xs.length ? round1(xs.reduce((s, x) => s + x, 0) / xs.length) : null);

/**
 * The estimate against the wait that followed: of the tickets given, those called have an actual wait (issued → first
 * call); the means (1 decimal) and the share within five minutes are over the called tickets that had an estimate.
 */
export function accuracyOf(samples: readonly AccuracySample[]): AccuracyFigures {
  const called = samples.filter((s) => s.firstCalledAt);
  const actual = (s: AccuracySample) => (s.firstCalledAt!.getTime() - s.issuedAt.getTime()) / MINUTE;
  const compared = called.filter((s) => s.estimate !== null);
  const errors = compared.map((s) => Math.abs(actual(s) - s.estimate!));
  return {
    tickets: samples.length,
    called: called.length,
    meanEstimateMinutes: mean(compared.map((s) => s.estimate!)),
    meanActualMinutes: mean(called.map(actual)),
    meanAbsoluteErrorMinutes: mean(errors),
    withinFiveMinutesPercent: compared.length ? round1((100 * errors.filter((e) => e <= 5).length) / compared.length) : null,
  };
}

