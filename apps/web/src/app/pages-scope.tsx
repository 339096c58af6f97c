import { useSyncExternalStore, type ReactNode } from 'react';
import { DatesProvider, type DayOfWeek } from '@mantine/dates';
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
  const { digits } = useSyncExternalStore(subscribeDisplay, getDisplay);
  const locale = datesLocale(i18n.language, digits);
  return (
    <DatesProvider settings={{ locale, firstDayOfWeek: week.firstDayOfWeek as DayOfWeek, weekendDays: week.weekendDays as DayOfWeek[] }}>
      {children}
    </DatesProvider>
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
