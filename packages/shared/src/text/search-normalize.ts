import { normaliseArabic } from './arabic.js';

/** A dot inside a word (between two letters or digits): part of a code such as J06.9 or 1.5. */
const INNER_DOT = /(?<=[\p{L}\p{N}])\.(?=[\p{L}\p{N}])/gu;
/** A private-use character holds an inner dot's place while punctuation becomes spaces. */
const DOT_MARK = '\uE000';
const NOT_WORD = /[^\p{L}\p{N}\uE000]+/gu;

/**
 * Text as search compares it, on both sides (what is stored and what is typed): the matching key of
 * `normaliseArabic` (hamza and alef forms, taa marbuta, alef maqsura, marks and tatweel, Arabic-Indic digits, Latin
 * case and accents), and then anything that is not a letter or a digit (punctuation, Arabic comma and question mark,
 * symbols) becomes a space, except the dot between two digits or letters of a code (`J06.9` stays one word).
 */
export function normalizeSearchText(s: string): string {
  return normaliseArabic(s.replaceAll(DOT_MARK, ' '))
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
