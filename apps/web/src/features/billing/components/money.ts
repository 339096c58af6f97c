import { currencyMinorDigits } from '@clinic/shared';
import { getDisplay } from '@/lib/format/display';

/**
 * An amount in minor units (halalas, cents, fils) as the language writes it with the currency: `SAR 1,150.00`,
 * `1,150.00 ر.س.` (Arabic with the user's digits: Western unless they chose Arabic-Indic). The digits after the point
 * are the currency's own (two for SAR, three for KWD).
 */
export function formatMoney(minor: number, currency: string, lang: string): string {
  const digits = currencyMinorDigits(currency);
  const major = minor / 10 ** digits;
  try {
    return new Intl.NumberFormat(lang.startsWith('ar') ? `ar-SA-u-nu-${getDisplay().digits}` : 'en-US', { style: 'currency', currency, minimumFractionDigits: digits, maximumFractionDigits: digits }).format(major);
  } catch {
    return `${major.toFixed(digits)} ${currency}`;
  }
}

/**
 * The currency as the amounts around it write it, in the interface language (`SAR`, `ر.س.`), for beside the amount
 * typed; the ISO code if the browser does not know the currency.
 */
export function currencySymbol(currency: string, lang: string): string {
  try {
    const parts = new Intl.NumberFormat(lang.startsWith('ar') ? 'ar-SA' : 'en-US', { style: 'currency', currency }).formatToParts(0);
    return parts.find((p) => p.type === 'currency')?.value ?? currency;
  } catch {
    return currency;
  }
}

/** Major units typed in a form (`115.5`) as minor units (`11550`); null when it is not an amount. */
export function toMinor(major: number | string | null | undefined, currency: string): number | null {
  if (major === '' || major === null || major === undefined) return null;
  const value = typeof major === 'number' ? major : Number(major);
  if (!Number.isFinite(value)) return null;
  return Math.round(value * 10 ** currencyMinorDigits(currency));
}

/** Minor units as the major amount a form's number input shows. */
export function toMajor(minor: number, currency: string): number {
  return minor / 10 ** currencyMinorDigits(currency);
}

/** Basis points as a percentage (1500 -> 15). */
export function percentOf(basisPoints: number): number {
  return basisPoints / 100;
}
