import dayjs from 'dayjs';
import 'dayjs/locale/ar';
import i18n, { type Resource } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, STORAGE_KEYS, messagesAr, messagesEn, type Language } from '@clinic/shared';

type Tree = { [key: string]: string | Tree };

/** Every `src/locales/<lang>/<area>.json`; each file's content is nested under its area name. */
const localeFiles = import.meta.glob<Tree>('../locales/*/*.json', { eager: true, import: 'default' });

const sharedCatalogs: Record<Language, Tree> = { en: messagesEn, ar: messagesAr };

/** The locale files of one language as `{ area: content }`. */
export function localeTree(lang: Language): Tree {
  const tree: Tree = {};
  for (const [path, content] of Object.entries(localeFiles)) {
    const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
    if (match && match[1] === lang && match[2]) tree[match[2]] = content;
  }
  return tree;
}

function buildResources(): Resource {
  const resources: Resource = {};
  for (const lang of LANGUAGES) {
    resources[lang] = { translation: { ...sharedCatalogs[lang], ...localeTree(lang) } };
  }
  return resources;
}

function asLanguage(value: string | null | undefined): Language | null {
  const base = value?.toLowerCase().split(/[-_]/)[0];
  return (LANGUAGES as readonly string[]).includes(base ?? '') ? (base as Language) : null;
}

/** Local storage `lang`, then `i18nextLng`, then the browser's languages, then English. */
export function detectLanguage(): Language {
  const stored = [localStorage.getItem(STORAGE_KEYS.lang), localStorage.getItem(STORAGE_KEYS.i18nextLng)];
  const browser = typeof navigator === 'undefined' ? [] : [...(navigator.languages ?? []), navigator.language];
  for (const candidate of [...stored, ...browser]) {
    const lang = asLanguage(candidate);
    if (lang) return lang;
  }
  return 'en';
}

export function directionOf(lang: string): 'rtl' | 'ltr' {
  return asLanguage(lang) === 'ar' ? 'rtl' : 'ltr';
}

/** The active language, always one of the supported ones. */
export function currentLanguage(): Language {
  return asLanguage(i18n.resolvedLanguage ?? i18n.language) ?? 'en';
}

function applyLanguage(lang: string) {
  const language = asLanguage(lang) ?? 'en';
  localStorage.setItem(STORAGE_KEYS.lang, language);
  localStorage.setItem(STORAGE_KEYS.i18nextLng, language);
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
  dayjs.locale(language);
}

i18n.on('languageChanged', applyLanguage);

void i18n.use(initReactI18next).init({
  resources: buildResources(),
  lng: detectLanguage(),
  fallbackLng: 'en',
  supportedLngs: [...LANGUAGES],
  interpolation: { escapeValue: false },
  initAsync: false,
  react: { useSuspense: false },
});

applyLanguage(i18n.language);

export { i18n };
