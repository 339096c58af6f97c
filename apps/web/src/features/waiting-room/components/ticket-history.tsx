import { Drawer, Group, Loader, Stack, Text, Timeline } from '@mantine/core';
import { IconArrowsExchange, IconFlag, IconPlayerSkipForward, IconRepeat, IconSpeakerphone, IconTicket } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TicketEvent, TicketEventKind } from '@clinic/shared';
import { formatDateTime } from '@/lib/dates';
import { useTicket } from '../api/queue';
import { TicketLabel, TicketStateBadge } from './ticket-badges';

const ICONS: Record<TicketEventKind, typeof IconTicket> = {
  issued: IconTicket, called: IconSpeakerphone, recalled: IconRepeat, skipped: IconPlayerSkipForward, priority: IconFlag, transferred: IconArrowsExchange,
};

/** A readable value of an event's details (a name, a priority, a room), or null. */
function detailText(event: TicketEvent, t: (key: string) => string): string | null {
  const d = event.details;
  const name = (v: unknown) => (typeof v === 'string' ? v : v && typeof v === 'object' && 'name' in v && typeof v.name === 'string' ? v.name : null);
  if (event.kind === 'priority') {
    const p = d.to ?? d.priority;
    return typeof p === 'string' ? t(`waitingRoom.priority.${p}`) : null;
  }
  if (event.kind === 'transferred') {
    const to = d.to && typeof d.to === 'object' ? (d.to as Record<string, unknown>) : {};
    return [name(to), typeof to.room === 'string' ? to.room : null].filter(Boolean).join(' · ') || null;
  }
  return null;
}

/** Who did what to a ticket, and when: given, called, called again, skipped, priority, transfers. */
export function TicketHistory({ ticketId, onClose }: { ticketId: string | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const ticket = useTicket(ticketId);
  const d = ticket.data;
  return (
    <Drawer opened={Boolean(ticketId)} onClose={onClose} position="right" size="sm" padding="lg"
      title={d ? <Group gap="xs"><TicketLabel label={d.label} /><Text fw={700}>{d.patient.name}</Text></Group> : null}>
      {!d ? <Loader size="sm" /> : (
        <Stack gap="md" data-testid="ticket-history-list">
          <Group gap="xs">
            <TicketStateBadge state={d.state} />
            <Text size="sm" c="dimmed">{d.doctor.name}{d.room ? ` · ${d.room}` : ''}</Text>
          </Group>
          {d.issuedEstimateMinutes !== null && <Text size="sm">{t('waitingRoom.history.issuedEstimate', { count: d.issuedEstimateMinutes })}</Text>}
          {d.history.length === 0 ? <Text c="dimmed">{t('waitingRoom.history.empty')}</Text> : (
            <Timeline bulletSize={24} lineWidth={2} active={d.history.length - 1}>
              {d.history.map((event, i) => {
                const Icon = ICONS[event.kind];
                const detail = detailText(event, t);
                return (
                  <Timeline.Item key={i} bullet={<Icon size={13} />} title={t(`waitingRoom.history.kinds.${event.kind}`)} data-testid="ticket-history-event">
                    {detail && <Text size="sm">{t('waitingRoom.history.to', { value: detail })}</Text>}
                    <Text size="xs" c="dimmed">
                      {formatDateTime(event.at, i18n.language)} · {event.actor ? t('waitingRoom.history.by', { name: event.actor.name }) : t('waitingRoom.history.system')}
                    </Text>
                  </Timeline.Item>
                );
              })}
            </Timeline>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
