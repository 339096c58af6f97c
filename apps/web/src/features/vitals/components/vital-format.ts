import { displayDecimals, type Vital, type VitalFlag } from '@clinic/shared';
import { formatNumber } from '@/lib/dates';

/** The colour of each flag: red for critical, orange for low or high, teal for normal, grey when no range applies. */
export const FLAG_COLORS: Record<VitalFlag, string> = {
  normal: 'teal', low: 'orange', high: 'orange', criticalLow: 'red', criticalHigh: 'red', noRange: 'gray',
};

/** A value in the user's digits with the decimals its unit is shown with. */
export function formatVital(vital: Vital, value: number, unit: string, lang: string): string {
  const decimals = displayDecimals(vital, unit);
  return formatNumber(value, lang, { maximumFractionDigits: decimals, minimumFractionDigits: 0, useGrouping: false });
}

/** The vitals a trend chart can show, in the order of the panel. */
export const TREND_VITALS: Vital[] = ['temperature', 'pulse', 'respiratoryRate', 'systolic', 'spo2', 'painScore', 'glucose', 'weight', 'bmi', 'height'];
