/**
 * Text normalisation for matching and searching Arabic and Latin text: two spellings a reader takes for the same word
 * give the same key. Used wherever text is compared rather than shown (allergy substances against drug names, code
 * search); the original text is always kept for display.
 */

/** Harakat, tanween, shadda, sukun, superscript alef, Quranic marks and other combining marks of the Arabic block. */
const ARABIC_MARKS = /[\u0610-\u061a\u064b-\u065f\u0670\u06d6-\u06dc\u06df-\u06e8\u06ea-\u06ed\u08d3-\u08ff]/g;
/** Latin (and other) combining accents left after NFKD: é -> e. */
const COMBINING = /[\u0300-\u036f]/g;
const TATWEEL = /\u0640/g;
/** Zero-width and directional formatting characters (ZWNJ, ZWJ, LRM, RLM, embeddings, isolates, BOM). */
const INVISIBLE = /[\u200b-\u200f\u202a-\u202e\u2066-\u2069\ufeff]/g;

const LETTERS: Record<string, string> = {
  '\u0623': '\u0627', // أ
  '\u0625': '\u0627', // إ
  '\u0622': '\u0627', // آ
  '\u0671': '\u0627', // ٱ (alef wasla)
  '\u0672': '\u0627', // ٲ
  '\u0673': '\u0627', // ٳ
  '\u0629': '\u0647', // ة -> ه
  '\u0649': '\u064a', // ى -> ي
  '\u0624': '\u0648', // ؤ -> و
  '\u0626': '\u064a', // ئ -> ي
  '\u06cc': '\u064a', // Persian yeh ی -> ي
  '\u06a9': '\u0643', // Persian keheh ک -> ك
};
const LETTER_RE = new RegExp(`[${Object.keys(LETTERS).join('')}]`, 'g');

/** Arabic-Indic (٠-٩) and Extended Arabic-Indic / Persian (۰-۹) digits as ASCII; the Arabic decimal separator as a dot. */
function asciiDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06f0-\u06f9\u066b\u066c]/g, (c) => {
    const code = c.charCodeAt(0);
    if (code === 0x066b) return '.';
    if (code === 0x066c) return '';
    return String(code >= 0x06f0 ? code - 0x06f0 : code - 0x0660);
  });
}

/**
 * The matching key of a text:
 * - hamza and alef forms (أ إ آ ٱ) -> ا; ؤ -> و; ئ -> ي; taa marbuta ة -> ه; alef maqsura ى -> ي;
 * - diacritics (tashkeel), Quranic marks and tatweel removed; Latin accents removed (é -> e);
 * - Arabic-Indic and Persian digits -> ASCII; Latin lower-cased; compatibility forms unfolded (NFKC: ligatures,
 *   presentation forms, full-width letters);
 * - invisible formatting characters removed and whitespace collapsed to single spaces, trimmed.
 * A standalone hamza (ء) is kept: it is a letter of its own (ماء, سماء).
 */
export function normaliseArabic(text: string): string {
  return asciiDigits(
    text
      .normalize('NFKD')
      .replace(COMBINING, '')
      .normalize('NFKC')
      .replace(INVISIBLE, '')
      .replace(ARABIC_MARKS, '')
      .replace(TATWEEL, '')
      // NFKC composes alef + hamza mark back into أ / إ / آ, so letters are folded after it.
      .replace(LETTER_RE, (c) => LETTERS[c] ?? c),
  )
    .toLowerCase()
    .replace(/\s+/gu, ' ')
    .trim();
}

/** Whether two texts are the same after normalisation (for example a drug name against an allergy substance). */
export function sameNormalised(a: string, b: string): boolean {
  return normaliseArabic(a) === normaliseArabic(b);
}
