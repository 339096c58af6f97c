/**
 * Messages of the display settings: Hijri dates, digits and the clinic's week.
 */
import type { Shape } from './core.js';

export const displayEn = {
  validation: {
    display: {
      hijriMode: 'Hijri dates must be off, beside the Gregorian date, or primary',
      digits: 'Digits must be Western (0-9) or Arabic-Indic (٠-٩)',
      weekday: 'A day of the week is a number from 0 (Sunday) to 6 (Saturday)',
      weekendRepeated: 'Each weekend day once',
      weekendAllWeek: 'The weekend cannot be the whole week',
      startScreen: 'Choose a start screen from the list',
      clinic: 'Choose a clinic from the list',
    },
  },
  success: {
    display: {
      preferencesSaved: 'Display settings saved',
    },
  },
};

export const displayAr: Shape<typeof displayEn> = {
  validation: {
    display: {
      hijriMode: 'يجب أن يكون التاريخ الهجري معطّلًا أو بجانب التاريخ الميلادي أو أساسيًا',
      digits: 'يجب أن تكون الأرقام غربية (0-9) أو عربية هندية (٠-٩)',
      weekday: 'يوم الأسبوع رقم من 0 (الأحد) إلى 6 (السبت)',
      weekendRepeated: 'كل يوم من أيام العطلة مرة واحدة',
      weekendAllWeek: 'لا يمكن أن تكون العطلة الأسبوع كله',
      startScreen: 'اختر شاشة البداية من القائمة',
      clinic: 'اختر عيادة من القائمة',
    },
  },
  success: {
    display: {
      preferencesSaved: 'تم حفظ إعدادات العرض',
    },
  },
};
