import type { ReactNode } from 'react';
import { DatesProvider } from '@mantine/dates';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FIRST_DAY_OF_WEEK } from '@/lib/dates';
import '@/lib/dayjs-locale';

/** Mantine's date pickers in the active language, weeks starting where the calendar's do. */
export function LocalisedDates({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  return <DatesProvider settings={{ locale: i18n.language, firstDayOfWeek: FIRST_DAY_OF_WEEK }}>{children}</DatesProvider>;
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
