import { Badge, UnstyledButton, type BadgeProps } from '@mantine/core';
import { Link } from 'react-router';
import { IconOld, IconUrgent } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { QueuePriority, TicketState } from '@clinic/shared';

/** A ticket's label as patients see it on the screen and the slip: large digits, read left to right in both languages. */
export function TicketLabel({ label, size = 'md', ...rest }: { label: string; size?: BadgeProps['size'] } & Omit<BadgeProps, 'children'>) {
  return (
    <Badge
      size={size}
      radius="sm"
      variant="filled"
      color="dark"
      ff="monospace"
      tt="none"
      dir="ltr"
      style={{ letterSpacing: '0.04em', flexShrink: 0, fontVariantNumeric: 'tabular-nums' }}
      data-testid="ticket-label"
      {...rest}
    >
      {label}
    </Badge>
  );
}

/** A ticket's label that opens its 80 mm printout (the front desk hands it over at check-in). */
export function TicketPrintLink({ ticket }: { ticket: { id: string; label: string } }) {
  const { t } = useTranslation();
  return (
    <UnstyledButton component={Link} to={`/print/ticket/${ticket.id}`} title={t('waitingRoom.actions.print')} aria-label={`${t('waitingRoom.actions.print')} ${ticket.label}`} style={{ flexShrink: 0, display: 'inline-flex' }} data-testid="ticket-print-link">
      <TicketLabel label={ticket.label} size="sm" />
    </UnstyledButton>
  );
}

export const PRIORITY_COLORS: Record<QueuePriority, string> = { normal: 'gray', elderly: 'grape', urgent: 'red' };

/** Elderly or urgent (nothing for a normal ticket). */
export function PriorityBadge({ priority }: { priority: QueuePriority }) {
  const { t } = useTranslation();
  if (priority === 'normal') return null;
  const Icon = priority === 'urgent' ? IconUrgent : IconOld;
  return (
    <Badge size="xs" variant="light" color={PRIORITY_COLORS[priority]} leftSection={<Icon size={11} />} style={{ flexShrink: 0 }} data-testid="ticket-priority">
      {t(`waitingRoom.priority.${priority}`)}
    </Badge>
  );
}

export const STATE_COLORS: Record<TicketState, string> = {
  waiting: 'yellow', called: 'blue', skipped: 'orange', in_consultation: 'teal', done: 'gray', left: 'gray',
};

export function TicketStateBadge({ state }: { state: TicketState }) {
  const { t } = useTranslation();
  return (
    <Badge size="xs" variant="light" color={STATE_COLORS[state]} style={{ flexShrink: 0 }} data-testid="ticket-state">
      {t(`waitingRoom.state.${state}`)}
    </Badge>
  );
}
