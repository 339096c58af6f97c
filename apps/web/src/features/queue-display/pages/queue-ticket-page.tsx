import { useEffect } from 'react';
import { Alert, Badge, Box, Card, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconClockX, IconInfoCircle, IconWifiOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { LanguageMenu } from '@/components/language-menu';
import { Ltr } from '@/components/ltr';
import { ThemeToggle } from '@/components/theme-toggle';
import { isApiError } from '@/lib/http';
import { TicketStatus } from '../components/ticket-status';
import { usePublicTicket } from '../hooks/use-public-ticket';

/** The token of the link sent at check-in: `?token=` (or after `#`, which never reaches a server log). */
function useLinkToken(): string {
  const [params] = useSearchParams();
  const { hash } = useLocation();
  return params.get('token') ?? decodeURIComponent(hash.replace(/^#/, '').replace(/^(t|token)=/, ''));
}

function TicketError({ error }: { error: unknown }) {
  const { t } = useTranslation();
  if (isApiError(error) && error.status === 410) {
    return (
      <Stack align="center" gap="sm" py="lg" data-testid="ticket-expired">
        <IconClockX size={48} stroke={1.4} aria-hidden />
        <Title order={1} fz="h3" ta="center">{t('queueDisplay.ticket.expiredTitle')}</Title>
        <Text c="dimmed" ta="center">{t('queueDisplay.ticket.expired')}</Text>
      </Stack>
    );
  }
  const invalid = isApiError(error) && (error.status === 401 || error.status === 404);
  return (
    <Alert color={invalid ? 'red' : 'orange'} icon={<IconInfoCircle />} data-testid="ticket-error">
      {invalid ? t('queueDisplay.ticket.invalid') : t('queueDisplay.ticket.unreachable')}
    </Alert>
  );
}

/**
 * The patient's page (`/queue?token=`), opened from the text sent at check-in, without signing in: their number, how
 * many are before them and about how long, and when called, where to go. It updates by itself. Phone first.
 */
export default function QueueTicketPage() {
  const { t } = useTranslation();
  const token = useLinkToken();
  const { ticket, offline, gone } = usePublicTicket(token);
  const v = ticket.data;
  const label = v?.label;
  useEffect(() => {
    document.title = label ? `${label} · ${t('queueDisplay.ticketTitle')}` : t('queueDisplay.ticketTitle');
  }, [label, t]);

  return (
    <Box mih="100vh" p="md" bg="var(--mantine-color-body)">
      <Stack maw={480} mx="auto" gap="md">
        <Group justify="space-between">
          {offline ? (
            <Badge color="orange" variant="light" leftSection={<IconWifiOff size={14} />} role="status" data-testid="ticket-offline">{t('queueDisplay.ticket.offline')}</Badge>
          ) : <span />}
          <Group gap="xs"><LanguageMenu /><ThemeToggle /></Group>
        </Group>
        <Card withBorder radius="lg" padding="lg" data-testid="ticket-card">
          {!token ? (
            <Alert icon={<IconInfoCircle />} color="gray" data-testid="ticket-no-link">{t('queueDisplay.ticket.noLink')}</Alert>
          ) : gone ? (
            <TicketError error={ticket.error} />
          ) : v ? (
            <Stack gap="lg">
              <Stack gap={4} align="center">
                <Text c="dimmed" fw={600} data-testid="ticket-clinic">{v.clinic}</Text>
                <Text size="sm" c="dimmed">{t('queueDisplay.ticket.yourNumber')}</Text>
                <Text fz={72} fw={800} lh={1} data-testid="ticket-label"><Ltr>{v.label}</Ltr></Text>
                {/* Where to go comes with the call: before it (and after the visit) neither is sent. */}
                {(v.doctor || v.room) && (
                  <Text c="dimmed" data-testid="ticket-doctor">{v.doctor && <bdi>{v.doctor}</bdi>}{v.doctor && v.room && ' · '}{v.room && <bdi>{v.room}</bdi>}</Text>
                )}
              </Stack>
              <TicketStatus ticket={v} />
              {(v.state === 'waiting' || v.state === 'called') && <Text size="xs" c="dimmed" ta="center">{t('queueDisplay.ticket.updatesLive')}</Text>}
            </Stack>
          ) : ticket.isError ? (
            <TicketError error={ticket.error} />
          ) : (
            <Center py="xl"><Loader role="status" aria-label={t('queueDisplay.ticket.loading')} /></Center>
          )}
        </Card>
      </Stack>
    </Box>
  );
}
