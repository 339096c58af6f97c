import { Badge, Group, Stack, Text } from '@mantine/core';
import { IconBellOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ReminderRecord, ReminderStatus } from '@clinic/shared';
import { formatClock, formatDay } from '@/lib/dates';
import { useAppointmentReminders } from '../api/reminders';
import { DELIVERY_COLORS } from '../delivery';

const STATUS_COLORS: Record<ReminderStatus, string> = { planned: 'blue', sent: 'green', failed: 'red', skipped: 'yellow', withdrawn: 'gray' };


interface AppointmentRemindersProps {
  appointmentId: string;
  /** The appointment is marked as reminded (by hand, or by a reminder that went out). */
  reminderSent: boolean;
}

/**
 * The appointment's reminders: each one planned, sent, failed or withdrawn with its channel and clinic time, and
 * once, in the staff's own terms, why the skipped ones will not go out (the server words it for the reader).
 */
export function AppointmentReminders({ appointmentId, reminderSent }: AppointmentRemindersProps) {
  const { t, i18n } = useTranslation();
  const reminders = useAppointmentReminders(appointmentId);
  if (!reminders.data) return null;
  const when = (r: ReminderRecord) => {
    const at = r.sentAt ?? r.dueAt;
    return `${formatDay(at.slice(0, 10), i18n.language)} ${formatClock(at.slice(11, 16), i18n.language)}`;
  };
  const shown = reminders.data.filter((r) => r.status !== 'skipped');
  const skipped = reminders.data.filter((r) => r.status === 'skipped');
  // Two reminders skipped for the same reason (say 48 h and 2 h before) say it once.
  const reasons = [...new Set(skipped.map((r) => r.detail ?? t('outbox.sent.skippedNoReason')))];
  const none = reminders.data.length === 0;
  return (
    <Stack gap={4} data-testid="appointment-reminders">
      <Text size="xs" c="dimmed" fw={500}>{t('outbox.sent.title')}</Text>
      {none && <Text size="sm">{reminderSent ? t('outbox.sent.markedSent') : t('outbox.sent.none')}</Text>}
      {shown.map((r) => (
        <Group key={r._id} gap="xs" wrap="nowrap" align="flex-start">
          <Badge size="sm" variant="light" tt="none" color={STATUS_COLORS[r.status]} style={{ flexShrink: 0 }}>{t(`outbox.statuses.${r.status}`)}</Badge>
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {t(`outbox.channels.${r.channel}`)} · {when(r)}
            {r.delivery && <Text span size="sm" c={DELIVERY_COLORS[r.delivery]} data-testid="reminder-delivery"> · {t(`outbox.delivery.${r.delivery}`)}</Text>}
            {r.detail && <Text span size="xs" c="dimmed"> — {r.detail}</Text>}
          </Text>
        </Group>
      ))}
      {reasons.map((reason) => (
        <Group key={reason} gap="xs" wrap="nowrap" align="flex-start" data-testid="appointment-reminder-skipped">
          <IconBellOff size={16} style={{ flexShrink: 0, marginTop: 2 }} color="var(--mantine-color-orange-filled)" aria-hidden />
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>{reason}</Text>
        </Group>
      ))}
    </Stack>
  );
}
