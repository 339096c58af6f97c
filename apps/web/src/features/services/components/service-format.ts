import { formatNumber } from '@/lib/dates';

export function formatPrice(price: number, lang: string): string {
  return formatNumber(price, lang === 'ar' ? 'ar' : 'en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}
