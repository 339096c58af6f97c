import { useState, type ReactNode } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, Divider, Group, SimpleGrid, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconAlertCircle, IconCalendarX, IconCircleCheck, IconTrash } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { appointmentCancelForm, type AppointmentCancelForm, type AppointmentRecord } from '@clinic/shared';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { isApiError, translateMessage } from '@/lib/http';
import { useSession } from '@/lib/session-context';
import { useDeleteAppointment } from '../api/delete-appointment';
import { useUpdateAppointment } from '../api/update-appointment';
import { AppointmentStatusBadge } from './appointment-status-badge';
import { timeRange, wallOf } from './clinic-time';
import { DAY_MONTH_YEAR, formatDateTime, formatDay, LONG_DATE } from '@/lib/dates';

function Field({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Stack gap={2} data-testid={testId}>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}

/** "Monday, November 23, 2026 · 09:00–09:30" in the clinic's own time. */
export function useAppointmentWhen() {
  const { i18n } = useTranslation();
  return (a: Pick<AppointmentRecord, 'datetime' | 'endsAt'>, withWeekday = true) => {
    const start = wallOf(a.datetime);
    const end = wallOf(a.endsAt);
    const date = formatDay(start.date, i18n.language, withWeekday ? { weekday: 'long', ...LONG_DATE } : DAY_MONTH_YEAR);
    return `${date} · ${timeRange(start.time, end.time)}`;
  };
}

interface AppointmentDetailsProps {
  appointment: AppointmentRecord | undefined;
  loading?: boolean;
  /** Called once the appointment was deleted. */
  onDeleted?: () => void;
}

/** An appointment's details with what can still happen to it: complete, cancel with a reason, delete. */
export function AppointmentDetails({ appointment, loading = false, onDeleted }: AppointmentDetailsProps) {
  const { t, i18n } = useTranslation();
  const { can } = useSession();
  const canWrite = can('appointment_write');
  const update = useUpdateAppointment();
  const remove = useDeleteAppointment();
  const when = useAppointmentWhen();
  const [cancelling, setCancelling] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cancelForm = useForm<AppointmentCancelForm>({ resolver: zodResolver(appointmentCancelForm), defaultValues: { cancellationReason: '' }, mode: 'onTouched' });

  if (loading || !appointment) {
    return (
      <Stack gap="sm" aria-busy>
        <Skeleton height={24} width="60%" />
        <Skeleton height={16} />
        <Skeleton height={16} width="80%" />
        <Skeleton height={16} width="70%" />
      </Stack>
    );
  }

  const a = appointment;
  const started = Date.parse(a.datetime) <= Date.now();
  const run = async (input: Omit<Parameters<typeof update.mutateAsync>[0]['input'], 'version'>) => {
    setError(null);
    try {
      // Based on the appointment as shown: if someone changed it meanwhile the server refuses (409) and it is reloaded.
      await update.mutateAsync({ id: a._id, input: { ...input, version: a.version } });
      return true;
    } catch (e) {
      setError(isApiError(e) ? e.message : t('errors.unexpected'));
      return false;
    }
  };

  return (
    <Stack gap="md" data-testid="appointment-details">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Title order={4} style={{ overflowWrap: 'anywhere' }}>
            {a.patient.name}
          </Title>
          <Text size="sm" c="dimmed" ff="monospace">
            {a.publicId}
          </Text>
        </Stack>
        <AppointmentStatusBadge status={a.status} />
      </Group>
      <Text fw={600} size="sm" data-testid="appointment-when">
        {when(a)}
      </Text>
      <SimpleGrid cols={2} spacing="md" verticalSpacing="sm">
        <Field label={t('appointments.fields.patient')}>
          <Anchor component={Link} to={`/patients/details/${a.patient._id}`} size="sm">
            {a.patient.name}
          </Anchor>
        </Field>
        <Field label={t('appointments.fields.doctor')}>{a.doctor.name}</Field>
        <Field label={t('appointments.fields.service')}>{a.service.name}</Field>
        <Field label={t('appointments.fields.clinic')}>{a.clinic.name}</Field>
        <Field label={t('appointments.fields.duration')}>{t('appointments.form.minutes', { count: a.durationMinutes })}</Field>
        <Field label={t('appointments.fields.timeZone')}>{a.clinicTimeZone}</Field>
        <Field label={t('appointments.fields.reminder')}>{a.reminderSent ? t('appointments.fields.reminderSent') : t('appointments.fields.reminderNotSent')}</Field>
      </SimpleGrid>
      <Field label={t('appointments.fields.reason')}>{a.reason}</Field>
      {a.status === 'cancelled' && (
        <Field label={t('appointments.fields.cancellationReason')} testId="appointment-cancellation-reason">
          {a.cancellationReason ?? '—'}
        </Field>
      )}

      {canWrite && a.status === 'scheduled' && !cancelling && (
        <>
          <Divider />
          <Group gap="sm" wrap="wrap">
            <Button
              color="teal"
              variant="light"
              leftSection={<IconCircleCheck size={16} />}
              disabled={!started}
              title={started ? undefined : t('appointments.details.completeLater')}
              loading={update.isPending && update.variables?.input.status === 'completed'}
              onClick={() => void run({ status: 'completed' })}
              data-testid="appointment-complete"
            >
              {t('appointments.details.complete')}
            </Button>
            <Button color="orange" variant="light" leftSection={<IconCalendarX size={16} />} onClick={() => setCancelling(true)} data-testid="appointment-cancel">
              {t('appointments.details.cancel')}
            </Button>
          </Group>
          {!started && (
            <Text size="xs" c="dimmed">
              {t('appointments.details.completeLater')}
            </Text>
          )}
        </>
      )}

      {cancelling && (
        <form
          noValidate
          data-testid="appointment-cancel-form"
          onSubmit={cancelForm.handleSubmit(async (values) => {
            if (await run({ status: 'cancelled', cancellationReason: values.cancellationReason })) {
              setCancelling(false);
              cancelForm.reset();
            }
          })}
        >
          <Stack gap="sm">
            <Divider />
            <Textarea
              label={t('appointments.details.cancelReason')}
              placeholder={t('appointments.details.cancelReasonPlaceholder')}
              autosize
              minRows={2}
              withAsterisk
              data-autofocus
              {...cancelForm.register('cancellationReason')}
              error={translateMessage(cancelForm.formState.errors.cancellationReason?.message)}
              data-testid="appointment-cancel-reason"
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={() => setCancelling(false)}>
                {t('appointments.details.keep')}
              </Button>
              <Button type="submit" color="red" loading={update.isPending} data-testid="appointment-cancel-confirm">
                {t('appointments.details.confirmCancel')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}

      {error && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" data-testid="appointment-details-error">
          <Text size="sm" c="red">
            {error}
          </Text>
        </Alert>
      )}

      {canWrite && (
        <>
          <Divider />
          <Group justify="space-between" gap="sm">
            <Text size="xs" c="dimmed">
              {t('appointments.details.updated', { date: formatDateTime(a.updatedAt, i18n.language, DAY_MONTH_YEAR) })}
            </Text>
            <Button color="red" variant="subtle" leftSection={<IconTrash size={16} />} onClick={() => setConfirmDelete(true)} data-testid="appointment-delete">
              {t('appointments.delete.button')}
            </Button>
          </Group>
        </>
      )}
      <ConfirmDialog
        opened={confirmDelete}
        title={t('appointments.delete.title')}
        text={t('appointments.delete.text')}
        confirmLabel={t('appointments.delete.confirm')}
        cancelLabel={t('common.actions.cancel')}
        confirmColor="red"
        loading={remove.isPending}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() =>
          remove.mutate(a._id, {
            onSuccess: () => {
              setConfirmDelete(false);
              onDeleted?.();
            },
            onError: () => setConfirmDelete(false),
          })
        }
      />
    </Stack>
  );
}
