/**
 * Counted texts: a text that shows a count is written once per plural category of its language, as i18next reads
 * them (`key_one`, `key_other` in English; `key_zero`, `key_one`, `key_two`, `key_few`, `key_many`, `key_other` in
 * Arabic). These checks keep both catalogues (the shared one and the web app's) honest about it.
 */

const RULES = { en: new Intl.PluralRules('en'), ar: new Intl.PluralRules('ar') } as const;

/** The plural categories each language writes a counted text in (English: one, other; Arabic: all six). */
export const PLURAL_CATEGORIES = {
  en: RULES.en.resolvedOptions().pluralCategories,
  ar: RULES.ar.resolvedOptions().pluralCategories,
} as const;

/** The category of a count in a language (`one`, `few`, …); English rules for any language but Arabic. */
export const pluralCategory = (lang: string, count: number): Intl.LDMLPluralRule => (lang === 'ar' ? RULES.ar : RULES.en).select(count);

const SUFFIX = /_(zero|one|two|few|many|other)$/;

/** `a.b_one` → `a.b`; a key that is not a plural form comes back as it is. */
export const pluralBase = (key: string): string => key.replace(SUFFIX, '');

/** The forms that must show the number itself (the others may say it in words: "one visit", "two visits"). */
const SHOWS_NUMBER = { en: ['other'], ar: ['few', 'many', 'other'] } as const;

/**
 * What is wrong with the counted texts of one language's flat catalogue (key → text): a `{{count}}` outside a plural
 * group, a group without exactly the language's categories, a form that must show the number and does not, or an
 * English "(s)".
 */
export function pluralProblems(lang: 'en' | 'ar', texts: Map<string, string>): string[] {
  const problems: string[] = [];
  const groups = new Map<string, Map<string, string>>();
  for (const [key, text] of texts) {
    const m = SUFFIX.exec(key);
    if (m) {
      const base = pluralBase(key);
      if (!groups.has(base)) groups.set(base, new Map());
      groups.get(base)!.set(m[1]!, text);
    } else if (/\{\{\s*count\s*\}\}/.test(text)) {
      problems.push(`${key}: shows {{count}} but has no plural forms`);
    }
    if (lang === 'en' && /\w\(s\)/.test(text)) problems.push(`${key}: "(s)" instead of plural forms`);
  }
  for (const [base, forms] of groups) {
    const want = [...PLURAL_CATEGORIES[lang]].sort();
    const have = [...forms.keys()].sort();
    if (want.join() !== have.join()) problems.push(`${base}: has forms ${have.join(', ')}; ${lang} needs ${want.join(', ')}`);
    for (const form of SHOWS_NUMBER[lang]) {
      const text = forms.get(form);
      if (text !== undefined && !/\{\{\s*count\s*\}\}/.test(text)) problems.push(`${base}_${form}: must show {{count}}`);
    }
  }
  return problems;
}
