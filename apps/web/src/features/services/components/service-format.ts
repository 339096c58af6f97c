import { formatMoney, toMinor } from '@/features/billing';

/** The currency a service's price is typed and shown in (the form's `services.currency` beside the price). */
const PRICE_CURRENCY = 'SAR';

/**
 * A service's price (in major units, `400`) as every other amount on screen is written, through the shared money
 * formatter: `SAR 400.00`, `400.00 ر.س.`.
 */
export function formatPrice(price: number, lang: string): string {
  return formatMoney(toMinor(price, PRICE_CURRENCY) ?? 0, PRICE_CURRENCY, lang);
}
