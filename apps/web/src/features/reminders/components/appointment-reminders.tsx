import { Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ReminderStatus } from '@clinic/shared';
import { useAppointmentReminders } from '../api/reminders';

const STATUS_COLORS: Record<ReminderStatus, string> = { planned: 'blue', sent: 'green', failed: 'red', skipped: 'yellow', withdrawn: 'gray' };

/** What was sent for an appointment, when (clinic time) and through which channel, with the provider's answer. */
export function AppointmentReminders({ appointmentId }: { appointmentId: string }) {
  const { t } = useTranslation();
  const reminders = useAppointmentReminders(appointmentId);
  if (!reminders.data) return null;
  return (
    <Stack gap={4} data-testid="appointment-reminders">
      <Text size="xs" c="dimmed" fw={500}>{t('outbox.sent.title')}</Text>
      {reminders.data.length === 0 && <Text size="sm">{t('outbox.sent.none')}</Text>}
      {reminders.data.map((r) => (
        <Group key={r._id} gap="xs" wrap="nowrap" align="flex-start">
          <Badge size="sm" variant="light" color={STATUS_COLORS[r.status]}>{t(`outbox.statuses.${r.status}`)}</Badge>
          <Text size="sm">
            {t(`outbox.channels.${r.channel}`)} · {(r.sentAt ?? r.dueAt).slice(0, 16).replace('T', ' ')}
            {r.detail && <Text span size="xs" c="dimmed"> — {r.detail}</Text>}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
