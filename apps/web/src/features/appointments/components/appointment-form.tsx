import { useEffect, useMemo, useState } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Select, Stack, Text, TextInput } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import { IconAlertCircle, IconCalendarPlus, IconClock } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { Controller, useForm, useWatch, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { appointmentCreateInput, type AppointmentCreate, type AppointmentRecord } from '@clinic/shared';
import { applyFieldErrors, isApiError, translateMessage } from '@/lib/http';
import { useCreateAppointment } from '../api/create-appointment';
import { useAvailability } from '../api/get-availability';
import { useClinicOptions, useClinicServices, useDoctorOptions, usePatientOptions, type Option } from '../api/get-booking-options';
import { timeRange, wallToIso, type WallTime } from './clinic-time';

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
 * Choosing a service narrows the doctors to those who provide it. The server checks every rule; its
 * refusal is shown in red under the form.
 */
export function AppointmentForm({ slot = null, clinicId = null, doctorId = null, onBooked, onCancel, compact = false }: AppointmentFormProps) {
  const { t, i18n } = useTranslation();
  const create = useCreateAppointment();
  const [serverError, setServerError] = useState<string | null>(null);
  // Without a calendar cell the user picks the clinic-local date and time ('YYYY-MM-DD HH:mm:ss').
  const [picked, setPicked] = useState<string | null>(null);
  const [patientSearch, setPatientSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(patientSearch, 300);
  const [patientLabels, setPatientLabels] = useState<Record<string, string>>({});

  const { control, handleSubmit, setValue, setError, reset, getValues, formState: { errors, isSubmitting } } = useForm<AppointmentFormValues, unknown, AppointmentCreate>({
    resolver,
    mode: 'all',
    defaultValues: { patient: null, doctor: doctorId, clinic: clinicId, service: null, datetime: '', reason: '' },
  });
  const [clinic, service] = useWatch({ control, name: ['clinic', 'service'] });

  const wall: WallTime | null = slot ?? (picked ? { date: picked.slice(0, 10), time: picked.slice(11, 16) } : null);
  const clinics = useClinicOptions();
  const services = useClinicServices(clinic);
  const allDoctors = useDoctorOptions();
  const patients = usePatientOptions(debouncedSearch);
  const day = wall?.date ?? dayjs().format('YYYY-MM-DD');
  const availability = useAvailability(clinic ? { clinic, from: day, to: day, doctor: null } : null);
  const timeZone = availability.data?.clinic.timeZone ?? null;

  // The instant the API receives: the clinic's wall-clock time with the clinic's own offset.
  useEffect(() => {
    setValue('datetime', wall && timeZone ? wallToIso(wall.date, wall.time, timeZone) : '', { shouldValidate: getValues('datetime') !== '' });
  }, [wall?.date, wall?.time, timeZone, setValue, getValues]); // eslint-disable-line react-hooks/exhaustive-deps

  const chosenService = services.data?.find((s) => s._id === service) ?? null;
  const doctorChoices = useMemo(() => {
    if (chosenService) return chosenService.doctors;
    const atClinic = availability.data?.doctors;
    return atClinic && atClinic.length ? atClinic : (allDoctors.data ?? []);
  }, [chosenService, availability.data?.doctors, allDoctors.data]);

  // A doctor who does not provide the chosen service is no longer a valid choice.
  useEffect(() => {
    const current = getValues('doctor');
    if (current && chosenService && !chosenService.doctors.some((d) => d._id === current)) setValue('doctor', null);
  }, [chosenService, getValues, setValue]);

  const patientOptions = useMemo(() => {
    const found = (patients.data ?? []).map((p) => ({ value: p._id, label: p.publicId ? `${p.name} · ${p.publicId}` : p.name }));
    const chosen = getValues('patient');
    if (chosen && !found.some((o) => o.value === chosen) && patientLabels[chosen]) found.unshift({ value: chosen, label: patientLabels[chosen]! });
    return found;
  }, [patients.data, patientLabels, getValues]);

  const err = (key: keyof AppointmentFormValues) => translateMessage(errors[key]?.message);
  const dayHours = availability.data?.days[0];

  const submit = handleSubmit(async (values) => {
    setServerError(null);
    try {
      const result = await create.mutateAsync({ ...values, status: 'scheduled', cancellationReason: null, reminderSent: false });
      reset({ patient: null, doctor: doctorId, clinic: values.clinic, service: null, datetime: '', reason: '' });
      onBooked(result.data);
    } catch (error) {
      if (isApiError(error) && error.code === 'VALIDATION_FAILED') applyFieldErrors(error, setError);
      setServerError(isApiError(error) ? error.message : t('errors.unexpected'));
    }
  });

  const slotText = wall
    ? `${dayjs(wall.date).locale(i18n.language).format('dddd, MMMM D, YYYY')} · \u2066${wall.time}\u2069`
    : '';

  return (
    <form onSubmit={submit} noValidate data-testid="appointment-form" aria-label={t('appointments.form.title')}>
      <Stack gap={compact ? 'sm' : 'md'}>
        {slot ? (
          <TextInput
            label={t('appointments.form.dateTime')}
            value={slotText}
            readOnly
            leftSection={<IconClock size={16} />}
            description={timeZone ? t('appointments.form.clinicTime', { zone: timeZone }) : undefined}
            error={err('datetime')}
            data-testid="appointment-form-datetime"
          />
        ) : (
          <DateTimePicker
            label={t('appointments.form.dateTime')}
            placeholder={t('appointments.form.dateTimePlaceholder')}
            value={picked}
            onChange={(value) => setPicked(value)}
            valueFormat="dddd, MMMM D, YYYY · HH:mm"
            minDate={dayjs().format('YYYY-MM-DD')}
            timePickerProps={{ format: '24h', withDropdown: true, minutesStep: 5 }}
            description={timeZone ? t('appointments.form.clinicTime', { zone: timeZone }) : undefined}
            error={err('datetime')}
            withAsterisk
            clearable
            data-testid="appointment-form-datetime"
          />
        )}
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
        <Controller
          control={control}
          name="doctor"
          render={({ field }) => (
            <Select
              label={t('appointments.form.doctor')}
              placeholder={t('appointments.form.doctorPlaceholder')}
              description={chosenService ? t('appointments.form.doctorsOfService', { count: chosenService.doctors.length }) : undefined}
              data={toOptions(doctorChoices)}
              value={field.value && doctorChoices.some((d) => d._id === field.value) ? field.value : null}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={err('doctor')}
              withAsterisk
              clearable
              searchable
              nothingFoundMessage={t('appointments.form.noDoctors')}
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
