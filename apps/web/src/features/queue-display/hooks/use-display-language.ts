import { useEffect } from 'react';
import { LANGUAGES, STORAGE_KEYS, type Language } from '@clinic/shared';
import { currentLanguage, i18n, switchLanguage } from '@/lib/i18n';

/** The language this screen was set to; Arabic until someone chooses. */
export function displayLanguage(): Language {
  const stored = localStorage.getItem(STORAGE_KEYS.displayLanguage);
  return (LANGUAGES as readonly string[]).includes(stored ?? '') ? (stored as Language) : 'ar';
}

/**
 * A waiting-room screen speaks Arabic unless it was set to English: its own choice, kept apart from the language of
 * anyone who signs in on the same browser. The language menu's choice is kept as the screen's.
 */
export function useDisplayLanguage() {
  useEffect(() => {
    const wanted = displayLanguage();
    if (wanted !== currentLanguage()) void switchLanguage(wanted).catch(() => undefined);
    const keep = (lang: string) => localStorage.setItem(STORAGE_KEYS.displayLanguage, lang);
    i18n.on('languageChanged', keep);
    return () => i18n.off('languageChanged', keep);
  }, []);
}
