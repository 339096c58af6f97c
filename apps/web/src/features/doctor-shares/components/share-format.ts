import type { TFunction } from 'i18next';
import type { DoctorShareApplied, DoctorShareCause, DoctorShareRuleRecord } from '@clinic/shared';
import { formatNumber } from '@/lib/dates';

/** The colour of each cause's badge: money in, money back, a credit note, the insurer. */
export const CAUSE_COLOURS: Record<DoctorShareCause, string> = {
  payment: 'teal', refund: 'orange', credit_note: 'red', claim_paid: 'violet', claim_reversed: 'grape',
};

/** A rate in basis points as the language writes a percentage (3500 -> "35%", "٣٥٪"). */
export function ratePercent(basisPoints: number, lang: string): string {
  return formatNumber(basisPoints / 10_000, lang, { style: 'percent', maximumFractionDigits: 2 });
}

/** A rule's terms in a line: "35%", "SAR 50.00 per unit", "1+: 30% · 11+: 40%". */
export function ruleTerms(rule: DoctorShareRuleRecord, t: TFunction, lang: string, money: (minor: number) => string): string {
  if (rule.kind === 'percent') return ratePercent(rule.percentBasisPoints ?? 0, lang);
  if (rule.kind === 'fixed') return t('doctorShares.applied.fixed', { amount: money(rule.fixedAmount ?? 0) });
  return (rule.tiers ?? []).map((tier) => t('doctorShares.rules.tier', { from: formatNumber(tier.fromVisit, lang), rate: ratePercent(tier.percentBasisPoints, lang) })).join(' · ');
}

/**
 * The rule as an entry applied it: "35%", "SAR 50.00 per unit", or "Tier 2: 40% (visit 12 of the month)". The tier's
 * number comes from the rule's tiers when they are known (the rules list), else the tier is named by its first visit.
 */
export function appliedText(applied: DoctorShareApplied, t: TFunction, lang: string, money: (minor: number) => string, tiers?: Array<{ fromVisit: number }> | null): string {
  if (applied.kind === 'fixed') return t('doctorShares.applied.fixed', { amount: money(applied.fixedAmount ?? 0) });
  const rate = ratePercent(applied.percentBasisPoints ?? 0, lang);
  if (applied.kind === 'percent') return rate;
  const visit = formatNumber(applied.visitInMonth ?? 0, lang);
  const index = tiers?.findIndex((tier) => tier.fromVisit === applied.tierFrom) ?? -1;
  return index >= 0
    ? t('doctorShares.applied.tier', { tier: formatNumber(index + 1, lang), rate, visit })
    : t('doctorShares.applied.tierFrom', { from: formatNumber(applied.tierFrom ?? 1, lang), rate, visit });
}

/** The first and last day of the month of `day` (YYYY-MM-DD). */
export function monthOf(day: string): { from: string; to: string } {
  const [y, m] = day.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const mm = String(m).padStart(2, '0');
  return { from: `${y}-${mm}-01`, to: `${y}-${mm}-${String(last).padStart(2, '0')}` };
}
