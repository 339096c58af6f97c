import { useEffect, useState } from 'react';
import { Button, Group, Stack } from '@mantine/core';
import { IconCalendarPlus } from '@tabler/icons-react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { appointmentCreateInput, type AppointmentCreate, type AppointmentRecord, type RecurrenceInput } from '@clinic/shared';
import { SelectField, TextField } from '@/components/form/fields';
import { FormMessage } from '@/components/form/form-message';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { localiseDates } from '@/lib/dates';
import { applyFieldErrors, isApiError, isError, translateMessage } from '@/lib/http';
import { useCreateAppointment } from '../api/create-appointment';
import { useClinicOptions } from '../api/get-booking-options';
import { useClinicWeek } from '../hooks/use-clinic-week';
import { useCreateSeries } from '../api/series';
import type { AppointmentFormValues } from './appointment-form-values';
import { AppointmentWhenFields } from './appointment-when-fields';
import { BookAnyway, isDoctorOverlap } from './book-anyway';
import { DoctorSelect, ServiceSelect, toOptions } from './booking-selects';
import { wallOf, wallToIso, type WallTime } from '@/lib/clinic-time';
import { NextFreeHint } from './next-free-hint';
import { BookingPatientField } from './patient-select';
import { RepeatSection } from './repeat-section';
import { useBookingTimes } from './use-booking-times';

export type { AppointmentFormValues };

interface AppointmentFormProps {
  /** The calendar cell's clinic-local date and time (read-only); without it the form offers a date and time picker. */
  slot?: WallTime | null;
  clinicId?: string | null;
  /** The doctor chosen in the calendar's filter, preselected when they can take the service. */
  doctorId?: string | null;
  onBooked: (appointment: AppointmentRecord) => void;
  onCancel?: () => void;
  /** Narrow layout (the calendar's side panel). */
  compact?: boolean;
}

/**
 * Books an appointment: patient, doctor, service, clinic, reason and the time (in the clinic's zone).
 * Start times are those at which the whole visit (the service's duration, or the clinic's) fits the clinic's hours
 * and, once known, a doctor's free time. Choosing a service narrows the doctors to those who provide it and are free
 * then. The server still checks every rule; its refusal is shown in red under the form, its dates in the user's
 * language.
 */
