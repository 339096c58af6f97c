import { useEffect, useMemo, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertCircle, IconCalendar, IconCalendarPlus, IconClock } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { appointmentCreateInput, type AppointmentCreate, type AppointmentRecord, type RecurrenceInput } from '@clinic/shared';
import { formatDay, localiseDates } from '@/lib/dates';
import { applyFieldErrors, isApiError, translateMessage } from '@/lib/http';
import { useCreateAppointment } from '../api/create-appointment';
import { useAvailability } from '../api/get-availability';
import { useClinicOptions, useClinicServices, useDoctorOptions, usePatientOptions, type Option } from '../api/get-booking-options';
import { useDoctorDays } from '../api/get-doctor-days';
import { clear, fits, freeStarts, openWindows } from './bookability';
import { fromMinutes, timeRange, toMinutes, wallAt, wallOf, wallToIso, type WallTime } from './clinic-time';
import { NextFreeHint } from './next-free-hint';
import { useCreateSeries } from '../api/series';
import { BookAnyway, isDoctorOverlap } from './book-anyway';
import { RepeatSection } from './repeat-section';

export interface AppointmentFormValues {
  patient: string | null;
  doctor: string | null;
  clinic: string | null;
  service: string | null;
  datetime: string;
  reason: string;
}

const resolver = zodResolver(appointmentCreateInput) as unknown as Resolver<AppointmentFormValues, unknown, AppointmentCreate>;

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

