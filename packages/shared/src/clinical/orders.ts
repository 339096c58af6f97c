/**
 * Lab and imaging orders: kinds, priorities, the status a change leads to, the full order number, and the flag of
 * a result against its reference range (the vitals' flag vocabulary). Pure rules shared by the API and the web.
 */
import { flagInRange, isAbnormal, type VitalFlag, type VitalRange } from './vitals.js';

export const ORDER_KINDS = ['lab', 'imaging'] as const;
export type OrderKind = (typeof ORDER_KINDS)[number];
export const ORDER_PRIORITIES = ['routine', 'urgent'] as const;
export type OrderPriority = (typeof ORDER_PRIORITIES)[number];
export const ORDER_STATUSES = ['ordered', 'collected', 'resulted', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];
export const ORDER_ACTIONS = ['collect', 'result', 'cancel'] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

/**
 * The status an action leads to, or null when the action is not allowed from `status`: ordered -> collected ->
 * resulted; an imaging study (nothing to collect) is resulted straight from ordered; an order is cancelled until it
 * is resulted. Resulted and cancelled are final.
 */
export function nextOrderStatus(status: OrderStatus, action: OrderAction, kind: OrderKind = 'lab'): OrderStatus | null {
  if (action === 'collect') return status === 'ordered' ? 'collected' : null;
  if (action === 'cancel') return status === 'ordered' || status === 'collected' ? 'cancelled' : null;
  if (status === 'collected') return 'resulted';
  return status === 'ordered' && kind === 'imaging' ? 'resulted' : null;
}

/** The statuses an action may start from (what the database statement re-checks). */
export function orderStatusesFor(action: OrderAction, kind: OrderKind): OrderStatus[] {
  return ORDER_STATUSES.filter((s) => nextOrderStatus(s, action, kind) !== null);
}

// ---------------------------------------------------------------------------------------------------------
// Order numbers

export const ORDER_NUMBER_PREFIX: Record<OrderKind, string> = { lab: 'LAB', imaging: 'IMG' };
/** Digits of the running number (more once a year passes 999,999 orders of a kind). */
export const ORDER_SEQUENCE_DIGITS = 6;
const ORDER_NUMBER = /^(LAB|IMG)-(\d{4})-(\d{6,9})$/;

/** The full order number: `LAB-2026-000123`. */
export function formatOrderNumber(kind: OrderKind, year: number, sequence: number): string {
  return `${ORDER_NUMBER_PREFIX[kind]}-${year}-${String(sequence).padStart(ORDER_SEQUENCE_DIGITS, '0')}`;
}

/**
 * The full order number as typed (spaces trimmed, letters in either case), or null when it is not a whole order
 * number: a partial number (`000123`, `LAB-2026`) never matches an order.
 */
export function normaliseOrderNumber(input: string): string | null {
  const n = input.trim().toUpperCase();
  return ORDER_NUMBER.test(n) ? n : null;
}

// ---------------------------------------------------------------------------------------------------------
// Results

/** The flags of a result: the vitals' vocabulary (normal, low, high, critically low/high, no range). */
export type ResultFlag = VitalFlag;
export type AnalyteRange = VitalRange;

/** The flag of a result value against its analyte's reference range and critical limits. */
export function flagResult(value: number, range: AnalyteRange): ResultFlag {
  return flagInRange(value, range);
}

/** Whether a result needs the ordering doctor's attention (anything but normal or no range). */
export const isAbnormalResult = (flag: ResultFlag): boolean => isAbnormal(flag);

/** The field error of an analyte's range (bounds out of order), or null. An analyte may have no range at all. */
export function analyteRangeProblem(range: AnalyteRange): string | null {
  const order = [range.criticalLow, range.low, range.high, range.criticalHigh].filter((n): n is number => n !== null);
  for (let i = 1; i < order.length; i++) if (order[i]! < order[i - 1]!) return 'validation.orders.rangeOrder';
  return null;
}
