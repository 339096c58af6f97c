import { Alert, Loader, Stack, Text } from '@mantine/core';
import type { BookingApi, SiteClinic } from '../api';
import { ANY_DOCTOR, type Choice, type Slot } from '../booking-flow';
import { TimeList } from '../components/time-list';
import { longDate } from '../dates';
import { useBookI18n } from '../i18n';
import { useLoad } from '../use-load';

/** The free times of the chosen day (GET /api/public/book/:slug/times), in the clinic's own time. */
export function TimeStep({ api, clinic, choice, onChoose }: { api: BookingApi; clinic: SiteClinic; choice: Choice; onChoose: (slot: Slot) => void }) {
  const { t, lang } = useBookI18n();
  const times = useLoad(
    (signal) => api.times({ clinic: clinic._id, service: choice.service!, doctor: choice.doctor === ANY_DOCTOR ? undefined : choice.doctor, date: choice.date! }, signal),
    [choice.date, choice.doctor],
  );
  const day = longDate(choice.date!, lang, clinic.hijri);
  return (
    <Stack gap="sm">
      <div>
        <Text fw={650} data-testid="book-day">{day.main}</Text>
        {day.hijri && <Text size="sm" c="dimmed">{day.hijri}</Text>}
        <Text size="xs" c="dimmed">{t('book.zone', { zone: clinic.timeZone })}</Text>
      </div>
      <div aria-live="polite">
        {times.loading && <Loader size="sm" aria-label={t('book.loading')} role="status" />}
        {times.error && <Alert color="red" role="alert">{times.error.message || t('book.network')}</Alert>}
        {times.data && times.data.times.length === 0 && <Text size="sm" c="dimmed">{t('book.noTimes')}</Text>}
      </div>
      {times.data && (
        <TimeList times={times.data.times} timeZone={clinic.timeZone} lang={lang} showDoctor={choice.doctor === ANY_DOCTOR}
          onChoose={(time) => onChoose({ datetime: time.datetime, doctor: time.doctor! })} />
      )}
    </Stack>
  );
}
