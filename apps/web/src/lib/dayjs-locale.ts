import dayjs from 'dayjs';
import 'dayjs/locale/ar';
import { currentLanguage, i18n } from './i18n';

/*
 * Day.js formats in the active language. Imported (for this effect) by the layout around the pages, so the sign-in
 * page does not load Day.js.
 */
dayjs.locale(currentLanguage());
i18n.on('languageChanged', () => dayjs.locale(currentLanguage()));
