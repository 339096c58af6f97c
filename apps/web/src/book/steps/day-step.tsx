import { useEffect, useMemo, useState } from 'react';
import { Alert, Loader, Stack, Text } from '@mantine/core';
import type { BookingApi, SiteClinic } from '../api';
import { ANY_DOCTOR, type Choice } from '../booking-flow';
import { MonthGrid } from '../components/month-grid';
import { isoDate, monthFirst, monthLast, monthOf, todayIn, weekdayNames, type Month } from '../dates';
import { useBookI18n } from '../i18n';
import { useLoad } from '../use-load';

/** The last day the clinic takes bookings for (today plus its horizon, in the clinic's zone). */
function horizonEnd(today: string, days: number) {
  const d = new Date(`${today}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return isoDate(d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}

/** The day: a month at a time, the days with a free time as buttons (GET /api/public/book/:slug/days). */
export function DayStep({ api, clinic, choice, onChoose }: { api: BookingApi; clinic: SiteClinic; choice: Choice; onChoose: (date: string) => void }) {
  const { t, lang } = useBookI18n();
  const today = todayIn(clinic.timeZone);
  const last = horizonEnd(today, clinic.horizonDays);
  const [month, setMonth] = useState<Month>(monthOf(choice.date ?? today));
  const from = monthFirst(month) < today ? today : monthFirst(month);
  const to = monthLast(month) > last ? last : monthLast(month);
  const days = useLoad((signal) => api.days({ clinic: clinic._id, service: choice.service!, doctor: choice.doctor === ANY_DOCTOR ? undefined : choice.doctor, from, to }, signal), [from, to]);
  const free = useMemo(() => new Set(days.data?.days ?? []), [days.data]);
  const [skipped, setSkipped] = useState(false);
  // Nothing free in the first month shown: the next month opens by itself, once.
  useEffect(() => {
    if (!skipped && days.data && days.data.days.length === 0 && monthLast(month) < last) {
      setSkipped(true);
      setMonth((m) => ({ year: m.month === 12 ? m.year + 1 : m.year, month: m.month === 12 ? 1 : m.month + 1 }));
    }
  }, [days.data, skipped, month, last]);
  const weekdays = useMemo(() => weekdayNames(lang, clinic.firstWeekday), [lang, clinic.firstWeekday]);
  return (
    <Stack gap="sm">
      <MonthGrid
        month={month} onMonth={setMonth} min={monthOf(today)} max={monthOf(last)} free={free} from={today} to={last}
        selected={choice.date} onChoose={onChoose} firstWeekday={clinic.firstWeekday} weekdays={weekdays} lang={lang} hijri={clinic.hijri}
        labels={{ previous: t('book.previousMonth'), next: t('book.nextMonth'), free: t('book.dayFree'), full: t('book.dayFull') }}
      />
      <div aria-live="polite">
        {days.loading && <Loader size="sm" aria-label={t('book.loading')} role="status" />}
        {days.error && <Alert color="red" role="alert">{days.error.message || t('book.network')}</Alert>}
        {days.data && free.size === 0 && <Text size="sm" c="dimmed" data-testid="book-no-days">{t('book.noDays')}</Text>}
      </div>
    </Stack>
  );
}
