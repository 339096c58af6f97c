import { useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { MantineThemeProvider } from '@mantine/core';
import { DatesProvider, type DayOfWeek, type RenderDay } from '@mantine/dates';
import dayjs from 'dayjs';
import { formatHijri } from '@clinic/shared';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { getCurrentWeek, getDisplay, subscribeDisplay, subscribeWeek } from '@/lib/format/display';
import { datesLocale } from '@/lib/dayjs-locale';

/**
 * Mantine's date pickers in the active language and the user's digits, weeks starting and weekends falling where the
 * clinic being worked with has them (Sunday and Friday-Saturday until one is chosen).
 */
export function LocalisedDates({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const week = useSyncExternalStore(subscribeWeek, getCurrentWeek);
  const { digits, hijriMode } = useSyncExternalStore(subscribeDisplay, getDisplay);
  const locale = datesLocale(i18n.language, digits);
  // With Hijri dates on, each day of a picker's month shows its Hijri day under the Gregorian one.
  const hijriDays = useMemo(() => {
    if (hijriMode === 'off') return {};
    const renderDay: RenderDay = (date) => (
      <span style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', lineHeight: 1.05 }}>
        <span>{dayjs(date).locale(locale).format('D')}</span>
        <span style={{ fontSize: 9, opacity: 0.7 }} data-hijri-day>{formatHijri(date, i18n.language, digits, { day: 'numeric' })}</span>
      </span>
    );
    const props = { defaultProps: { renderDay } };
    return { components: { DatePicker: props, DateInput: props, DatePickerInput: props, Calendar: props } };
  }, [hijriMode, locale, digits, i18n.language]);
  return (
    <MantineThemeProvider theme={hijriDays}>
      <DatesProvider settings={{ locale, firstDayOfWeek: week.firstDayOfWeek as DayOfWeek, weekendDays: week.weekendDays as DayOfWeek[] }}>
        {children}
      </DatesProvider>
    </MantineThemeProvider>
  );
}

/**
 * The layout route around every page but sign-in, with what those pages need and the sign-in page does not: the
 * date pickers' settings and Day.js's language (here), and the pages' texts (loaded with this module, see routes.tsx).
 */
export default function PagesScope() {
  return (
    <LocalisedDates>
      <Outlet />
    </LocalisedDates>
  );
}
