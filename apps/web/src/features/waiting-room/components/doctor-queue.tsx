import { useState } from 'react';
import { ActionIcon, Badge, Box, Collapse, Divider, Group, Paper, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconDoor, IconRepeat, IconStethoscope } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { QueueView, TicketRecord } from '@clinic/shared';
import { minutesSince } from '../hooks/use-minute-clock';
import { useTicketActions } from '../hooks/use-ticket-actions';
import { CallNextButton } from './call-next-button';
import { TicketLabel, TicketStateBadge } from './ticket-badges';
import { TicketRow } from './ticket-row';

type DoctorLine = QueueView['doctors'][number];

interface DoctorQueueProps {
  clinicId: string;
  line: DoctorLine;
  /** The day's tickets of this doctor, in the queue's order. */
  tickets: TicketRecord[];
  now: number;
  canWrite: boolean;
  onTransfer: (ticket: TicketRecord) => void;
  onHistory: (ticket: TicketRecord) => void;
}

/** The patient with the doctor now (called, or in consultation), with "call again" while only called. */
function NowServing({ ticket, now, canWrite }: { ticket: TicketRecord | null; now: number; canWrite: boolean }) {
  const { t } = useTranslation();
  const { call } = useTicketActions();
  if (!ticket) return <Text size="sm" c="dimmed" py={6}>{t('waitingRoom.nobodyCalled')}</Text>;
  const ago = minutesSince(ticket.calledAt, now);
  return (
    <Group gap="sm" wrap="nowrap" data-testid="doctor-queue-current">
      <TicketLabel label={ticket.label} size="xl" />
      <Stack gap={0} style={{ minWidth: 0, flex: 1 }}>
        <Text size="sm" fw={600} truncate="end">{ticket.patient.name}</Text>
        <Group gap={6} wrap="nowrap">
          <TicketStateBadge state={ticket.state} />
          {ticket.state === 'called' && (
            <Text size="xs" c="dimmed" truncate="end">{ago === 0 ? t('waitingRoom.calledJustNow') : t('waitingRoom.calledAgo', { count: ago })}</Text>
          )}
        </Group>
      </Stack>
      {canWrite && ticket.state === 'called' && (
        <Tooltip label={t('waitingRoom.actions.recall')} withinPortal>
          <ActionIcon size="lg" variant="light" aria-label={t('waitingRoom.actions.recall')} loading={call.isPending} onClick={() => call.mutate(ticket)} data-testid="doctor-queue-recall">
            <IconRepeat size={18} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}

/**
 * One doctor's line today: room and pace, who is with the doctor now, "Call next", the waiting tickets in call order
 * with their estimates, and the skipped ones (folded) to call back.
 */
export function DoctorQueue({ clinicId, line, tickets, now, canWrite, onTransfer, onHistory }: DoctorQueueProps) {
  const { t } = useTranslation();
  const [showSkipped, setShowSkipped] = useState(false);
  const waiting = tickets.filter((x) => x.state === 'waiting');
  const skipped = tickets.filter((x) => x.state === 'skipped');
  const calledElse = tickets.filter((x) => x.state === 'called' && x._id !== line.current?._id);
  const seen = tickets.filter((x) => x.state === 'done').length;
  const rowProps = { now, lineRoom: line.room, canWrite, onTransfer, onHistory };
  return (
    <Paper withBorder radius="md" p="sm" data-testid="doctor-queue" data-doctor-id={line.doctor._id} style={{ minWidth: 0 }}>
      <Group justify="space-between" gap="xs" wrap="nowrap" mb={4}>
        <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
          <IconStethoscope size={18} style={{ flexShrink: 0, color: 'var(--mantine-color-teal-6)' }} />
          <Text fw={700} truncate="end" title={line.doctor.name}>{line.doctor.name}</Text>
        </Group>
        <Badge variant="light" color={waiting.length ? 'yellow' : 'gray'} data-testid="doctor-queue-count">{t('waitingRoom.summary', { count: waiting.length })}</Badge>
      </Group>
      <Group gap={6} mb="xs" wrap="wrap">
        <Badge size="sm" variant="outline" color="gray" tt="none" leftSection={<IconDoor size={12} />}>{line.room ?? t('waitingRoom.noRoom')}</Badge>
        <Text size="xs" c="dimmed" data-testid="doctor-queue-pace">
          {t('waitingRoom.pace', { count: line.paceMinutes })} · <Text span inherit c={line.paceBasis === 'today' ? 'teal' : undefined}>{t(`waitingRoom.basis.${line.paceBasis}`)}</Text>
        </Text>
      </Group>
      <Box p="xs" mb="xs" style={{ borderRadius: 'var(--mantine-radius-sm)', background: 'light-dark(var(--mantine-color-gray-0), var(--mantine-color-dark-6))' }}>
        <Text size="10px" tt="uppercase" fw={700} c="dimmed" mb={4}>{t('waitingRoom.now')}</Text>
        <NowServing ticket={line.current} now={now} canWrite={canWrite} />
      </Box>
      {canWrite && <CallNextButton clinicId={clinicId} doctorId={line.doctor._id} fullWidth mb="xs" disabled={!waiting.length} testId="doctor-queue-call-next" />}
      <Stack gap={2}>
        {calledElse.map((ticket) => <TicketRow key={ticket._id} ticket={ticket} {...rowProps} />)}
        {waiting.length === 0 ? (
          <Text size="xs" c="dimmed" py={4} ta="center">{t('waitingRoom.noDoctorQueue')}</Text>
        ) : waiting.map((ticket) => <TicketRow key={ticket._id} ticket={ticket} {...rowProps} />)}
      </Stack>
      {skipped.length > 0 && (
        <>
          <Divider my={6} />
          <UnstyledButton onClick={() => setShowSkipped((v) => !v)} aria-expanded={showSkipped} data-testid="doctor-queue-skipped-toggle">
            <Group gap={4}>
              <IconChevronDown size={14} style={{ transform: showSkipped ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }} />
              <Text size="xs" fw={600} c="orange">{t('waitingRoom.skippedTitle', { count: skipped.length })}</Text>
            </Group>
          </UnstyledButton>
          <Collapse expanded={showSkipped}>
            <Stack gap={2} mt={4}>{skipped.map((ticket) => <TicketRow key={ticket._id} ticket={ticket} {...rowProps} />)}</Stack>
          </Collapse>
        </>
      )}
      <Text size="xs" c="dimmed" mt={6} ta="end" data-testid="doctor-queue-seen">{t('waitingRoom.seenToday', { count: seen })}</Text>
    </Paper>
  );
}
