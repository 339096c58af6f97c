import { Badge, Box, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { OnlineMark } from '@/features/appointments';
import { useTranslation } from 'react-i18next';
import type { BoardCard } from '@clinic/shared';
import { STATUS_COLORS, VisitActions } from '@/features/appointments';
import { wallOf } from '@/lib/clinic-time';
import { TakePaymentButton } from '@/features/billing';
import { TicketPrintLink } from '@/features/waiting-room';
import { formatNumber } from '@/lib/dates';
import { waitsLong, type BoardSection } from './board-sections';

interface BoardCardViewProps {
  card: BoardCard;
  /** The queue ticket (its label opens its printout), while the patient is checked in today. */
  ticket: { id: string; label: string } | null;
  canWrite: boolean;
  error: string | null;
  onError: (id: string, message: string | null) => void;
  onOpen: (id: string) => void;
}

function BoardCardView({ card, ticket, canWrite, error, onError, onOpen }: BoardCardViewProps) {
  const { t } = useTranslation();
  const long = waitsLong(card);
  return (
    <Paper
      withBorder
      radius="sm"
      p="xs"
      data-testid="board-card"
      data-appointment-id={card._id}
      data-long-wait={long || undefined}
      data-requested={card.status === 'requested' || undefined}
      style={{
        borderStyle: card.status === 'requested' ? 'dashed' : undefined,
        borderInlineStartWidth: 3,
        borderInlineStartColor: `var(--mantine-color-${long ? 'red' : STATUS_COLORS[card.status]}-filled)`,
        background: long ? 'light-dark(var(--mantine-color-red-0), rgba(250, 82, 82, 0.10))' : undefined,
      }}
    >
      <Stack gap={4}>
        {/* The time, ticket and name keep a line of their own; what follows them wraps below when the card is narrow. */}
        <Group gap={8} wrap="wrap" align="baseline">
          <Group gap={8} wrap="nowrap" align="baseline" style={{ flex: '1 1 auto', minWidth: 0 }}>
            <Text size="sm" fw={700} ff="monospace" style={{ flexShrink: 0 }} dir="ltr">
              {wallOf(card.datetime).time}
            </Text>
            {ticket && (card.status === 'arrived' || card.status === 'in_consultation') && <TicketPrintLink ticket={ticket} />}
            <UnstyledButton onClick={() => onOpen(card._id)} style={{ minWidth: 0, flex: 1 }} data-testid="board-card-open">
              <Text size="sm" fw={600} truncate="end" title={card.patient.name}>
                {card.patient.name}
              </Text>
            </UnstyledButton>
          </Group>
          {card.source === 'online' && <OnlineMark />}
          {card.status === 'arrived' && card.waitingMinutes !== null && (
            <Badge
              size="sm"
              variant={long ? 'filled' : 'light'}
              color={long ? 'red' : 'yellow'}
              leftSection={<IconClockHour4 size={12} />}
              style={{ flexShrink: 0 }}
              data-testid="board-card-waiting"
            >
              {t('frontdesk.card.waiting', { count: card.waitingMinutes })}
            </Badge>
          )}
          {card.status === 'completed' && card.visitMinutes !== null && (
            <Text size="xs" c="dimmed" style={{ flexShrink: 0 }}>
              {t('frontdesk.card.visit', { count: card.visitMinutes })}
            </Text>
          )}
          {card.status === 'cancelled' && card.lateCancellation && (
            <Badge size="xs" color="orange" variant="light" style={{ flexShrink: 0 }}>
              {t('frontdesk.card.late')}
            </Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed" truncate="end" title={`${card.doctor.name} · ${card.service.name}`}>
          {card.doctor.name} · {card.service.name}
        </Text>
        {canWrite && <VisitActions key={`${card._id}:${card.version}`} appointment={card} variant="board" onError={(message) => onError(card._id, message)} />}
        {card.status === 'completed' && (
          <Group justify="flex-end">
            <TakePaymentButton appointment={card} variant="board" />
          </Group>
        )}
        {error && (
          <Text size="xs" c="red" role="alert" data-testid="board-card-error">
            {error}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

interface BoardColumnProps {
  section: BoardSection;
  canWrite: boolean;
  errors: Record<string, string>;
  onError: (id: string, message: string | null) => void;
  onOpen: (id: string) => void;
  /** Queue tickets by appointment (today's waiting room). */
  tickets?: ReadonlyMap<string, { id: string; label: string }>;
}

/** One status of the day: its title and count, then its appointments by start time. */
export function BoardColumn({ section, canWrite, errors, onError, onOpen, tickets }: BoardColumnProps) {
  const { t, i18n } = useTranslation();
  const n = (v: number) => formatNumber(v, i18n.language);
  const { status, cards, total } = section;
  return (
    <Paper withBorder radius="md" p="sm" data-testid={`board-section-${status}`} style={{ minWidth: 0 }}>
      <Group justify="space-between" gap="xs" mb="xs" wrap="nowrap">
        <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
          <Box w={10} h={10} style={{ borderRadius: '50%', flexShrink: 0, background: `var(--mantine-color-${STATUS_COLORS[status]}-filled)` }} />
          <Text fw={700} size="sm" truncate="end">
            {t(`frontdesk.sections.${status}`)}
          </Text>
        </Group>
        <Badge variant="light" color={STATUS_COLORS[status]} size="sm" data-testid="board-section-count">
          {cards.length === total ? n(total) : `${n(cards.length)} / ${n(total)}`}
        </Badge>
      </Group>
      <Stack gap={6}>
        {cards.length === 0 ? (
          <Text size="xs" c="dimmed" py={4}>
            {total ? t('frontdesk.noMatch') : t(`frontdesk.empty.${status}`)}
          </Text>
        ) : (
          cards.map((card) => <BoardCardView key={card._id} card={card} ticket={tickets?.get(card._id) ?? null} canWrite={canWrite} error={errors[card._id] ?? null} onError={onError} onOpen={onOpen} />)
        )}
      </Stack>
    </Paper>
  );
}
