import { formatDate as formatLongDate, formatNumber, localeOf } from '@/lib/dates';
import { i18n } from '@/lib/i18n';

function locale(): string {
  return i18n.language === 'ar' ? localeOf('ar') : 'en-US';
}

/** A calendar date ('YYYY-MM-DD' or an instant) as 'January 5, 1990' ('5 يناير 1990' in Arabic), with its Hijri form as chosen. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '';
  return formatLongDate(value, i18n.language === 'ar' ? 'ar' : 'en-US') || value;
}

/** An instant as its date and 24-hour time in the browser's time zone. */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return '';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  return new Intl.DateTimeFormat(locale(), { year: 'numeric', month: 'long', day: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(d);
}

/** 'HH:MM' (24h) as '9:00 AM' for the user pages, which show 12-hour times. */
export function formatTime12(value: string | null | undefined): string {
  if (!value || !/^\d{2}:\d{2}$/.test(value)) return value ?? '';
  const [h, m] = value.split(':').map(Number) as [number, number];
  const suffix = h < 12 ? i18n.t('people.time.am') : i18n.t('people.time.pm');
  return `${((h + 11) % 12) + 1}:${String(m).padStart(2, '0')} ${suffix}`;
}

export function initialsOf(name: string): string {
  const parts = name.replace(/^(dr\.?|د\.)\s*/i, '').trim().split(/\s+/).filter(Boolean);
  // Arabic letters do not stand apart well: one letter reads better than two.
  if (/^[\u0600-\u06ff]/.test(parts[0] ?? '')) return parts[0]![0]!;
  return parts.slice(0, 2).map((p) => p[0]!.toUpperCase()).join('') || '?';
}

export function formatFileSize(bytes: number, lang = 'en'): string {
  if (bytes < 1024) return `${formatNumber(bytes, lang)} B`;
  if (bytes < 1024 * 1024) return `${formatNumber(Math.round(bytes / 1024), lang)} KB`;
  return `${formatNumber(bytes / 1024 / 1024, lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} MB`;
}
