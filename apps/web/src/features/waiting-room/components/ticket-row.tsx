import { Group, Stack, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TicketRecord } from '@clinic/shared';
import { formatNumber } from '@/lib/dates';
import { minutesSince } from '../hooks/use-minute-clock';
import { PriorityBadge, TicketLabel, TicketStateBadge } from './ticket-badges';
import { TicketMenu } from './ticket-menu';

interface TicketRowProps {
  ticket: TicketRecord;
  now: number;
  canWrite: boolean;
  onTransfer: (ticket: TicketRecord) => void;
  onHistory: (ticket: TicketRecord) => void;
}

/** One ticket in a doctor's line: place, label, patient and priority, minutes waited, the estimate and its basis, actions. */
export function TicketRow({ ticket, now, canWrite, onTransfer, onHistory }: TicketRowProps) {
  const { t, i18n } = useTranslation();
  const n = (v: number) => formatNumber(v, i18n.language);
  const waiting = ticket.state === 'waiting';
  const estimate = ticket.estimatedWaitMinutes;
  return (
    <Group
      gap="xs"
      wrap="nowrap"
      px={6}
      py={5}
      data-testid="queue-ticket"
      data-ticket-id={ticket._id}
      data-state={ticket.state}
      style={{
        borderRadius: 'var(--mantine-radius-sm)',
        background: ticket.priority === 'urgent' && waiting ? 'light-dark(var(--mantine-color-red-0), rgba(250, 82, 82, 0.10))' : undefined,
      }}
    >
      <Text size="xs" c="dimmed" w={18} ta="center" style={{ flexShrink: 0, fontVariantNumeric: 'tabular-nums' }} aria-label={ticket.position === null ? undefined : t('waitingRoom.position', { position: n(ticket.position + 1) })}>
        {ticket.position === null ? '' : n(ticket.position + 1)}
      </Text>
      <TicketLabel label={ticket.label} />
      <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
        <Group gap={6} wrap="nowrap">
          <Text size="sm" fw={600} truncate="end" title={ticket.patient.name} data-testid="queue-ticket-patient">{ticket.patient.name}</Text>
          <PriorityBadge priority={ticket.priority} />
          {!waiting && <TicketStateBadge state={ticket.state} />}
        </Group>
        <Text size="xs" c="dimmed" truncate="end">
          {t('waitingRoom.waited', { count: minutesSince(ticket.issuedAt, now) })}
          {ticket.room ? ` · ${ticket.room}` : ''}
        </Text>
      </Stack>
      {waiting && (
        <Tooltip label={`${t('waitingRoom.estimateLabel')}: ${ticket.estimateBasis ? t(`waitingRoom.basis.${ticket.estimateBasis}`) : ''}`} withinPortal>
          <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }} data-testid="queue-ticket-estimate">
            <Text size="sm" fw={700} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
              {estimate === null ? '—' : estimate === 0 ? t('waitingRoom.estimateNext') : t('waitingRoom.estimate', { count: estimate })}
            </Text>
            {ticket.estimateBasis && (
              <Text size="10px" c={ticket.estimateBasis === 'today' ? 'teal' : 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
                {t(`waitingRoom.basis.${ticket.estimateBasis}`)}
              </Text>
            )}
          </Stack>
        </Tooltip>
      )}
      <TicketMenu ticket={ticket} canWrite={canWrite} onTransfer={onTransfer} onHistory={onHistory} />
    </Group>
  );
}
