/**
 * Text as search compares it, on both sides (what is stored and what is typed), so that the ways one word is
 * commonly written in Arabic and English meet:
 * - Arabic letters that are written interchangeably: the hamza and alef forms (أ إ آ ٱ) become ا, taa marbuta (ة)
 *   becomes ه, alef maqsura (ى) becomes ي, hamza on waw (ؤ) becomes و and on yaa (ئ) becomes ي;
 * - the short vowels and other marks (tashkeel, superscript alef, Quranic marks) and the tatweel (ـ) are dropped;
 * - Arabic-Indic (٠-٩) and Persian (۰-۹) digits become 0-9;
 * - Latin letters are lower-cased and their accents dropped;
 * - anything that is not a letter or a digit (punctuation, Arabic comma and question mark, symbols) becomes a space,
 *   except the dot between two digits or letters of a code (`J06.9` stays one word), and spaces are collapsed.
 */
const LETTERS: Record<string, string> = {
  'أ': 'ا', 'إ': 'ا', 'آ': 'ا', 'ٱ': 'ا', 'ٲ': 'ا', 'ٳ': 'ا',
  'ة': 'ه', 'ى': 'ي', 'ی': 'ي', 'ؤ': 'و', 'ئ': 'ي', 'ک': 'ك',
};
const LETTER_PATTERN = /[أإآٱٲٳةىیؤئک]/g;
/** Tashkeel (U+064B-U+065F), superscript alef (U+0670), Quranic marks (U+06D6-U+06ED), tatweel (U+0640). */
const MARKS = /[\u0610-\u061A\u064B-\u065F\u0670\u06D6-\u06DC\u06DF-\u06E8\u06EA-\u06ED\u0640]/g;
/** Latin combining accents, left once NFD has separated them from their letters. */
const LATIN_ACCENTS = /[\u0300-\u036f]/g;
const ARABIC_INDIC_ZERO = 0x0660;
const PERSIAN_ZERO = 0x06f0;
const DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g;
/** A dot inside a word (between two letters or digits): part of a code such as J06.9 or 1.5. */
const INNER_DOT = /(?<=[\p{L}\p{N}])\.(?=[\p{L}\p{N}])/gu;
/** A private-use character holds an inner dot's place while punctuation becomes spaces. */
const DOT_MARK = '\uE000';
const NOT_WORD = /[^\p{L}\p{N}\uE000]+/gu;

export function normalizeSearchText(s: string): string {
  return s
    .replaceAll(DOT_MARK, ' ')
    .normalize('NFD')
    .replace(LATIN_ACCENTS, '')
    .normalize('NFC')
    .replace(MARKS, '')
    .replace(LETTER_PATTERN, (c) => LETTERS[c] ?? c)
    .replace(DIGITS, (d) => {
      const code = d.charCodeAt(0);
      return String(code - (code >= PERSIAN_ZERO ? PERSIAN_ZERO : ARABIC_INDIC_ZERO));
    })
    .toLowerCase()
    .replace(INNER_DOT, DOT_MARK)
    .replace(NOT_WORD, ' ')
    .replaceAll(DOT_MARK, '.')
    .trim();
}

/** The words of a search, normalised, without repeats, at most `max` of them (a longer search adds nothing). */
export function searchWords(s: string, max = 8): string[] {
  const words = normalizeSearchText(s).split(' ').filter(Boolean);
  return [...new Set(words)].slice(0, max);
}
