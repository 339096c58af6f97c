import { Alert, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck, IconClock, IconDoorEnter, IconInfoCircle, IconStethoscope } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { PublicTicketView } from '@clinic/shared';

/** Where the ticket stands, in the patient's words: how many before them and how long, or where to go now. */
export function TicketStatus({ ticket }: { ticket: PublicTicketView }) {
  const { t } = useTranslation();
  const place = ticket.room ?? ticket.doctor;

  switch (ticket.state) {
    case 'waiting':
      return (
        <Stack gap="sm" data-testid="ticket-waiting">
          <Text fz="xl" fw={700} data-testid="ticket-position">
            {ticket.position === 0 || ticket.position === null ? t('queueDisplay.ticket.next') : t('queueDisplay.ticket.ahead', { count: ticket.position })}
          </Text>
          {ticket.estimatedWaitMinutes !== null && (
            <Stack gap={2}>
              <Text fz="lg" data-testid="ticket-estimate">
                <IconClock size={20} style={{ verticalAlign: 'middle', marginInlineEnd: 6 }} aria-hidden />
                {ticket.estimatedWaitMinutes === 0 ? t('queueDisplay.ticket.waitSoon') : t('queueDisplay.ticket.wait', { count: ticket.estimatedWaitMinutes })}
              </Text>
              {ticket.estimateBasis && (
                <Text size="sm" c="dimmed" data-testid="ticket-basis">
                  {ticket.estimateBasis === 'today' ? t('queueDisplay.ticket.basisToday') : t('queueDisplay.ticket.basisNominal')}
                </Text>
              )}
            </Stack>
          )}
        </Stack>
      );
    case 'called':
      return (
        <Alert color="green" variant="filled" radius="md" icon={<IconDoorEnter size={28} />} role="alert" data-testid="ticket-called"
          title={<Text fz="xl" fw={800} inherit>{t('queueDisplay.ticket.called')}</Text>}>
          <Text fz="lg" fw={600} inherit>{t('queueDisplay.ticket.goTo')}</Text>
          {place && <Text fz={30} fw={800} lh={1.2} inherit data-testid="ticket-place"><bdi>{place}</bdi></Text>}
        </Alert>
      );
    case 'skipped':
      return <Alert color="orange" icon={<IconInfoCircle />} data-testid="ticket-skipped">{t('queueDisplay.ticket.skipped')}</Alert>;
    case 'in_consultation':
      return (
        <Stack align="center" gap="xs" data-testid="ticket-in-consultation">
          <ThemeIcon size={48} radius="xl" variant="light"><IconStethoscope /></ThemeIcon>
          <Text fz="lg" ta="center">{t('queueDisplay.ticket.inConsultation')}</Text>
        </Stack>
      );
    case 'done':
      return <Alert color="teal" icon={<IconCircleCheck />} data-testid="ticket-done">{t('queueDisplay.ticket.done')}</Alert>;
    default:
      return <Alert color="gray" icon={<IconInfoCircle />} data-testid="ticket-left">{t('queueDisplay.ticket.left')}</Alert>;
  }
}
