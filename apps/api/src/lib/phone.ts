/**
 * One form for a patient's mobile number: E.164 (`+966501234567`). Every number a patient or the desk types is stored
 * in it when it is a valid number, so that the same mobile typed `0501234567`, `00966 50 123 4567` or `+966501234567`
 * is one number for the duplicate checks, the public booking page's verification and limits, and the texts sent to it.
 * A number without a country code is read as one of PHONE_COUNTRY's (the product's home market, as imports read them).
 * A text that is not a valid number is kept as typed (the forms accept 10 to 15 digits), so nothing accepted before is
 * refused now.
 */
import { normaliseDigits } from '@clinic/shared';
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js';

export const PHONE_COUNTRY: CountryCode = 'SA';

function parsed(text: string, country: CountryCode) {
  const raw = normaliseDigits(text).replace(/[\s\-().]/g, '').replace(/^00/, '+');
  if (!raw) return null;
  const phone = parsePhoneNumberFromString(raw, country);
  return phone?.isValid() ? phone : null;
}

/** The number in E.164, or null when it is not a valid number (read in `country` unless it says +). */
export function toE164(text: string, country: CountryCode = PHONE_COUNTRY): string | null {
  return parsed(text, country)?.number ?? null;
}

/** The stored form: E.164 when the text is a valid number, else the text as it was validated. */
export function canonicalPhone(text: string): string {
  return toE164(text) ?? text;
}

/**
 * The digits a search for a number looks for inside stored numbers: the national number when the text is a valid one
 * (`0501234567` and `+966 50 123 4567` both look for `501234567`), else the text's own digits.
 */
export function phoneSearchDigits(digits: string): string {
  return parsed(digits, PHONE_COUNTRY)?.nationalNumber ?? digits;
}
