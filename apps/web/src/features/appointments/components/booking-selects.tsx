import { Select } from '@mantine/core';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SelectField, type FormControl } from '@/components/form/fields';
import { boundProps } from '@/components/form/field-types';
import type { Option } from '../api/get-booking-options';
import type { AppointmentFormValues } from './appointment-form-values';
import type { BookingTimes } from './use-booking-times';

export const toOptions = (list: readonly Option[] | undefined) => (list ?? []).map((o) => ({ value: o._id, label: o.name }));

interface FieldProps {
  control: FormControl<AppointmentFormValues>;
}

/** The clinic's services, each with its length when it has one. */
export function ServiceSelect({ control, clinic, times }: FieldProps & { clinic: string | null; times: BookingTimes }) {
  const { t } = useTranslation();
  return (
    <SelectField
      control={control}
      name="service"
      label={t('appointments.form.service')}
      placeholder={clinic ? t('appointments.form.servicePlaceholder') : t('appointments.form.chooseClinicFirst')}
      data={(times.services.data ?? []).map((s) => ({ value: s._id, label: s.durationMinutes ? `${s.name} · ${t('appointments.form.minutes', { count: s.durationMinutes })}` : s.name }))}
      emptyValue={null}
      disabled={!clinic}
      required
      clearable
      searchable
      nothingFoundMessage={t('appointments.form.noServices')}
      testId="appointment-form-service"
    />
  );
}

/** The doctors on offer: once a service is chosen, only those who provide it and are free then (saying how many). */
export function DoctorSelect({ control, time, times }: FieldProps & { time: string | null; times: BookingTimes }) {
  const { t } = useTranslation();
  const { chosenService, checkingDoctors, doctorChoices } = times;
  return (
    <Controller
      control={control}
      name="doctor"
      render={(s) => (
        <Select
          {...boundProps(s, 'appointment-form-doctor', true)}
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
          value={s.field.value && doctorChoices.some((d) => d._id === s.field.value) ? s.field.value : null}
          onChange={s.field.onChange}
          clearable
          searchable
          nothingFoundMessage={chosenService && !checkingDoctors ? t('appointments.form.noDoctorFree') : t('appointments.form.noDoctors')}
          comboboxProps={{ withinPortal: true }}
        />
      )}
    />
  );
}
