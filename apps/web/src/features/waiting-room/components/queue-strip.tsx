import { Link } from 'react-router';
import { Badge, Button, Card, Group, Text } from '@mantine/core';
import { IconArrowUpRight, IconTicket } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { QueueView } from '@clinic/shared';
import { CallNextButton } from './call-next-button';
import { TicketLabel } from './ticket-badges';

/**
 * The front desk's line into the waiting room: each doctor with who is with them now, how many wait, and "Call next";
 * a link opens the whole waiting room.
 */
export function QueueStrip({ queue, canWrite }: { queue: QueueView; canWrite: boolean }) {
  const { t } = useTranslation();
  const clinicId = queue.clinic._id;
  return (
    <Card padding="xs" data-testid="queue-strip">
      <Group gap="xs" wrap="wrap" align="center" aria-label={t('waitingRoom.board.strip')} role="group">
        <Button component={Link} to={`/waiting-room?clinic=${clinicId}`} variant="subtle" size="compact-sm" leftSection={<IconTicket size={16} />} rightSection={<IconArrowUpRight size={14} />} data-testid="queue-strip-open">
          {t('waitingRoom.board.title')}
        </Button>
        {queue.doctors.length === 0 && <Text size="xs" c="dimmed">{t('waitingRoom.board.nobody')}</Text>}
        {queue.doctors.map((line) => (
          <Group key={line.doctor._id} gap={6} wrap="nowrap" px={8} py={4} maw="100%" data-testid="queue-strip-doctor"
            style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-sm)', minWidth: 0 }}>
            <Text size="xs" fw={600} maw={160} truncate="end" title={line.doctor.name} style={{ minWidth: 0 }}>{line.doctor.name}</Text>
            {line.current && <TicketLabel label={line.current.label} size="sm" />}
            <Badge size="xs" variant="light" color={line.waiting ? 'yellow' : 'gray'} style={{ flexShrink: 0 }}>{t('waitingRoom.summary', { count: line.waiting })}</Badge>
            {canWrite && <CallNextButton clinicId={clinicId} doctorId={line.doctor._id} size="compact-xs" variant="light" disabled={!line.waiting} style={{ flexShrink: 0 }} testId="queue-strip-call-next" />}
          </Group>
        ))}
      </Group>
    </Card>
  );
}
