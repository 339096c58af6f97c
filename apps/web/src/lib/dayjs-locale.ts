import dayjs from 'dayjs';
import preParsePostFormat from 'dayjs/plugin/preParsePostFormat';
import 'dayjs/locale/ar';
import { normaliseDigits, type DigitStyle } from '@clinic/shared';
import { getDisplay } from './format/display';
import { currentLanguage, i18n } from './i18n';

/*
 * Day.js formats in the active language. Imported (for this effect) by the layout around the pages, so the sign-in
 * page does not load Day.js. Arabic comes in two forms: `ar` writes Western digits, `ar-arab` Arabic-Indic ones (for
 * users who chose them); both read either when a date is typed. The global locale is always the Western-digit one:
 * code formats data with Day.js too ('YYYY-MM-DD'), and data never holds Arabic-Indic digits. Only what is shown asks
 * for `ar-arab` by name (the date pickers' locale, the calendar's day headers).
 */
dayjs.extend(preParsePostFormat);
const ar = dayjs.Ls.ar!;
const withDigits = (name: string, postformat: (text: string) => string) => ({ ...ar, name, preparse: normaliseDigits, postformat }) as typeof ar;
dayjs.locale(withDigits('ar', (text) => text), undefined, true);
dayjs.locale(withDigits('ar-arab', (text) => text.replace(/\d/g, (d) => String.fromCharCode(0x0660 + Number(d)))), undefined, true);

/** The Day.js (and date pickers') locale for an interface language and the user's digits. */
export function datesLocale(lang: string = currentLanguage(), digits: DigitStyle = getDisplay().digits): string {
  return lang.startsWith('ar') ? (digits === 'arab' ? 'ar-arab' : 'ar') : lang;
}

const apply = () => dayjs.locale(currentLanguage());
apply();
i18n.on('languageChanged', apply);
