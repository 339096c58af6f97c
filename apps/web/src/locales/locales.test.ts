import sharedAr from 'virtual:shared-messages/ar';
import sharedEn from 'virtual:shared-messages/en';
import sharedEnPages from 'virtual:shared-messages/en/pages';
import sharedEnStart from 'virtual:shared-messages/en/start';
import { describe, expect, it } from 'vitest';
import { messagesAr, messagesEn, PERMISSIONS, permissionGroup, pluralBase, pluralProblems } from '@clinic/shared';
import arStart, { areas as arStartAreas } from './ar';
import arPages, { areas as arPageAreas } from './ar.pages';
import { flattenTree, START_AREAS, type Tree } from './catalogue';
import enStart, { areas as enStartAreas } from './en';
import enPages, { areas as enPageAreas } from './en.pages';

/** Every `src/locales/<lang>/<area>.json`, nested under its area name. */
const localeTree = (lang: 'en' | 'ar'): Tree =>
  lang === 'en' ? { ...enStartAreas, ...enPageAreas } : { ...arStartAreas, ...arPageAreas };
/** Two parts of a catalogue as one: a group split between them (the API's errors) is joined, key by key. */
const joined = (a: Tree, b: Tree): Tree => {
  const out: Tree = { ...a };
  for (const [key, value] of Object.entries(b)) {
    const before = out[key];
    out[key] = before && typeof before === 'object' && value && typeof value === 'object' ? joined(before, value) : value;
  }
  return out;
};
const enCatalogue: Tree = joined(enStart, enPages);
const arCatalogue: Tree = joined(arStart, arPages);
const areaFiles = Object.keys(import.meta.glob('./*/*.json'));

const flatten = flattenTree;

const placeholders = (text: string) => [...new Set([...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]))].sort();
/** The keys a catalogue says things under: a counted text's plural forms (`x_one`, `x_few`, …) count once, as `x`. */
const bases = (texts: Map<string, string>) => [...new Set([...texts.keys()].map(pluralBase))].sort();
/** A text by its base key: the general (`_other`) form of a counted text. */
const general = (texts: Map<string, string>, key: string) => texts.get(key) ?? texts.get(`${key}_other`);

describe('locales', () => {
  it('has the same keys in English and Arabic, area by area', () => {
    const en = flatten(localeTree('en'));
    const ar = flatten(localeTree('ar'));
    expect(en.size).toBeGreaterThan(50);
    expect(bases(ar)).toEqual(bases(en));
  });

  it('has the same keys in the full English and Arabic catalogues (shared messages included)', () => {
    expect(bases(flatten(arCatalogue))).toEqual(bases(flatten(enCatalogue)));
  });

  it('writes every counted text in all plural forms of its language (Arabic has six), never as "(s)"', () => {
    expect(pluralProblems('en', flatten(localeTree('en')))).toEqual([]);
    expect(pluralProblems('ar', flatten(localeTree('ar')))).toEqual([]);
  });

  it('loads the start areas at start and every other area with the pages, in both languages', () => {
    for (const lang of ['en', 'ar'] as const) {
      const areas = areaFiles
        .filter((file) => file.startsWith(`./${lang}/`))
        .map((file) => /([^/]+)\.json$/.exec(file)?.[1]);
      const start = lang === 'en' ? enStartAreas : arStartAreas;
      const pages = lang === 'en' ? enPageAreas : arPageAreas;
      expect(Object.keys(start).sort()).toEqual([...START_AREAS].sort());
      expect([...Object.keys(start), ...Object.keys(pages)].sort()).toEqual(areas.sort());
    }
  });

  it("carries the shared messages of each language exactly as @clinic/shared builds them", () => {
    expect(sharedEn).toEqual(messagesEn);
    expect(sharedAr).toEqual(messagesAr);
  });

  it('splits the shared messages between the start (errors, the visit page) and the pages (the forms\' checks)', () => {
    expect(joined(sharedEnStart, sharedEnPages)).toEqual(messagesEn);
    expect(Object.keys(sharedEnStart)).toEqual(expect.arrayContaining(['errors', 'success', 'visit', 'notifications']));
    // Of the API's answers, only what the web says itself comes at start (a failed request, a save without a message).
    expect(Object.keys(sharedEnStart.errors as Tree)).toEqual(expect.arrayContaining(['network', 'generic', 'unexpected', 'unauthorized']));
    expect(Object.keys(sharedEnStart.errors as Tree).length).toBeLessThan(20);
    expect(Object.keys(sharedEnPages.errors as Tree).length).toBeGreaterThan(50);
    expect(Object.keys(sharedEnStart)).not.toContain('newDeviceEmail');
    // Every API text the web's own code names (the sign-in page's among them) is there before the pages' texts load.
    const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], { query: '?raw', import: 'default', eager: true });
    const named = new Set(Object.values(sources).flatMap((code) => [...code.matchAll(/['"`](errors|success)\.(\w+)/g)].map((m) => `${m[1]}.${m[2]}`)));
    expect(named.size).toBeGreaterThan(5);
    for (const key of named) {
      const [group, name] = key.split('.') as [string, string];
      expect((sharedEnStart[group] as Tree | undefined)?.[name], `${key} at start`).toBeDefined();
    }
    expect(Object.keys(sharedEnStart)).not.toContain('validation');
    expect(Object.keys(sharedEnPages)).toContain('validation');
    expect(Object.keys(enPages)).toEqual(expect.arrayContaining(['validation', 'patients']));
  });

  it('fills the same placeholders and leaves no text empty', () => {
    const en = flatten(localeTree('en'));
    const ar = flatten(localeTree('ar'));
    for (const [key, text] of [...en, ...ar]) expect(text.trim(), key).not.toBe('');
    // A plural form may say its count in words ("two visits"); every other placeholder is in every form.
    const others = (text: string) => placeholders(text).filter((p) => p !== 'count');
    for (const [k, text] of [...en, ...ar]) expect(others(text), k).toEqual(others(general(en, pluralBase(k)) ?? ''));
    for (const key of bases(en)) expect(placeholders(general(ar, key) ?? ''), key).toEqual(placeholders(general(en, key) ?? ''));
  });

  it('names every permission and every permission group in both languages (the role editor shows them)', () => {
    for (const lang of ['en', 'ar'] as const) {
      const texts = flatten(localeTree(lang));
      for (const code of PERMISSIONS) {
        expect(texts.get(`roles.permissions.${code}`), `${lang} ${code}`).toBeTruthy();
        // `admin` stands alone above the groups.
        if (code !== 'admin') expect(texts.get(`roles.groups.${permissionGroup(code)}`), `${lang} group of ${code}`).toBeTruthy();
      }
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
      expect(text, key).not.toBe(general(en, pluralBase(key)));
    }
  });
});
