import { describe, expect, it } from 'vitest';
import { normalizeSearchText, searchWords } from './search-normalize.js';

describe('normalizeSearchText', () => {
  it('writes every hamza and alef form of a word the same way', () => {
    const forms = ['إلتهاب', 'ألتهاب', 'آلتهاب', 'ٱلتهاب', 'التهاب'];
    expect(new Set(forms.map(normalizeSearchText))).toEqual(new Set(['التهاب']));
  });

  it('writes taa marbuta as haa and alef maqsura as yaa', () => {
    expect(normalizeSearchText('حادة')).toBe(normalizeSearchText('حاده'));
    expect(normalizeSearchText('حادة')).toBe('حاده');
    expect(normalizeSearchText('حمى')).toBe('حمي');
    expect(normalizeSearchText('مستشفى')).toBe(normalizeSearchText('مستشفي'));
  });

  it('writes hamza on waw and on yaa as the bare letters', () => {
    expect(normalizeSearchText('مؤقت')).toBe('موقت');
    expect(normalizeSearchText('رئوي')).toBe('ريوي');
    expect(normalizeSearchText('الرئة')).toBe(normalizeSearchText('الريه'));
  });

  it('drops the short vowels, shadda, sukun, superscript alef and the tatweel', () => {
    expect(normalizeSearchText('اِلْتِهَابٌ')).toBe('التهاب');
    expect(normalizeSearchText('السُّكَّرِيّ')).toBe('السكري');
    expect(normalizeSearchText('هٰذا')).toBe('هذا');
    expect(normalizeSearchText('الـــتهاب')).toBe('التهاب');
  });

  it('writes Arabic-Indic and Persian digits as ASCII digits', () => {
    expect(normalizeSearchText('٠١٢٣٤٥٦٧٨٩')).toBe('0123456789');
    expect(normalizeSearchText('۰۱۲۳۴۵۶۷۸۹')).toBe('0123456789');
    expect(normalizeSearchText('ج٠٦٫٩')).toBe('ج06 9');
  });

  it('lower-cases Latin letters and drops their accents', () => {
    expect(normalizeSearchText('Acute UPPER Respiratory')).toBe('acute upper respiratory');
    expect(normalizeSearchText('Ménière’s disease')).toBe('meniere s disease');
  });

  it('keeps a code whole, dot included, and turns other punctuation into spaces', () => {
    expect(normalizeSearchText('J06.9')).toBe('j06.9');
    expect(normalizeSearchText('Infection, unspecified (J06.9).')).toBe('infection unspecified j06.9');
    expect(normalizeSearchText('عدوى حادة في الجهاز التنفسي العلوي، غير محددة')).toBe('عدوي حاده في الجهاز التنفسي العلوي غير محدده');
    expect(normalizeSearchText('ماذا؟ «نعم» - لا')).toBe('ماذا نعم لا');
    expect(normalizeSearchText('j06.')).toBe('j06');
  });

  it('collapses whitespace of every kind and trims', () => {
    expect(normalizeSearchText('  a \t\n b\u00a0\u2003c  ')).toBe('a b c');
    expect(normalizeSearchText('')).toBe('');
    expect(normalizeSearchText(' ،.؛ ')).toBe('');
  });

  it('is idempotent', () => {
    for (const s of ['إلتهابُ الحَلْق', 'Type 2 diabetes mellitus', 'J06.9 عدوى', '٣٫٥ ملغ']) {
      expect(normalizeSearchText(normalizeSearchText(s))).toBe(normalizeSearchText(s));
    }
  });
});

describe('searchWords', () => {
  it('splits a search into distinct normalised words, bounded', () => {
    expect(searchWords('إلتهاب  التهاب الحلق')).toEqual(['التهاب', 'الحلق']);
    expect(searchWords('a b c d e f g h i j', 3)).toEqual(['a', 'b', 'c']);
    expect(searchWords(' , ')).toEqual([]);
  });
});
