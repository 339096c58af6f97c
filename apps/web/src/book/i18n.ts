import { createContext, useContext } from 'react';

/**
 * The booking page's own small translator: one language's texts (a JSON chunk loaded on demand), `{{name}}`
 * placeholders, and counted texts whose plural form (`_zero`, `_one`, `_two`, `_few`, `_many`, `_other`) comes from the
 * language's own rules. The staff app's i18next stays out of this page's download.
 */
export type BookLanguage = 'ar' | 'en';
export type Texts = { [key: string]: string | Texts };
export type Translate = (key: string, params?: Record<string, string | number>) => string;

const loaders: Record<BookLanguage, () => Promise<{ default: Texts }>> = {
  ar: () => import('./locales/ar.json'),
  en: () => import('./locales/en.json'),
};

export async function loadTexts(lang: BookLanguage): Promise<Texts> {
  return (await loaders[lang]()).default;
}

function lookup(texts: Texts, key: string): string | undefined {
  let node: string | Texts | undefined = texts;
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return typeof node === 'string' ? node : undefined;
}

export function translator(lang: BookLanguage, texts: Texts): Translate {
  const plurals = new Intl.PluralRules(lang);
  return (key, params) => {
    const count = params?.count;
    const text = (typeof count === 'number' ? lookup(texts, `${key}_${count === 0 && lang === 'ar' ? 'zero' : plurals.select(count)}`) : undefined)
      ?? lookup(texts, typeof count === 'number' ? `${key}_other` : key) ?? lookup(texts, key) ?? key;
    return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_m, name: string) => String(params?.[name] ?? ''));
  };
}

export const directionOf = (lang: BookLanguage) => (lang === 'ar' ? 'rtl' : 'ltr');

/** The language asked for in the address (`?lang=en`), else the one the patient chose here before, else none. */
export function chosenLanguage(search = window.location.search): BookLanguage | null {
  const asked = new URLSearchParams(search).get('lang') ?? safeStorage()?.getItem('book-lang');
  return asked === 'en' || asked === 'ar' ? asked : null;
}

export function rememberLanguage(lang: BookLanguage) {
  safeStorage()?.setItem('book-lang', lang);
  document.documentElement.lang = lang;
  document.documentElement.dir = directionOf(lang);
}

function safeStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export interface BookI18n {
  lang: BookLanguage;
  t: Translate;
  setLanguage: (lang: BookLanguage) => void;
}

export const I18nContext = createContext<BookI18n>({ lang: 'ar', t: (key) => key, setLanguage: () => undefined });
export const useBookI18n = () => useContext(I18nContext);