const toOptions = (list: readonly Option[] | undefined) => (list ?? []).map((o) => ({ value: o._id, label: o.name }));

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
  const [serverError, setServerError] = useState<string | null>(null);
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
  const [patientSearch, setPatientSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(patientSearch, 300);
  const [patientLabels, setPatientLabels] = useState<Record<string, string>>({});

  const { control, handleSubmit, setValue, setError, reset, getValues, formState: { errors, isSubmitting } } = useForm<AppointmentFormValues, unknown, AppointmentCreate>({
    resolver,
    mode: 'all',
    defaultValues: { patient: null, doctor: doctorId, clinic: clinicId, service: null, datetime: '', reason: '' },
  });
  const [clinic, service] = useWatch({ control, name: ['clinic', 'service'] });
  const watched = useWatch({ control });

  const chosenDay = slot?.date ?? pickedDay;
  const wall: WallTime | null = chosenDay && time ? { date: chosenDay, time } : null;
  const clinics = useClinicOptions();
  const services = useClinicServices(clinic);
  const allDoctors = useDoctorOptions();
  const patients = usePatientOptions(debouncedSearch);
  const day = chosenDay ?? dayjs().format('YYYY-MM-DD');
  const availability = useAvailability(clinic ? { clinic, from: day, to: day, doctor: null } : null);
  const dayInfo = availability.data && availability.data.clinic._id === clinic && availability.data.days[0]?.date === day ? availability.data : undefined;
  const timeZone = dayInfo?.clinic.timeZone ?? null;

  // The instant the API receives: the clinic's wall-clock time with the clinic's own offset.
  useEffect(() => {
    setValue('datetime', wall && timeZone ? wallToIso(wall.date, wall.time, timeZone) : '', { shouldValidate: getValues('datetime') !== '' });
  }, [wall?.date, wall?.time, timeZone, setValue, getValues]); // eslint-disable-line react-hooks/exhaustive-deps

  const chosenService = services.data?.find((s) => s._id === service) ?? null;
  const doctor = useWatch({ control, name: 'doctor' });
  const duration = chosenService?.durationMinutes || dayInfo?.clinic.averageVisitMinutes || 30;

  // Who is free when: the service's doctors, each with their hours at this clinic and their bookings that day.
  const serviceDoctorIds = useMemo(() => (chosenService ? chosenService.doctors.map((d) => d._id) : []), [chosenService]);
  const doctorDays = useDoctorDays(clinic, day, serviceDoctorIds, timeZone);
  const clinicNow = timeZone ? wallAt(new Date(), timeZone) : null;
  const grid = dayInfo && {
    origin: toMinutes(dayInfo.dayStart),
    step: dayInfo.slotMinutes,
    duration,
    notBefore: !clinicNow || day > clinicNow.date ? 0 : day === clinicNow.date ? toMinutes(clinicNow.time) : 24 * 60,
  };
  const clinicWindows = useMemo(() => (dayInfo ? openWindows(dayInfo.days[0], dayInfo) : []), [dayInfo]);
  const chosenDoctorDay = doctorDays.find((d) => d.doctorId === doctor);
  const checkingDoctors = doctorDays.some((d) => !d.ready);

  /** Start times on offer: for the chosen doctor, else for any doctor of the service, else the clinic's hours. */
  const startTimes = useMemo(() => {
    if (!grid) return [];
    if (chosenDoctorDay) return freeStarts(chosenDoctorDay.windows, chosenDoctorDay.busy, grid);
    if (doctorDays.length) return [...new Set(doctorDays.flatMap((d) => freeStarts(d.windows, d.busy, grid)))].sort((a, b) => a - b);
    return freeStarts(clinicWindows, [], grid);
  }, [grid?.origin, grid?.step, grid?.duration, grid?.notBefore, chosenDoctorDay, doctorDays, clinicWindows]); // eslint-disable-line react-hooks/exhaustive-deps
  const timeFits = time !== null && startTimes.includes(toMinutes(time));
  const timesKnown = Boolean(grid) && !checkingDoctors;

  const doctorChoices = useMemo(() => {
    if (chosenService) {
      // Only those free for the whole visit: at the chosen time, or at some time that day.
      const free = new Set(
        doctorDays
          .filter((d) => d.ready && (time !== null && grid
            ? toMinutes(time) >= grid.notBefore && fits(d.windows, toMinutes(time), toMinutes(time) + duration) && clear(d.busy, toMinutes(time), toMinutes(time) + duration)
            : grid !== undefined && freeStarts(d.windows, d.busy, grid).length > 0))
          .map((d) => d.doctorId),
      );
      return chosenService.doctors.filter((d) => free.has(d._id));
    }
    const atClinic = dayInfo?.doctors;
    return atClinic && atClinic.length ? atClinic : (allDoctors.data ?? []);
  }, [chosenService, doctorDays, time, grid?.notBefore, duration, dayInfo?.doctors, allDoctors.data]); // eslint-disable-line react-hooks/exhaustive-deps

  // A doctor who does not provide the chosen service, or is not free then, is no longer a valid choice.
  useEffect(() => {
    const current = getValues('doctor');
    if (!current || !chosenService) return;
    if (!chosenService.doctors.some((d) => d._id === current)) setValue('doctor', null);
    else if (!checkingDoctors && !doctorChoices.some((d) => d._id === current)) setValue('doctor', null);
  }, [chosenService, checkingDoctors, doctorChoices, getValues, setValue]);

  const patientOptions = useMemo(() => {
    const found = (patients.data ?? []).map((p) => ({ value: p._id, label: p.publicId ? `${p.name} · ${p.publicId}` : p.name }));
    const chosen = getValues('patient');
    if (chosen && !found.some((o) => o.value === chosen) && patientLabels[chosen]) found.unshift({ value: chosen, label: patientLabels[chosen]! });
    return found;
  }, [patients.data, patientLabels, getValues]);

  const err = (key: keyof AppointmentFormValues) => translateMessage(errors[key]?.message);
  const dayHours = dayInfo?.days[0];
  const timeError = time !== null && timesKnown && !timeFits ? t('appointments.form.timeDoesNotFit', { minutes: duration }) : undefined;
  const timeOptions = startTimes.map((m) => ({ value: fromMinutes(m), label: timeRange(fromMinutes(m), fromMinutes(m + duration)) }));
  if (time !== null && !timeOptions.some((o) => o.value === time)) {
    timeOptions.push({ value: time, label: timeRange(time, fromMinutes(toMinutes(time) + duration)) });
    timeOptions.sort((a, b) => a.value.localeCompare(b.value));
  }

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
      if (isApiError(error) && error.code === 'VALIDATION_FAILED') applyFieldErrors(error, setError);
      setServerError(isApiError(error) ? localiseDates(error.message, i18n.language) : t('errors.unexpected'));
    }
  });

  const dayText = slot ? formatDay(slot.date, i18n.language, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }) : '';

  return (
    <form onSubmit={submit} noValidate data-testid="appointment-form" aria-label={t('appointments.form.title')}>
      <Stack gap={compact ? 'sm' : 'md'}>
        <SimpleGrid cols={compact ? 1 : { base: 1, xs: 2 }} spacing={compact ? 'sm' : 'md'}>
          {slot ? (
            <TextInput
              label={t('appointments.form.date')}
              value={dayText}
              readOnly
              leftSection={<IconCalendar size={16} />}
              description={timeZone ? t('appointments.form.clinicTime', { zone: timeZone }) : undefined}
              data-testid="appointment-form-date"
            />
          ) : (
            <DatePickerInput
              label={t('appointments.form.date')}
              placeholder={t('appointments.form.datePlaceholder')}
              value={pickedDay}
              onChange={(value) => {
                setPickedDay(value ? String(value).slice(0, 10) : null);
                setTime(null);
              }}
              valueFormat="dddd, D MMMM YYYY"
              minDate={dayjs().format('YYYY-MM-DD')}
              leftSection={<IconCalendar size={16} />}
              description={timeZone ? t('appointments.form.clinicTime', { zone: timeZone }) : undefined}
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
            onChange={(value) => {
              setTime(value);
              setServerError(null);
            }}
            disabled={!clinic || !chosenDay}
            leftSection={<IconClock size={16} />}
            nothingFoundMessage={checkingDoctors || availability.isFetching ? t('common.loading') : t('appointments.form.noTimes')}
            error={timeError ?? err('datetime')}
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
        <Controller
          control={control}
          name="patient"
          render={({ field }) => (
            <Select
              label={t('appointments.form.patient')}
              placeholder={t('appointments.form.patientPlaceholder')}
              data={patientOptions}
              value={field.value}
              onChange={(value, option) => {
                if (value && option) setPatientLabels((prev) => ({ ...prev, [value]: option.label }));
                field.onChange(value);
              }}
              onBlur={field.onBlur}
              searchable
              searchValue={patientSearch}
              onSearchChange={setPatientSearch}
              filter={({ options }) => options}
              nothingFoundMessage={patients.isFetching ? t('common.loading') : t('appointments.form.noPatients')}
              error={err('patient')}
              withAsterisk
              clearable
              comboboxProps={{ withinPortal: true }}
              data-testid="appointment-form-patient"
            />
          )}
        />
        <Controller
          control={control}
          name="clinic"
          render={({ field }) => (
            <Select
              label={t('appointments.form.clinic')}
              placeholder={clinics.isPending ? t('common.loading') : t('appointments.form.clinicPlaceholder')}
              data={toOptions(clinics.data)}
              value={field.value}
              onChange={(value) => {
                field.onChange(value);
                setValue('service', null);
                setValue('doctor', null);
              }}
              onBlur={field.onBlur}
              error={err('clinic')}
              withAsterisk
              nothingFoundMessage={t('appointments.form.noClinics')}
              comboboxProps={{ withinPortal: true }}
              data-testid="appointment-form-clinic"
            />
          )}
        />
        <Controller
          control={control}
          name="service"
          render={({ field }) => (
            <Select
              label={t('appointments.form.service')}
              placeholder={clinic ? t('appointments.form.servicePlaceholder') : t('appointments.form.chooseClinicFirst')}
              data={(services.data ?? []).map((s) => ({ value: s._id, label: s.durationMinutes ? `${s.name} · ${t('appointments.form.minutes', { count: s.durationMinutes })}` : s.name }))}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              disabled={!clinic}
              error={err('service')}
              withAsterisk
              clearable
              searchable
              nothingFoundMessage={t('appointments.form.noServices')}
              comboboxProps={{ withinPortal: true }}
              data-testid="appointment-form-service"
            />
          )}
        />
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
        <Controller
          control={control}
          name="doctor"
          render={({ field }) => (
            <Select
              label={t('appointments.form.doctor')}
              placeholder={t('appointments.form.doctorPlaceholder')}
              description={
                !chosenService
                  ? undefined
                  : checkingDoctors
                    ? t('appointments.form.checkingDoctors')
                    : time
                      ? t('appointments.form.doctorsFreeAt', { count: doctorChoices.length, total: chosenService.doctors.length, time: `\u2066${time}\u2069` })
                      : t('appointments.form.doctorsFreeThatDay', { count: doctorChoices.length, total: chosenService.doctors.length })
              }
              data={toOptions(doctorChoices)}
              value={field.value && doctorChoices.some((d) => d._id === field.value) ? field.value : null}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={err('doctor')}
              withAsterisk
              clearable
              searchable
              nothingFoundMessage={chosenService && !checkingDoctors ? t('appointments.form.noDoctorFree') : t('appointments.form.noDoctors')}
              comboboxProps={{ withinPortal: true }}
              data-testid="appointment-form-doctor"
            />
          )}
        />
        <Controller
          control={control}
          name="reason"
          render={({ field }) => (
            <TextInput
              label={t('appointments.form.reason')}
              placeholder={t('appointments.form.reasonPlaceholder')}
              {...field}
              error={err('reason')}
              withAsterisk
              data-testid="appointment-form-reason"
            />
          )}
        />
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
            {t('appointments.form.submit')}
          </Button>
        </Group>
        {serverError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" data-testid="appointment-form-error">
            <Text size="sm" c="red" fw={500}>
              {serverError}
            </Text>
          </Alert>
        )}
      </Stack>
    </form>
  );
}
