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
  /** The doctor's room: a ticket's room is named only when it differs (after a transfer). */
  lineRoom: string | null;
  canWrite: boolean;
  onTransfer: (ticket: TicketRecord) => void;
  onHistory: (ticket: TicketRecord) => void;
}

/** The estimate of a waiting ticket: minutes (or "Next") in bold, its basis beneath, the long basis on hover. */
function Estimate({ ticket }: { ticket: TicketRecord }) {
  const { t } = useTranslation();
  const minutes = ticket.estimatedWaitMinutes;
  const basis = ticket.estimateBasis;
  return (
    <Tooltip label={basis ? `${t('waitingRoom.estimateLabel')} · ${t(`waitingRoom.basis.${basis}`)}` : t('waitingRoom.estimateLabel')} withinPortal>
      <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }} data-testid="queue-ticket-estimate">
        <Text size="sm" fw={700} style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
          {minutes === null ? '—' : minutes === 0 ? t('waitingRoom.estimateNext') : t('waitingRoom.estimate', { count: minutes })}
        </Text>
        {basis && <Text fz={10} lh={1.2} c={basis === 'today' ? 'teal' : 'dimmed'} style={{ whiteSpace: 'nowrap' }}>{t(`waitingRoom.basisShort.${basis}`)}</Text>}
      </Stack>
    </Tooltip>
  );
}

/** One ticket in a doctor's line: place, label, patient, priority and minutes waited, the estimate and its basis, actions. */
export function TicketRow({ ticket, now, lineRoom, canWrite, onTransfer, onHistory }: TicketRowProps) {
  const { t, i18n } = useTranslation();
  const n = (v: number) => formatNumber(v, i18n.language);
  const waiting = ticket.state === 'waiting';
  const meta = [t('waitingRoom.waited', { count: minutesSince(ticket.issuedAt, now) }), ticket.room !== lineRoom ? (ticket.room ?? t('waitingRoom.noRoom')) : null].filter(Boolean).join(' · ');
  return (
    <Group
      gap={8}
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
      <Text size="xs" c="dimmed" w={16} ta="center" style={{ flexShrink: 0, fontVariantNumeric: 'tabular-nums' }} title={ticket.position === null ? undefined : t('waitingRoom.position', { position: n(ticket.position + 1) })}>
        {ticket.position === null ? '' : n(ticket.position + 1)}
      </Text>
      <TicketLabel label={ticket.label} />
      <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
        <Text size="sm" fw={600} truncate="end" title={ticket.patient.name} data-testid="queue-ticket-patient">{ticket.patient.name}</Text>
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          <PriorityBadge priority={ticket.priority} />
          {!waiting && <TicketStateBadge state={ticket.state} />}
          <Text size="xs" c="dimmed" truncate="end">{meta}</Text>
        </Group>
      </Stack>
      {waiting && <Estimate ticket={ticket} />}
      <TicketMenu ticket={ticket} canWrite={canWrite} onTransfer={onTransfer} onHistory={onHistory} />
    </Group>
  );
}
