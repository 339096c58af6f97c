import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { normaliseArabic, sameNormalised } from './arabic.js';

describe('normaliseArabic', () => {
  it('folds the hamza and alef forms to a bare alef', () => {
    expect(normaliseArabic('أسبرين')).toBe('اسبرين');
    expect(normaliseArabic('إيبوبروفين')).toBe('ايبوبروفين');
    expect(normaliseArabic('آمن')).toBe('امن');
    expect(normaliseArabic('ٱلحمد')).toBe('الحمد');
  });

  it('folds taa marbuta, alef maqsura, waw and yeh with hamza', () => {
    expect(normaliseArabic('بنسلينة')).toBe('بنسلينه');
    expect(normaliseArabic('مستشفى')).toBe('مستشفي');
    expect(normaliseArabic('مؤلم')).toBe('مولم');
    expect(normaliseArabic('بيئة')).toBe('بييه');
  });

  it('keeps a standalone hamza, which is a letter of its own', () => {
    expect(normaliseArabic('ماء')).toBe('ماء');
  });

  it('removes diacritics (tashkeel), shadda, tanween and the superscript alef', () => {
    expect(normaliseArabic('البِنِسِلِّين')).toBe('البنسلين');
    expect(normaliseArabic('حَسَاسِيَّةٌ')).toBe('حساسيه');
    expect(normaliseArabic('هٰذا')).toBe('هذا');
  });

  it('removes tatweel (kashida) used to stretch words', () => {
    expect(normaliseArabic('بنـــسلين')).toBe('بنسلين');
  });

  it('writes Arabic-Indic and Persian digits as ASCII digits, with the Arabic decimal separator as a dot', () => {
    expect(normaliseArabic('أموكسيسيلين ٥٠٠')).toBe('اموكسيسيلين 500');
    expect(normaliseArabic('۱۲۳۴')).toBe('1234');
    expect(normaliseArabic('٣٫٥')).toBe('3.5');
  });

  it('lower-cases Latin, removes accents and collapses whitespace', () => {
    expect(normaliseArabic('  PENICILLIN   V\tPotassium\n')).toBe('penicillin v potassium');
    expect(normaliseArabic('Crème')).toBe('creme');
  });

  it('unfolds presentation forms and ligatures, and drops invisible direction marks', () => {
    expect(normaliseArabic('\ufefb')).toBe('لا'); // the lam-alef ligature with hamza (ﻻ family)
    expect(normaliseArabic('\u200fأسبرين\u200e')).toBe('اسبرين');
    expect(normaliseArabic('ﺑﻨﺴﻠﻴﻦ')).toBe('بنسلين');
  });

  it('gives the same key to the spellings a reader takes for the same word', () => {
    expect(sameNormalised('الأسبرين', 'الاسبرين')).toBe(true);
    expect(sameNormalised('حساسيّة', 'حساسيه')).toBe(true);
    expect(sameNormalised('Aspirin', 'ASPIRIN ')).toBe(true);
    expect(sameNormalised('بنسلين', 'سلفا')).toBe(false);
  });

  it('is idempotent and never grows whitespace', () => {
    fc.assert(fc.property(fc.string({ unit: fc.constantFrom(...'أإآٱاةهىيؤوئء َُِّـ ٠١٢۳abcABC\t\n'.split('')) }), (s) => {
      const once = normaliseArabic(s);
      expect(normaliseArabic(once)).toBe(once);
      expect(once).not.toMatch(/^\s|\s$|\s\s|[\u064b-\u065f]|[\u0623\u0625\u0622\u0671\u0629\u0649\u0624\u0626\u0640\u0660-\u0669\u06f0-\u06f9A-Z]/u);
    }));
  });
});
