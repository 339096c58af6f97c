import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import type { Booked, SiteClinic } from '../api';
import { clinicDate, clinicTime, longDate } from '../dates';
import { useBookI18n } from '../i18n';

/** The confirmation: booked, or asked for and waiting for the clinic; when, where, the calendar file and the patient's link. */
export function DoneStep({ booked, clinic }: { booked: Booked; clinic: SiteClinic }) {
  const { t, lang } = useBookI18n();
  const day = longDate(clinicDate(booked.datetime, booked.timeZone), lang, clinic.hijri);
  const requested = booked.status === 'requested';
  return (
    <Stack gap="md" data-testid="book-done">
      <Alert color={requested ? 'yellow' : 'green'} role="status" data-testid="book-done-status" data-status={booked.status}>
        <Text fw={650}>{requested ? t('book.done.requested') : t('book.done.booked')}</Text>
        <Text size="sm">{requested ? t('book.done.requestedHint') : t('book.done.bookedHint')}</Text>
      </Alert>
      <div>
        <Text size="sm" c="dimmed">{t('book.done.when')}</Text>
        <Text fw={700} fz="lg" data-testid="book-done-date">{day.main}</Text>
        {day.hijri && <Text size="sm" c="dimmed">{day.hijri}</Text>}
        <Text fw={700} fz="xl" data-testid="book-done-time"><span dir="ltr">{clinicTime(booked.datetime, booked.timeZone, lang)}</span> <Text span size="sm" c="dimmed" fw={400}>({booked.timeZone})</Text></Text>
      </div>
      <div>
        <Text size="sm" c="dimmed">{t('book.done.where')}</Text>
        <Text fw={600}>{booked.clinic}</Text>
        {booked.address && <Text size="sm">{booked.address}</Text>}
        {booked.mapUrl && <Anchor href={booked.mapUrl} target="_blank" rel="noopener noreferrer" size="sm" data-testid="book-done-map">{t('book.done.map')}</Anchor>}
      </div>
      <div>
        <Text size="sm" c="dimmed">{t('book.done.with')}</Text>
        <Text fw={600}>{booked.doctor} · {booked.service}</Text>
        <Text size="xs" c="dimmed">{t('book.done.reference', { id: booked.publicId })}</Text>
      </div>
      <Button component="a" href={booked.icsUrl} download="appointment.ics" variant="default" size="md" fullWidth data-testid="book-done-ics">{t('book.done.addToCalendar')}</Button>
      <Button component="a" href={booked.link} size="md" fullWidth h="auto" py="xs" styles={{ label: { whiteSpace: 'normal', textAlign: 'center' } }} data-testid="book-done-link">{t('book.done.manage')}</Button>
      <Text size="xs" c="dimmed">{t('book.done.manageHint')}</Text>
    </Stack>
  );
}
