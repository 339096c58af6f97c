import { normalizeDrugName } from '@clinic/shared';

/*
 * LEAD: swap `normalizeArabicLocal` for `normalizeArabic` from `packages/shared/src/text/arabic.ts` (written on another
 * branch) at merge, and recompute `medications.search_text` in the same migration if its rules differ.
 */

/**
 * Search text folded so that spellings people use interchangeably match: lower case, Latin accents and Arabic marks
 * (tashkeel, tatweel) removed, alef forms (أ إ آ ٱ) to ا, ى to ي, ة to ه, ؤ to و, ئ to ي, Arabic-Indic digits to 0-9,
 * one space between words.
 */
export function normalizeArabicLocal(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f\u064B-\u065F\u0670\u0640]/g, '')
    .replace(/[أإآٱ]/g, 'ا')
    .replace(/ى/g, 'ي')
    .replace(/ة/g, 'ه')
    .replace(/ؤ/g, 'و')
    .replace(/ئ/g, 'ي')
    .replace(/[\u0660-\u0669]/g, (d) => String(d.charCodeAt(0) - 0x0660))
    .replace(/[\u06F0-\u06F9]/g, (d) => String(d.charCodeAt(0) - 0x06f0))
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

export interface CatalogueDrug {
  name: string;
  genericName: string;
  form: string;
  strength: string;
  nameAr: string;
}

/** The keys stored beside a catalogue drug: what a re-import matches on, what the checks compare, what search reads. */
export function drugKeys(d: CatalogueDrug) {
  const fold = (s: string) => normalizeArabicLocal(s);
  return {
    matchKey: [fold(d.name), fold(d.form), fold(d.strength).replace(/\s+/g, '')].join('|'),
    nameKey: normalizeDrugName(d.name),
    genericKey: normalizeDrugName(d.genericName),
    searchText: fold([d.name, d.genericName, d.nameAr, d.form, d.strength].join(' ')),
  };
}
