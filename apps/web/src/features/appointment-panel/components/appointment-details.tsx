import { useState, type ReactNode } from 'react';
import { Alert, Anchor, Button, Divider, Group, SimpleGrid, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { IconAlertCircle, IconNotes, IconTrash, IconPrinter } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { mayDeleteAppointment, VISIT_NOTE_MAX, type AppointmentRecord } from '@clinic/shared';
import { WaitlistMatches } from '@/features/waitlist';
import { isApiError } from '@/lib/http';
import { useSession } from '@/lib/session-context';
import { AppointmentReminders, PatientLinkActions } from '@/features/reminders';
import { timeRange, wallOf } from '@/lib/clinic-time';
import { DAY_MONTH_YEAR, formatDateTime, formatDay, LONG_DATE } from '@/lib/dates';
import { AppointmentBilling } from '@/features/billing';
import { AppointmentStatusBadge, AwaitingBadge, DeleteAppointmentDialog, OnlineMark, SeriesMark, useUpdateAppointment, VisitActions, visitSteps } from '@/features/appointments';

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

/** A completed visit's note: shown, and written or changed by those who may change appointments. */
function VisitNote({ appointment: a, canWrite, onError }: { appointment: AppointmentRecord; canWrite: boolean; onError: (message: string | null) => void }) {
  const { t } = useTranslation();
  const update = useUpdateAppointment();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(a.visitNote ?? '');

  if (editing) {
    return (
      <form
        noValidate
        data-testid="appointment-note-form"
        onSubmit={(e) => {
          e.preventDefault();
          onError(null);
          update.mutate(
            { id: a._id, input: { visitNote: text.trim() ? text.trim() : null, version: a.version } },
            { onSuccess: () => setEditing(false), onError: (err) => onError(isApiError(err) ? err.message : t('errors.unexpected')) },
          );
        }}
      >
        <Stack gap="sm">
          <Textarea label={t('appointments.visit.note')} autosize minRows={3} maxLength={VISIT_NOTE_MAX} data-autofocus value={text} onChange={(e) => setText(e.currentTarget.value)} data-testid="appointment-visit-note" />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setEditing(false)}>
              {t('common.actions.cancel')}
            </Button>
            <Button type="submit" loading={update.isPending} data-testid="appointment-note-save">
              {t('appointments.visit.saveNote')}
            </Button>
          </Group>
        </Stack>
      </form>
    );
  }
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
      <Field label={t('appointments.visit.note')} testId="appointment-visit-note-text">
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} c={a.visitNote ? undefined : 'dimmed'}>
          {a.visitNote ?? t('appointments.visit.noNote')}
        </Text>
      </Field>
      {canWrite && (
        <Button
          size="xs"
          variant="subtle"
          leftSection={<IconNotes size={14} />}
          onClick={() => {
            setText(a.visitNote ?? '');
            setEditing(true);
          }}
          data-testid="appointment-note-edit"
        >
          {a.visitNote ? t('appointments.visit.editNote') : t('appointments.visit.writeNote')}
        </Button>
      )}
    </Group>
  );
}

interface AppointmentDetailsProps {
  appointment: AppointmentRecord | undefined;
  loading?: boolean;
  /** Called once the appointment was deleted. */
  onDeleted?: () => void;
}

/** An appointment's details with what can still happen to it: the visit's next steps (VisitActions), its note, delete. */
export function AppointmentDetails({ appointment, loading = false, onDeleted }: AppointmentDetailsProps) {
  const { t, i18n } = useTranslation();
  const { can } = useSession();
  const canWrite = can('appointment_write');
  const canDelete = can('appointment_delete');
  const when = useAppointmentWhen();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [error, setError] = useState<string | null>(null);

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
  const clock = (instant: string) => wallOf(instant).time;

  return (
    <Stack gap="md" data-testid="appointment-details">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Title order={4} style={{ overflowWrap: 'anywhere' }}>
            {a.patient.name}
          </Title>
          <Group gap={6} wrap="nowrap">
            <Text size="sm" c="dimmed" ff="monospace">
              {a.publicId}
            </Text>
            <SeriesMark appointment={a} />
            {a.source === 'online' && <OnlineMark />}
            {a.status === 'requested' && <AwaitingBadge />}
          </Group>
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
      </SimpleGrid>
      <Field label={t('appointments.fields.reason')}>{a.reason}</Field>
      <AppointmentReminders appointmentId={a._id} reminderSent={a.reminderSent} />
      {canWrite && a.status === 'scheduled' && Date.parse(a.datetime) > Date.now() && <PatientLinkActions appointmentId={a._id} />}
      {a.status === 'cancelled' && (
        <Field label={t('appointments.fields.cancellationReason')} testId="appointment-cancellation-reason">
          {a.cancellationReason ?? '—'}
        </Field>
      )}

      {(a.arrivedAt || a.status === 'no_show' || a.status === 'completed') && (
        <SimpleGrid cols={2} spacing="md" verticalSpacing="sm" data-testid="appointment-visit-times">
          {a.arrivedAt && <Field label={t('appointments.visit.arrivedAt')}>{clock(a.arrivedAt)}</Field>}
          {a.waitingMinutes !== null && <Field label={t('appointments.visit.waited')}>{t('appointments.form.minutes', { count: a.waitingMinutes })}</Field>}
          {a.calledInAt && <Field label={t('appointments.visit.calledInAt')}>{clock(a.calledInAt)}</Field>}
          {a.completedAt && <Field label={t('appointments.visit.completedAt')}>{clock(a.completedAt)}</Field>}
          {a.visitMinutes !== null && <Field label={t('appointments.visit.visitLength')}>{t('appointments.form.minutes', { count: a.visitMinutes })}</Field>}
        </SimpleGrid>
      )}
      <WaitlistMatches appointment={a} />
      {a.status === 'completed' && (
        <VisitNote appointment={a} canWrite={canWrite} onError={setError} />
      )}

      {canWrite && (
        <>
          {visitSteps(a.status, a.datetime).length > 0 && <Divider />}
          <VisitActions key={`${a._id}:${a.version}`} appointment={a} onError={setError} />
        </>
      )}

      {error && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" data-testid="appointment-details-error">
          <Text size="sm" c="red">
            {error}
          </Text>
        </Alert>
      )}

      <Group justify="flex-end" gap="xs">
        <AppointmentBilling appointment={a} />
        <Button component={Link} to={`/print/slip/${a._id}`} variant="light" size="compact-sm" leftSection={<IconPrinter size={14} />} data-testid="appointment-print-slip">
          {t('printouts.slip.title')}
        </Button>
      </Group>
      <Divider />
      <Group justify="space-between" gap="sm">
        <Text size="xs" c="dimmed">
          {t('appointments.details.updated', { date: formatDateTime(a.updatedAt, i18n.language, DAY_MONTH_YEAR) })}
        </Text>
        {/* Only an administrator's correction of a mistaken booking; once it has history it is cancelled instead. */}
        {canDelete && mayDeleteAppointment(a) && (
          <Button color="red" variant="subtle" leftSection={<IconTrash size={16} />} onClick={() => setConfirmDelete(true)} data-testid="appointment-delete">
            {t('appointments.delete.button')}
          </Button>
        )}
      </Group>
      {canDelete && <DeleteAppointmentDialog appointmentId={confirmDelete ? a._id : null} onClose={() => setConfirmDelete(false)} onDeleted={onDeleted} />}
    </Stack>
  );
}
