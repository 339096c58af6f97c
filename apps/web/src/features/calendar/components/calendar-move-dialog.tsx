import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { wallOf, type WallTime } from '@/lib/clinic-time';
import { formatDay } from '@/lib/dates';
import type { CalendarMove } from '../hooks/use-calendar-move';

/** Asks before a dropped card is rescheduled (and, from the day view, given to another doctor). */
export function CalendarMoveDialog({ move }: { move: CalendarMove }) {
  const { t, i18n } = useTranslation();
  const { pending, error, saving } = move;
  const whenText = (w: WallTime) => `${formatDay(w.date, i18n.language, { weekday: 'short', day: 'numeric', month: 'short' })} \u2066${w.time}\u2069`;

  return (
    <Modal
      opened={pending !== null}
      onClose={move.cancel}
      title={<Text fw={600}>{t('calendar.move.title')}</Text>}
      size={420}
      centered
      closeOnClickOutside={!saving}
      closeOnEscape={!saving}
      data-testid="calendar-move-dialog"
    >
      {pending && (
        <Stack gap="md">
          <Text size="sm" data-testid="calendar-move-text">
            {pending.doctor
              ? t('calendar.dayView.moveText', {
                patient: pending.record.patient.name,
                fromDoctor: pending.record.doctor.name,
                toDoctor: pending.doctor.name,
                from: whenText(wallOf(pending.record.datetime)),
                to: whenText(pending.to),
              })
              : t('calendar.move.text', {
                patient: pending.record.patient.name,
                doctor: pending.record.doctor.name,
                from: whenText(wallOf(pending.record.datetime)),
                to: whenText(pending.to),
              })}
          </Text>
          {error && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert" data-testid="calendar-move-error">
              {error}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={move.cancel} disabled={saving} data-testid="calendar-move-cancel">
              {error ? t('common.actions.close') : t('calendar.move.keep')}
            </Button>
            {!error && (
              <Button onClick={move.confirm} loading={saving} data-autofocus data-testid="calendar-move-confirm">
                {t('calendar.move.confirm')}
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
