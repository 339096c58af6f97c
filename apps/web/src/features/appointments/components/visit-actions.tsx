import { useState } from 'react';
import { Button, Divider, Group, Stack, Textarea } from '@mantine/core';
import { IconCalendarX, IconCircleCheck, IconDoorEnter, IconStethoscope, IconThumbDown, IconThumbUp, IconUserX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { appointmentCancelForm, VISIT_NOTE_MAX, type AppointmentCancelForm, type AppointmentRecord } from '@clinic/shared';
import { TextAreaField } from '@/components/form/fields';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { isApiError } from '@/lib/http';
import { useUpdateAppointment } from '../api/update-appointment';
import { visitSteps, type VisitStep } from './visit-flow';

/** What the buttons need of an appointment: the board's cards and the full record both have it. */
export type VisitSubject = Pick<AppointmentRecord, '_id' | 'version' | 'status' | 'datetime'>;

const STEP_LOOK: Record<VisitStep, { color: string; icon: typeof IconDoorEnter; testId: string }> = {
  arrived: { color: 'yellow', icon: IconDoorEnter, testId: 'appointment-check-in' },
  in_consultation: { color: 'grape', icon: IconStethoscope, testId: 'appointment-start' },
  completed: { color: 'teal', icon: IconCircleCheck, testId: 'appointment-complete' },
  no_show: { color: 'gray', icon: IconUserX, testId: 'appointment-no-show' },
  cancelled: { color: 'orange', icon: IconCalendarX, testId: 'appointment-cancel' },
};

interface VisitActionsProps {
  appointment: VisitSubject;
  /**
   * `details`: completing asks for an optional visit note. `board`: every step but a cancellation (which needs a
   * reason) is one click, with small buttons.
   */
  variant?: 'details' | 'board';
  /** The refusal to show where the user is looking (null once a step succeeds or starts again). */
  onError: (message: string | null) => void;
}

/**
 * The visit's next steps, only those its status allows: check in, start the consultation, complete, no-show (once
 * the start has passed), cancel with a reason. Each sends the version shown; a refusal (409: changed meanwhile, or no
 * longer allowed) reloads the appointment and is reported through `onError`.
 */
export function VisitActions({ appointment: a, variant = 'details', onError }: VisitActionsProps) {
  const { t } = useTranslation();
  const update = useUpdateAppointment();
  const [form, setForm] = useState<'complete' | 'cancel' | null>(null);
  const [note, setNote] = useState('');
  const { form: cancelForm } = useSchemaForm<AppointmentCancelForm>({ schema: appointmentCancelForm, defaultValues: { cancellationReason: '' } });
  const steps = visitSteps(a.status, a.datetime);
  const board = variant === 'board';

  const run = async (input: { status: VisitStep | 'scheduled'; cancellationReason?: string; visitNote?: string | null }) => {
    onError(null);
    try {
      await update.mutateAsync({ id: a._id, input: { ...input, version: a.version } });
      return true;
    } catch (e) {
      onError(isApiError(e) ? e.message : t('errors.unexpected'));
      return false;
    }
  };
  const pending = (step: VisitStep | 'scheduled') => update.isPending && update.variables?.input.status === step;

  if (!steps.length) return null;

  if (form === 'cancel') {
    return (
      <form
        noValidate
        data-testid="appointment-cancel-form"
        onSubmit={cancelForm.handleSubmit(async (values) => {
          if (await run({ status: 'cancelled', cancellationReason: values.cancellationReason })) {
            setForm(null);
            cancelForm.reset();
          }
        })}
      >
        <Stack gap="sm">
          {!board && <Divider />}
          <TextAreaField
            control={cancelForm.control}
            name="cancellationReason"
            label={t(a.status === 'requested' ? 'appointments.online.declineReason' : 'appointments.details.cancelReason')}
            placeholder={t('appointments.details.cancelReasonPlaceholder')}
            required
            data-autofocus
            size={board ? 'xs' : 'sm'}
            testId="appointment-cancel-reason"
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" size={board ? 'xs' : 'sm'} onClick={() => setForm(null)}>
              {t('appointments.details.keep')}
            </Button>
            <Button type="submit" color="red" size={board ? 'xs' : 'sm'} loading={update.isPending} data-testid="appointment-cancel-confirm">
              {t(a.status === 'requested' ? 'appointments.online.confirmDecline' : 'appointments.details.confirmCancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    );
  }

  if (form === 'complete') {
    return (
      <form
        noValidate
        data-testid="appointment-complete-form"
        onSubmit={(e) => {
          e.preventDefault();
          void run({ status: 'completed', visitNote: note.trim() ? note.trim() : null }).then((ok) => {
            if (ok) {
              setForm(null);
              setNote('');
            }
          });
        }}
      >
        <Stack gap="sm">
          <Divider />
          <Textarea
            label={t('appointments.visit.note')}
            description={t('appointments.visit.noteHint')}
            placeholder={t('appointments.visit.notePlaceholder')}
            autosize
            minRows={3}
            maxLength={VISIT_NOTE_MAX}
            data-autofocus
            value={note}
            onChange={(e) => setNote(e.currentTarget.value)}
            data-testid="appointment-visit-note"
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setForm(null)}>
              {t('common.actions.cancel')}
            </Button>
            <Button type="submit" color="teal" loading={update.isPending} data-testid="appointment-complete-confirm">
              {t('appointments.visit.confirmComplete')}
            </Button>
          </Group>
        </Stack>
      </form>
    );
  }

  // A booking requested online waits for the desk: accept it (scheduled) or decline it (cancelled, with a reason).
  if (a.status === 'requested') {
    const size = board ? 'compact-xs' : 'sm';
    return (
      <Group gap={board ? 6 : 'sm'} wrap="wrap" data-testid="visit-actions">
        <Button size={size} color="teal" variant={board ? 'light' : 'filled'} leftSection={<IconThumbUp size={board ? 14 : 16} />}
          loading={pending('scheduled')} disabled={update.isPending && !pending('scheduled')} onClick={() => void run({ status: 'scheduled' })} data-testid="appointment-accept">
          {t('appointments.online.accept')}
        </Button>
        <Button size={size} color="red" variant={board ? 'subtle' : 'light'} leftSection={<IconThumbDown size={board ? 14 : 16} />}
          disabled={update.isPending} onClick={() => setForm('cancel')} data-testid="appointment-decline">
          {t('appointments.online.decline')}
        </Button>
      </Group>
    );
  }

  return (
    <Group gap={board ? 6 : 'sm'} wrap="wrap" data-testid="visit-actions">
      {steps.map((step) => {
        const look = STEP_LOOK[step];
        const Icon = look.icon;
        const onClick = () => {
          if (step === 'cancelled') setForm('cancel');
          else if (step === 'completed' && !board) setForm('complete');
          else void run({ status: step });
        };
        return (
          <Button
            key={step}
            size={board ? 'compact-xs' : 'sm'}
            color={look.color}
            variant={board && step !== 'cancelled' && step !== 'no_show' ? 'light' : board ? 'subtle' : 'light'}
            leftSection={<Icon size={board ? 14 : 16} />}
            loading={pending(step)}
            disabled={update.isPending && !pending(step)}
            onClick={onClick}
            data-testid={look.testId}
          >
            {t(`appointments.actions.${step}`)}
          </Button>
        );
      })}
    </Group>
  );
}
