import { describe, expect, it } from 'vitest';
import { pluralBase, pluralProblems } from '@clinic/shared';
import { flattenTree } from '@/locales/catalogue';
import { translator } from '../i18n';
import ar from './ar.json';
import en from './en.json';

const flatten = flattenTree;
const bases = (texts: Map<string, string>) => [...new Set([...texts.keys()].map(pluralBase))].sort();

describe('booking page texts', () => {
  it('has the same keys in English and Arabic, with every plural form', () => {
    expect(bases(flatten(ar))).toEqual(bases(flatten(en)));
    expect(pluralProblems('en', flatten(en))).toEqual([]);
    expect(pluralProblems('ar', flatten(ar))).toEqual([]);
  });

  it('picks the Arabic plural form from the count', () => {
    const t = translator('ar', ar);
    expect(t('book.minutes', { count: 2 })).toBe('دقيقتان');
    expect(t('book.minutes', { count: 5 })).toBe('5 دقائق');
    expect(t('book.minutes', { count: 30 })).toBe('30 دقيقة');
    expect(translator('en', en)('book.minutes', { count: 1 })).toBe('1 minute');
  });
});
