/**
 * A message a row keeps for later display (why a submission, a delivery or an import failed), shown in the language of
 * whoever reads it. It is stored as its catalogue key, with its parameters as JSON after one space
 * (`errors.webhooks.answered {"status":500}`). A text that is not a key (another system's own words, such as the
 * authority's reasons, or a row written before keys were kept) is shown as stored.
 */
import { isMessageKey, translate } from '@clinic/shared';

export type MessageParams = Record<string, string | number>;

export function storedMessage(key: string, params?: MessageParams): string {
  return params && Object.keys(params).length ? `${key} ${JSON.stringify(params)}` : key;
}

function paramsOf(text: string): MessageParams | null {
  try {
    const value: unknown = JSON.parse(text);
    if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
    const out: MessageParams = {};
    for (const [k, v] of Object.entries(value)) if (typeof v === 'string' || typeof v === 'number') out[k] = v;
    return out;
  } catch {
    return null;
  }
}

/** The stored message in `language`: a key (with its parameters) translated, any other text as it is. */
export function shownMessage(stored: string | null, language: 'en' | 'ar'): string | null {
  if (!stored) return stored;
  const space = stored.indexOf(' ');
  const key = space < 0 ? stored : stored.slice(0, space);
  if (!isMessageKey(key)) return stored;
  if (space < 0) return translate(key, language);
  const params = paramsOf(stored.slice(space + 1));
  return params ? translate(key, language, params) : stored;
}
