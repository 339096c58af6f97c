import { useEffect, useState } from 'react';
import { LANGUAGES, STORAGE_KEYS, type Language } from '@clinic/shared';
import { currentLanguage, i18n, switchLanguage } from '@/lib/i18n';

/** The language this screen was set to; Arabic until someone chooses. */
export function displayLanguage(): Language {
  const stored = localStorage.getItem(STORAGE_KEYS.displayLanguage);
  return (LANGUAGES as readonly string[]).includes(stored ?? '') ? (stored as Language) : 'ar';
}

/**
 * A waiting-room screen speaks Arabic unless it was set to English: its own choice, kept apart from the language of
 * anyone who signs in on the same browser. The language menu's choice is kept as the screen's. Answers whether the
 * screen's language is in place (nothing is shown before, so the screen never flashes another language).
 */
export function useDisplayLanguage(): boolean {
  const [ready, setReady] = useState(() => displayLanguage() === currentLanguage());
  useEffect(() => {
    const wanted = displayLanguage();
    if (wanted !== currentLanguage()) {
      // Offline with the other language's texts missing: the screen shows the language it has.
      void switchLanguage(wanted).catch(() => undefined).finally(() => setReady(true));
    }
    const keep = (lang: string) => localStorage.setItem(STORAGE_KEYS.displayLanguage, lang);
    i18n.on('languageChanged', keep);
    return () => i18n.off('languageChanged', keep);
  }, []);
  return ready;
}
