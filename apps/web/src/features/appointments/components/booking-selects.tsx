import { Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Option } from '../api/get-booking-options';
import type { BookingTimes } from './use-booking-times';

export const toOptions = (list: readonly Option[] | undefined) => (list ?? []).map((o) => ({ value: o._id, label: o.name }));

interface FieldProps {
  value: string | null;
  onChange: (value: string | null) => void;
  onBlur: () => void;
  error?: string;
}

/** The clinic's services, each with its length when it has one. */
export function ServiceSelect({ clinic, times, ...field }: FieldProps & { clinic: string | null; times: BookingTimes }) {
  const { t } = useTranslation();
  return (
    <Select
      label={t('appointments.form.service')}
      placeholder={clinic ? t('appointments.form.servicePlaceholder') : t('appointments.form.chooseClinicFirst')}
      data={(times.services.data ?? []).map((s) => ({ value: s._id, label: s.durationMinutes ? `${s.name} · ${t('appointments.form.minutes', { count: s.durationMinutes })}` : s.name }))}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      disabled={!clinic}
      error={field.error}
      withAsterisk
      clearable
      searchable
      nothingFoundMessage={t('appointments.form.noServices')}
      comboboxProps={{ withinPortal: true }}
      data-testid="appointment-form-service"
    />
  );
}

/** The doctors on offer: once a service is chosen, only those who provide it and are free then (saying how many). */
export function DoctorSelect({ time, times, ...field }: FieldProps & { time: string | null; times: BookingTimes }) {
  const { t } = useTranslation();
  const { chosenService, checkingDoctors, doctorChoices } = times;
  return (
    <Select
      label={t('appointments.form.doctor')}
      placeholder={t('appointments.form.doctorPlaceholder')}
      description={
        !chosenService
          ? undefined
          : checkingDoctors
            ? t('appointments.form.checkingDoctors')
            : time
              ? t('appointments.form.doctorsFreeAt', { free: doctorChoices.length, total: chosenService.doctors.length, time: `\u2066${time}\u2069` })
              : t('appointments.form.doctorsFreeThatDay', { free: doctorChoices.length, total: chosenService.doctors.length })
      }
      data={toOptions(doctorChoices)}
      value={field.value && doctorChoices.some((d) => d._id === field.value) ? field.value : null}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={field.error}
      withAsterisk
      clearable
      searchable
      nothingFoundMessage={chosenService && !checkingDoctors ? t('appointments.form.noDoctorFree') : t('appointments.form.noDoctors')}
      comboboxProps={{ withinPortal: true }}
      data-testid="appointment-form-doctor"
    />
  );
}
