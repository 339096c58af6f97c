import { Select, SimpleGrid, Text, TextInput } from '@mantine/core';
import { DatePickerInput } from '@/components/dates/pickers';
import { IconCalendar, IconClock } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { formatDay } from '@/lib/dates';
import { timeRange, toMinutes, type WallTime } from '@/lib/clinic-time';
import type { BookingTimes } from './use-booking-times';

export interface AppointmentWhenFieldsProps {
  /** The calendar cell's clinic-local day and time: the day is shown read-only. */
  slot: WallTime | null;
  pickedDay: string | null;
  /** A day picked (no calendar cell); the start time is chosen again. */
  onPickDay: (day: string | null) => void;
  time: string | null;
  onTime: (time: string | null) => void;
  clinic: string | null;
  /** The form's error for the instant, when the time itself fits. */
  error?: string;
  times: BookingTimes;
  compact: boolean;
}

/** The booking's day and start time (in the clinic's zone), and the clinic's hours that day. */
export function AppointmentWhenFields({ slot, pickedDay, onPickDay, time, onTime, clinic, error, times, compact }: AppointmentWhenFieldsProps) {
  const { t, i18n } = useTranslation();
  const { timeZone, duration, timesKnown, startTimes, timeOptions, dayHours, checkingDoctors, availability } = times;
  const chosenDay = slot?.date ?? pickedDay;
  const zoneHint = timeZone ? t('appointments.form.clinicTime', { zone: timeZone }) : undefined;
  return (
    <>
      <SimpleGrid cols={compact ? 1 : { base: 1, xs: 2 }} spacing={compact ? 'sm' : 'md'}>
        {slot ? (
          <TextInput
            label={t('appointments.form.date')}
            value={formatDay(slot.date, i18n.language, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' })}
            readOnly
            leftSection={<IconCalendar size={16} />}
            description={zoneHint}
            data-testid="appointment-form-date"
          />
        ) : (
          <DatePickerInput
            label={t('appointments.form.date')}
            placeholder={t('appointments.form.datePlaceholder')}
            value={pickedDay}
            onChange={(value) => onPickDay(value ? String(value).slice(0, 10) : null)}
            valueFormat="dddd, D MMMM YYYY"
            minDate={dayjs().format('YYYY-MM-DD')}
            leftSection={<IconCalendar size={16} />}
            description={zoneHint}
            withAsterisk
            data-testid="appointment-form-date"
          />
        )}
        <Select
          label={t('appointments.form.time')}
          placeholder={
            !clinic ? t('appointments.form.chooseClinicFirst') : !chosenDay ? t('appointments.form.chooseDayFirst') : t('appointments.form.timePlaceholder')
          }
          description={t('appointments.form.timeHint', { minutes: duration })}
          data={timeOptions.map((o) => ({ ...o, disabled: timesKnown && !startTimes.includes(toMinutes(o.value)) }))}
          value={time}
          onChange={onTime}
          disabled={!clinic || !chosenDay}
          leftSection={<IconClock size={16} />}
          nothingFoundMessage={checkingDoctors || availability.isFetching ? t('common.loading') : t('appointments.form.noTimes')}
          error={times.timeError ?? error}
          withAsterisk
          searchable
          comboboxProps={{ withinPortal: true }}
          data-testid="appointment-form-time"
        />
      </SimpleGrid>
      {dayHours && (
        <Text size="xs" c="dimmed" data-testid="appointment-form-hours">
          {dayHours.holiday
            ? t('appointments.form.holiday', { name: dayHours.holiday })
            : dayHours.clinicHours.length
              ? t('appointments.form.hours', { hours: dayHours.clinicHours.map((h) => timeRange(h.startTime, h.endTime)).join(', ') })
              : availability.data?.clinic.hasWorkingHours ? t('appointments.form.closed') : null}
        </Text>
      )}
    </>
  );
}
