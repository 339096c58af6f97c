import { formatDate as formatDateIntl, formatDateTime as formatDateTimeIntl, formatNumber } from '@/lib/dates';

/** A calendar date (`YYYY-MM-DD`) or an instant, shown as a date in the given language; '' when absent. */
export function formatDate(value: string | null | undefined, lang: string): string {
  return formatDateIntl(value, lang);
}

/** An instant shown with its local time. */
export function formatDateTime(value: string | null | undefined, lang: string): string {
  return formatDateTimeIntl(value, lang);
}

/** Centimetres as metres with two decimals (the details screen shows height in M). */
export function metres(cm: number, lang: string): string {
  return formatNumber(cm / 100, lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

export function fileSize(bytes: number, lang: string): string {
  const units = lang === 'ar' ? ['بايت', 'ك.ب', 'م.ب'] : ['B', 'KB', 'MB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${formatNumber(value, lang, { maximumFractionDigits: unit === 0 ? 0 : 1, minimumFractionDigits: unit === 0 ? 0 : 1 })} ${units[unit]}`;
}
