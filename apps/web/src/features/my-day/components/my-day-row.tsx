import type { ReactNode } from 'react';
import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { BoardCard } from '@clinic/shared';
import { AppointmentStatusBadge, STATUS_COLORS, VisitActions } from '@/features/appointments';
import { OpenEncounterButton } from '@/features/encounter';
import { wallOf } from '@/lib/clinic-time';

interface MyDayRowProps {
  card: BoardCard;
  canWrite: boolean;
  error: string | null;
  onError: (id: string, message: string | null) => void;
}

/**
 * One patient of the doctor's day: the time, the patient (a link to their record), the visit's status, minutes waiting
 * and its next steps; a completed visit's note opens from here.
 */
export function MyDayRow({ card, canWrite, error, onError }: MyDayRowProps) {
  const { t } = useTranslation();
  return (
    <Paper
      withBorder
      radius="sm"
      p="sm"
      data-testid="my-day-row"
      data-appointment-id={card._id}
      data-status={card.status}
      style={{ borderInlineStartWidth: 3, borderInlineStartColor: `var(--mantine-color-${STATUS_COLORS[card.status]}-filled)` }}
    >
      <Stack gap={6}>
        <Group gap="sm" wrap="nowrap" align="center">
          <Text size="sm" fw={700} ff="monospace" style={{ flexShrink: 0 }} dir="ltr">{wallOf(card.datetime).time}</Text>
          <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
            <Anchor component={Link} to={`/patients/details/${card.patient._id}`} size="sm" fw={600} c="var(--mantine-color-text)" truncate="end" title={card.patient.name} data-testid="my-day-patient">
              {card.patient.name}
            </Anchor>
            <Text size="xs" c="dimmed" truncate="end">{card.service.name}</Text>
          </Stack>
          <AppointmentStatusBadge status={card.status} />
        </Group>
        {card.status === 'arrived' && card.waitingMinutes !== null && (
          <Group gap={4} c="yellow.8" data-testid="my-day-waiting">
            <IconClockHour4 size={14} aria-hidden />
            <Text size="xs" fw={600}>{t('myDay.waited', { count: card.waitingMinutes })}</Text>
          </Group>
        )}
        {/* A finished visit's note stays one click away (to read it, sign it or add an addendum). */}
        {card.status === 'completed' && (
          <Group gap="xs"><OpenEncounterButton appointmentId={card._id} size="compact-sm" variant="subtle" /></Group>
        )}
        {canWrite && (
          <VisitActions key={`${card._id}:${card.version}`} appointment={card} variant="board" onError={(message) => onError(card._id, message)} />
        )}
        {error && <Text size="xs" c="red" role="alert">{error}</Text>}
      </Stack>
    </Paper>
  );
}

/** The next patient, or the one with the doctor now, with the one step that matters: call in (or complete). */
export function Spotlight({ label, card, action }: { label: string; card: BoardCard; action?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>{label}</Text>
      <Group gap="sm" justify="space-between" wrap="wrap">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text fw={700} fz="lg" truncate="end" data-testid="my-day-spotlight-name">{card.patient.name}</Text>
          <Group gap={6}>
            <Text size="sm" c="dimmed" dir="ltr">{wallOf(card.datetime).time}</Text>
            {card.status === 'arrived' && card.waitingMinutes !== null && (
              <Badge size="sm" variant="light" color="yellow" tt="none" leftSection={<IconClockHour4 size={12} />}>{t('myDay.waited', { count: card.waitingMinutes })}</Badge>
            )}
          </Group>
        </Stack>
        {action}
      </Group>
    </Stack>
  );
}
