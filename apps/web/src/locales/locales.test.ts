import { describe, expect, it } from 'vitest';
import { i18n, localeTree } from '@/lib/i18n';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else flatten(value, path).forEach((v, k) => out.set(k, v));
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('locales', () => {
  it('has the same keys in English and Arabic, area by area', () => {
    const en = flatten(localeTree('en'));
    const ar = flatten(localeTree('ar'));
    expect(en.size).toBeGreaterThan(50);
    expect([...ar.keys()].sort()).toEqual([...en.keys()].sort());
  });

  it('has the same keys in the full English and Arabic catalogues (shared messages included)', () => {
    const en = flatten(i18n.getResourceBundle('en', 'translation') as Tree);
    const ar = flatten(i18n.getResourceBundle('ar', 'translation') as Tree);
    expect([...ar.keys()].sort()).toEqual([...en.keys()].sort());
  });

  it('fills the same placeholders and leaves no text empty', () => {
    const en = flatten(localeTree('en'));
    const ar = flatten(localeTree('ar'));
    for (const [key, text] of en) {
      expect(text.trim(), key).not.toBe('');
      expect(ar.get(key)?.trim(), key).not.toBe('');
      expect(placeholders(ar.get(key) ?? ''), key).toEqual(placeholders(text));
    }
  });

  it('is really translated: Arabic texts are written in Arabic script', () => {
    const en = flatten(localeTree('en'));
    const ar = flatten(localeTree('ar'));
    // Codes, names of the languages themselves and numbers stay as they are.
    const sameOnPurpose = new Set(['common.languages.en', 'common.languages.ar', 'common.notFound.code']);
    for (const [key, text] of ar) {
      if (sameOnPurpose.has(key)) continue;
      expect(text, key).toMatch(/[\u0600-\u06FF]/);
      expect(text, key).not.toBe(en.get(key));
    }
  });
});
