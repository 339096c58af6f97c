import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Badge, Button, Card, Group, Loader, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconSettings, IconTicket } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TicketRecord } from '@clinic/shared';
import { EmptyState } from '@/components/empty-state';
import { useCanOpen } from '@/lib/pages';
import { useSession } from '@/lib/session-context';
import { useQueue } from '../api/queue';
import { useWaitingRoomSettings } from '../api/settings';
import { ClinicPicker } from '../components/clinic-picker';
import { DoctorQueue } from '../components/doctor-queue';
import { TicketHistory } from '../components/ticket-history';
import { TransferDialog } from '../components/transfer-dialog';
import { useClinicPeople } from '../hooks/use-clinic-doctors';
import { useMinuteClock } from '../hooks/use-minute-clock';
import { usePageClinic } from '../hooks/use-page-clinic';

/**
 * The waiting room: one clinic's queue today, a column per doctor, each in call order (urgent, elderly, then by
 * check-in) with the minutes waited and the estimate from the doctor's pace today; call next, call out of turn,
 * call again, skip, priority, transfer, and each ticket's history. Live: the shell's stream refreshes it.
 */
export default function WaitingRoomPage() {
  const { t } = useTranslation();
  const { can } = useSession();
  const canWrite = can('appointment_write');
  const canOpen = useCanOpen();
  const { clinics, clinicId, pick } = usePageClinic();
  const queue = useQueue(clinicId);
  const settings = useWaitingRoomSettings(clinicId);
  const people = useClinicPeople(clinicId);
  const now = useMinuteClock();
  const [transferring, setTransferring] = useState<TicketRecord | null>(null);
  const [historyOf, setHistoryOf] = useState<string | null>(null);
  const data = queue.data && queue.data.clinic._id === clinicId ? queue.data : undefined;
  const waiting = data?.tickets.filter((x) => x.state === 'waiting').length ?? 0;
  const lines = data?.doctors ?? [];

  return (
    <Stack gap="md" data-testid="waiting-room">
      <Card padding="sm">
        <Group gap="sm" wrap="wrap" justify="space-between">
          <Group gap="sm" wrap="wrap" style={{ flex: '1 1 16rem' }}>
            <ClinicPicker clinics={clinics} value={clinicId} onChange={pick} />
            {data && (
              <Badge size="lg" variant="light" color={waiting ? 'yellow' : 'gray'} leftSection={<IconTicket size={14} />} data-testid="waiting-room-summary">
                {t('waitingRoom.summary', { count: waiting })}
              </Badge>
            )}
            {queue.isFetching && <Loader size={12} role="status" aria-label={t('waitingRoom.refreshing')} />}
          </Group>
          {clinicId && canOpen('/waiting-room/settings') && (
            <Button component={Link} to={`/waiting-room/settings?clinic=${clinicId}`} variant="subtle" leftSection={<IconSettings size={16} />} data-testid="waiting-room-settings-link">
              {t('waitingRoom.settingsLink')}
            </Button>
          )}
        </Group>
      </Card>

      {queue.isError && (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
          <Group justify="space-between" gap="sm">
            <Text size="sm">{queue.error.message || t('waitingRoom.loadError')}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void queue.refetch()}>{t('common.actions.retry')}</Button>
          </Group>
        </Alert>
      )}

      {!data && !queue.isError ? (
        <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="sm" aria-busy data-testid="waiting-room-loading">
          {Array.from({ length: 3 }, (_, i) => <Skeleton key={i} height={220} radius="md" />)}
        </SimpleGrid>
      ) : data && lines.length === 0 ? (
        <EmptyState icon={<IconTicket size={40} stroke={1.4} />} title={t('waitingRoom.title')} description={t('waitingRoom.empty')} />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="sm" verticalSpacing="sm">
          {lines.map((line) => (
            <DoctorQueue
              key={line.doctor._id}
              clinicId={clinicId ?? ''}
              line={line}
              tickets={(data?.tickets ?? []).filter((x) => x.doctor._id === line.doctor._id)}
              now={now}
              canWrite={canWrite}
              onTransfer={setTransferring}
              onHistory={(ticket) => setHistoryOf(ticket._id)}
            />
          ))}
        </SimpleGrid>
      )}

      <TransferDialog ticket={transferring} doctors={people.doctors} rooms={Object.values(settings.data?.rooms ?? {})} onClose={() => setTransferring(null)} />
      <TicketHistory ticketId={historyOf} onClose={() => setHistoryOf(null)} />
    </Stack>
  );
}