export function AppointmentForm({ slot = null, clinicId = null, doctorId = null, onBooked, onCancel, compact = false }: AppointmentFormProps) {
  const { t, i18n } = useTranslation();
  const create = useCreateAppointment();
  // A series instead of one appointment; "book anyway" once the doctor's time was refused.
  const createSeries = useCreateSeries();
  const [repeat, setRepeat] = useState<RecurrenceInput | null>(null);
  const [overlap, setOverlap] = useState(false);
  const [overbook, setOverbook] = useState(false);
  // Without a calendar cell the user picks the clinic-local day; the start time is chosen among those that fit.
  const [pickedDay, setPickedDay] = useState<string | null>(null);
  const [time, setTime] = useState<string | null>(slot?.time ?? null);
  // Another calendar cell clicked while the form is open: its time becomes the start time.
  const [cell, setCell] = useState(slot);
  if (slot && (slot.date !== cell?.date || slot.time !== cell?.time)) {
    setCell(slot);
    setTime(slot.time);
  }

  const { form, serverError, setServerError } = useSchemaForm<AppointmentFormValues, AppointmentCreate>({
    schema: appointmentCreateInput,
    mode: 'all',
    focusInvalid: false,
    defaultValues: { patient: null, doctor: doctorId, clinic: clinicId, service: null, datetime: '', reason: '' },
  });
  const { control, handleSubmit, setValue, setError, reset, getValues, formState: { errors, isSubmitting } } = form;
  const [clinic, service] = useWatch({ control, name: ['clinic', 'service'] });
  const watched = useWatch({ control });

  const chosenDay = slot?.date ?? pickedDay;
  const wall: WallTime | null = chosenDay && time ? { date: chosenDay, time } : null;
  const clinics = useClinicOptions();
  useClinicWeek(clinic); // the date pickers and the repeat's weekdays follow the chosen clinic's week
  const doctor = useWatch({ control, name: 'doctor' });
  const times = useBookingTimes({ clinic, service, doctor, day: chosenDay, time });
  const { timeZone, chosenService, checkingDoctors, doctorChoices, timeError } = times;

  // The instant the API receives: the clinic's wall-clock time with the clinic's own offset.
  useEffect(() => {
    setValue('datetime', wall && timeZone ? wallToIso(wall.date, wall.time, timeZone) : '', { shouldValidate: getValues('datetime') !== '' });
  }, [wall?.date, wall?.time, timeZone, setValue, getValues]); // eslint-disable-line react-hooks/exhaustive-deps

  // A doctor who does not provide the chosen service, or is not free then, is no longer a valid choice.
  useEffect(() => {
    const current = getValues('doctor');
    if (!current || !chosenService) return;
    if (!chosenService.doctors.some((d) => d._id === current)) setValue('doctor', null);
    else if (!checkingDoctors && !doctorChoices.some((d) => d._id === current)) setValue('doctor', null);
  }, [chosenService, checkingDoctors, doctorChoices, getValues, setValue]);


  const submit = handleSubmit(async (values) => {
    setServerError(null);
    if (timeError) {
      setError('datetime', { type: 'fit', message: timeError });
      return;
    }
    try {
      const booked = repeat
        ? (await createSeries.mutateAsync({
          patient: values.patient, doctor: values.doctor, clinic: values.clinic, service: values.service, datetime: values.datetime, reason: values.reason,
          recurrence: repeat,
        })).first
        : (await create.mutateAsync({ ...values, status: 'scheduled', cancellationReason: null, reminderSent: false, overbook: overlap && overbook })).data;
      reset({ patient: null, doctor: doctorId, clinic: values.clinic, service: null, datetime: '', reason: '' });
      setRepeat(null);
      setOverlap(false);
      setOverbook(false);
      onBooked(booked);
    } catch (error) {
      setOverlap(!repeat && isDoctorOverlap(error));
      if (isError(error, 'VALIDATION_FAILED')) applyFieldErrors(error, setError);
      setServerError(isApiError(error) ? localiseDates(error.message, i18n.language) : t('errors.unexpected'));
    }
  });

  return (
    <form onSubmit={submit} noValidate data-testid="appointment-form" aria-label={t('appointments.form.title')}>
      <Stack gap={compact ? 'sm' : 'md'}>
        <BookingPatientField control={control} onRegistered={(id) => setValue('patient', id, { shouldValidate: true, shouldDirty: true })} />
        <SelectField
          control={control}
          name="clinic"
          label={t('appointments.form.clinic')}
          placeholder={clinics.isPending ? t('common.loading') : t('appointments.form.clinicPlaceholder')}
          data={toOptions(clinics.data)}
          emptyValue={null}
          onValueChange={() => {
            setValue('service', null);
            setValue('doctor', null);
          }}
          required
          searchable
          nothingFoundMessage={t('appointments.form.noClinics')}
          testId="appointment-form-clinic"
        />
        <ServiceSelect control={control} clinic={clinic} times={times} />
        {!slot && (
          <NextFreeHint
            clinic={clinic}
            service={service}
            doctor={doctor}
            onPick={(free) => {
              const wall = wallOf(free.datetime);
              setPickedDay(wall.date);
              setTime(wall.time);
              setValue('doctor', free.doctor._id, { shouldValidate: true });
            }}
          />
        )}
        <AppointmentWhenFields
          slot={slot}
          pickedDay={pickedDay}
          onPickDay={(value) => {
            setPickedDay(value);
            setTime(null);
          }}
          time={time}
          onTime={(value) => {
            setTime(value);
            setServerError(null);
          }}
          clinic={clinic}
          error={translateMessage(errors.datetime?.message)}
          times={times}
          compact={compact}
        />
        <DoctorSelect control={control} time={time} times={times} />
        <TextField control={control} name="reason" label={t('appointments.form.reason')} placeholder={t('appointments.form.reasonPlaceholder')} required testId="appointment-form-reason" />
        <RepeatSection
          booking={{
            patient: watched.patient ?? null, doctor: watched.doctor ?? null, clinic: watched.clinic ?? null, service: watched.service ?? null,
            datetime: watched.datetime ?? '', reason: watched.reason ?? '',
          }}
          value={repeat}
          onChange={setRepeat}
        />
        <BookAnyway shown={overlap && !repeat} checked={overbook} onChange={setOverbook} />
        <Group justify="flex-end" gap="sm" mt={4}>
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={isSubmitting}>
              {t('common.actions.cancel')}
            </Button>
          )}
          <Button type="submit" loading={isSubmitting} leftSection={<IconCalendarPlus size={16} />} fullWidth={compact && !onCancel} data-testid="appointment-form-submit">
            {!repeat ? t('appointments.form.submit') : repeat.count ? t('series.bookCount', { count: repeat.count }) : t('series.bookSeries')}
          </Button>
        </Group>
        <FormMessage message={serverError} testId="appointment-form-error" />
      </Stack>
    </form>
  );
}
