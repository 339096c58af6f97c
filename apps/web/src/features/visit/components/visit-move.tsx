import { useMemo, useState } from 'react';
import { Alert, Button, Loader, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { VisitView } from '@clinic/shared';
import { MonthGrid } from '@/book/components/month-grid';
import { TimeList } from '@/book/components/time-list';
import { addMonths, clinicTime, longDate, monthFirst, monthLast, monthOf, todayIn, weekdayNames, type Month } from '@/book/dates';
import { isApiError } from '@/lib/http';
import { getVisitDays, getVisitTimes, rescheduleVisit } from '../api/visit';

/** How far ahead the patient may look for another time (the API keeps to the clinic's own horizon). */
const MONTHS_AHEAD = 3;

/**
 * "Choose another time" on the patient's page: a month whose days with a free time can be chosen (GET
 * /api/public/visit/days), the free times of the day chosen (same clinic, service and doctor, GET
 * /api/public/visit/times), and the move in one step (POST /api/public/visit/reschedule).
 */
export function VisitMove({ token, visit, onMoved, onClose }: {
  token: string; visit: VisitView; onMoved: (v: VisitView & { link: string }) => void; onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language === 'ar' ? 'ar' : 'en';
  const today = todayIn(visit.timeZone);
  const [month, setMonth] = useState<Month>(monthOf(today));
  const [date, setDate] = useState<string>();
  const [chosen, setChosen] = useState<string>();
  // The clinic's own calendar: its first weekday and, when it writes them, Hijri dates beside.
  const firstWeekday = visit.firstWeekday;
  const weekdays = useMemo(() => weekdayNames(lang, firstWeekday), [lang, firstWeekday]);
  const last = addMonths(monthOf(today), MONTHS_AHEAD);
  // The shown month's days from today on: a closed or full day, or today once its last time is too close, is shown
  // but cannot be chosen.
  const from = monthFirst(month) < today ? today : monthFirst(month);
  const to = monthLast(month);
  const days = useQuery({
    queryKey: ['visit-days', token, from, to],
    queryFn: ({ signal }) => getVisitDays(token, from, to, signal),
    retry: false,
  });
  const free = useMemo(() => new Set(days.data?.days ?? []), [days.data]);
  const times = useQuery({
    queryKey: ['visit-times', token, date],
    queryFn: ({ signal }) => getVisitTimes(token, date!, signal),
    enabled: Boolean(date),
    retry: false,
  });
  const move = useMutation({
    mutationFn: (datetime: string) => rescheduleVisit(token, datetime),
    onSuccess: onMoved,
    onError: (error) => {
      if (isApiError(error) && error.code === 'SLOT_TAKEN') {
        setChosen(undefined);
        void times.refetch();
      }
    },
  });
  const error = (e: unknown) => (isApiError(e) ? (e.code === 'SLOT_TAKEN' ? t('visit.move.taken') : e.message) : t('errors.network'));

  return (
    <Stack gap="sm" data-testid="visit-move">
      <Title order={2} fz="h4">{t('visit.move.title')}</Title>
      <Text size="sm">{t('visit.move.intro')}</Text>
      <MonthGrid
        month={month} onMonth={setMonth} min={monthOf(today)} max={last} free={free} from={today} to={monthLast(last)}
        selected={date} onChoose={(d) => { setDate(d); setChosen(undefined); }} firstWeekday={firstWeekday} weekdays={weekdays} lang={lang} hijri={visit.hijri}
        labels={{ previous: t('visit.move.previousMonth'), next: t('visit.move.nextMonth'), free: t('visit.move.day'), full: t('visit.move.past') }}
      />
      <div aria-live="polite">
        {days.isLoading && <Loader size="sm" role="status" aria-label={t('visit.move.loadingDays')} />}
        {days.isError && <Alert color="red" role="alert">{error(days.error)}</Alert>}
        {days.data && free.size === 0 && <Text size="sm" c="dimmed" data-testid="visit-move-no-days">{t('visit.move.noDays')}</Text>}
      </div>
      {date && (
        <Stack gap="xs" aria-live="polite">
          <Text fw={650} data-testid="visit-move-day">{longDate(date, lang).main}</Text>
          <Text size="xs" c="dimmed">{t('visit.move.zone', { zone: visit.timeZone })}</Text>
          {times.isLoading && <Loader size="sm" role="status" aria-label={t('visit.loading')} />}
          {times.isError && <Alert color="red" role="alert">{error(times.error)}</Alert>}
          {times.data && times.data.times.length === 0 && <Text size="sm" c="dimmed">{t('visit.move.noTimes')}</Text>}
          {times.data && <TimeList times={times.data.times} timeZone={visit.timeZone} lang={lang} selected={chosen ?? ''} onChoose={(time) => setChosen(time.datetime)} />}
        </Stack>
      )}
      <div aria-live="assertive">{move.isError && <Alert color="red" data-testid="visit-move-error">{error(move.error)}</Alert>}</div>
      {chosen && (
        <Button size="lg" fullWidth loading={move.isPending} onClick={() => move.mutate(chosen)} data-testid="visit-move-confirm">
          {t('visit.move.moveTo', { time: `${longDate(date!, lang).main} ${clinicTime(chosen, visit.timeZone, lang)}` })}
        </Button>
      )}
      <Button variant="default" fullWidth onClick={onClose}>{t('visit.move.keep')}</Button>
    </Stack>
  );
}
