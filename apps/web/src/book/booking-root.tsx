import { useCallback, useMemo, useState } from 'react';
import { DirectionProvider, localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { contrastResolver, theme } from '@/app/theme';
import { BookingPage } from './booking-page';
import { directionOf, I18nContext, loadTexts, rememberLanguage, translator, type BookLanguage, type Texts } from './i18n';

const colorSchemeManager = localStorageColorSchemeManager({ key: 'theme' });

interface Props {
  initialLanguage: BookLanguage;
  initialTexts: Texts;
  /** The language was asked for (address or an earlier switch): the organisation's default does not override it. */
  explicit: boolean;
}

/** The booking page's frame: Mantine (the staff app's theme and contrast), its direction, and the page's language. */
export function BookingRoot({ initialLanguage, initialTexts, explicit }: Props) {
  const [state, setState] = useState({ lang: initialLanguage, texts: initialTexts });
  const [chosen, setChosen] = useState(explicit);
  const setLanguage = useCallback((lang: BookLanguage, byPatient = true) => {
    if (byPatient) setChosen(true);
    void loadTexts(lang).then((texts) => {
      rememberLanguage(lang);
      setState({ lang, texts });
    });
  }, []);
  const i18n = useMemo(() => ({ lang: state.lang, t: translator(state.lang, state.texts), setLanguage }), [state, setLanguage]);
  return (
    <DirectionProvider initialDirection={directionOf(state.lang)} detectDirection={false} key={state.lang}>
      <MantineProvider theme={theme} cssVariablesResolver={contrastResolver} colorSchemeManager={colorSchemeManager} defaultColorScheme="auto">
        <I18nContext.Provider value={i18n}>
          <BookingPage
            onSiteLanguage={(lang) => {
              if (!chosen && lang !== state.lang) setLanguage(lang, false);
            }}
          />
        </I18nContext.Provider>
      </MantineProvider>
    </DirectionProvider>
  );
}
