import i18n, { type BackendModule, type FormatterModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGES, STORAGE_KEYS, type Language } from '@clinic/shared';
import type { Tree } from '@/locales/catalogue';
import { formatNumber } from './dates';

/**
 * Each language's texts come in two chunks, i18next namespaces: `translation` (what the sign-in page and the app's
 * frame need) loads at start, `pages` with the first page behind sign-in (see `loadPageTexts`). Only the active
 * language is downloaded.
 */
const catalogues: Record<string, Record<Language, () => Promise<{ default: Tree }>>> = {
  translation: { en: () => import('@/locales/en'), ar: () => import('@/locales/ar') },
  pages: { en: () => import('@/locales/en.pages'), ar: () => import('@/locales/ar.pages') },
};

function asLanguage(value: string | null | undefined): Language | null {
  const base = value?.toLowerCase().split(/[-_]/)[0];
  return (LANGUAGES as readonly string[]).includes(base ?? '') ? (base as Language) : null;
}

/**
 * i18next asks for a language's texts the first time it needs them: at start for the detected language, and on a
 * switch, where the new language applies only once its texts (every namespace loaded so far) are in.
 */
const lazyCatalogues: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language, namespace, callback) {
    const lang = asLanguage(language);
    const load = lang ? catalogues[namespace]?.[lang] : undefined;
    if (!load) {
      callback(null, {});
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : String(error), null),
    );
  },
};

/**
 * A number given to a text (`{{count}}`, `{{minutes}}`) is written in the user's digits, as every other number on
 * screen is (the Arabic interface's Arabic-Indic or Western digits). A counted text has already picked its plural
 * form from the number itself.
 */
export const digitsFormatter: FormatterModule = {
  type: 'formatter',
  init() {},
  add() {},
  addCached() {},
  format: (value: unknown, _format: string | undefined, lng: string | undefined) =>
    typeof value === 'number' && Number.isFinite(value)
      ? formatNumber(value, lng ?? 'en', { useGrouping: false, maximumFractionDigits: 20 })
      // Anything else (text, a missing value) goes on untouched, as i18next would write it.
      : (value as string),
};

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
}

i18n.on('languageChanged', applyLanguage);

/**
 * Resolves once the active language's texts are loaded; render nothing translated before. Every language has every
 * key (the locale tests check it), so no fallback language is loaded next to the active one.
 */
export const i18nReady: Promise<unknown> = i18n
  .use(lazyCatalogues)
  .use(digitsFormatter)
  .use(initReactI18next)
  .init({
    lng: detectLanguage(),
    fallbackLng: false,
    supportedLngs: [...LANGUAGES],
    ns: ['translation'],
    defaultNS: 'translation',
    // Keys are not prefixed with a namespace: a page's keys are found in `pages` once it is loaded.
    fallbackNS: 'pages',
    interpolation: { escapeValue: false, alwaysFormat: true },
    initAsync: false,
    react: { useSuspense: false },
  });

applyLanguage(i18n.language);

/**
 * Switches to a language once its texts (every namespace loaded so far) are in. If they cannot be fetched (offline, or
 * an old tab after a deployment), the language stays as it was and the promise rejects, so no key is ever shown.
 */
export async function switchLanguage(lang: Language): Promise<void> {
  const missing = [i18n.options.ns ?? []].flat().filter((ns) => !i18n.hasResourceBundle(lang, ns));
  await Promise.all(
    missing.map(async (ns) => {
      const load = catalogues[ns]?.[lang];
      if (load) i18n.addResourceBundle(lang, ns, (await load()).default);
    }),
  );
  await i18n.changeLanguage(lang);
}

/**
 * Loads the texts of the pages behind sign-in, in the active language; from then on a language switch loads them too.
 * Awaited before the first such page renders; rejects if they could not be fetched (the route's error screen then
 * offers to reload, as for a page's own chunk).
 */
export async function loadPageTexts(): Promise<void> {
  await i18n.loadNamespaces('pages');
  if (!i18n.hasResourceBundle(currentLanguage(), 'pages')) throw new Error("The pages' texts could not be loaded");
}

export { i18n };
