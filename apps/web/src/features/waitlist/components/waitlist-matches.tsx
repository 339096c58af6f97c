import { useState } from 'react';
import { Alert, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/http';
import { useSession } from '@/lib/session-context';
import { useBookFromWaitlist, useWaitlistMatches } from '../api/waitlist';
import { PriorityBadge } from './priority-badge';

/**
 * "3 waiting patients fit this slot" for a cancelled or no-show appointment, each bookable in one click: the entry is
 * booked into the freed slot and closed with the appointment it became.
 */
export function WaitlistMatches({ appointment }: { appointment: { _id: string; status: string } }) {
  const { t } = useTranslation();
  const { can } = useSession();
  const freed = appointment.status === 'cancelled' || appointment.status === 'no_show';
  const matches = useWaitlistMatches(freed ? appointment._id : null);
  const book = useBookFromWaitlist();
  const [error, setError] = useState<string | null>(null);
  if (!freed || !matches.data) return null;
  const entries = matches.data.entries;
  return (
    <Alert variant="light" color={entries.length ? 'grape' : 'gray'} icon={<IconHourglass size={18} />} p="sm" data-testid="waitlist-matches">
      <Stack gap={6}>
        <Text size="sm" fw={600} data-testid="waitlist-matches-count">{t('waitlist.fits', { count: entries.length })}</Text>
        {entries.slice(0, 5).map((e) => (
          <Group key={e._id} justify="space-between" gap="xs" wrap="nowrap" data-testid="waitlist-match">
            <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
              <PriorityBadge priority={e.priority} />
              <Text size="sm" truncate>{e.patient.name}</Text>
              <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>{t('waitlist.waitingDays', { count: e.waitingDays })}</Text>
            </Group>
            {can('appointment_write') && (
              <Button
                size="compact-xs"
                loading={book.isPending && book.variables?.id === e._id}
                onClick={() => {
                  setError(null);
                  book.mutate({ id: e._id, appointment: appointment._id, version: e.version }, {
                    onError: (err) => setError(isApiError(err) ? err.message : t('errors.unexpected')),
                  });
                }}
                data-testid="waitlist-match-book"
              >
                {t('waitlist.book')}
              </Button>
            )}
          </Group>
        ))}
        {error && <Text size="xs" c="red" role="alert">{error}</Text>}
        {entries.length > 5 && <Badge variant="transparent" color="gray">{t('waitlist.more', { count: entries.length - 5 })}</Badge>}
      </Stack>
    </Alert>
  );
}
