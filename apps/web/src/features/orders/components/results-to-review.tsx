import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconFlask } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '@/lib/dates';
import { useSession } from '@/lib/session-context';
import { useResultsToReview } from '../api/orders-api';
import { OrderResults } from './order-results';

/** My day's "Results to review": the doctor's results not yet acknowledged, abnormal first, each acknowledged here. */
export function ResultsToReview() {
  const { t, i18n } = useTranslation();
  const { can } = useSession();
  const results = useResultsToReview(can('clinical_read'));
  const list = results.data?.data ?? [];
  if (!can('clinical_read')) return null;
  return (
    <Stack gap="xs" data-testid="results-to-review">
      <Group gap="xs">
        <IconFlask size={18} aria-hidden />
        <Title order={3} fz="h5">{t('labOrders.review.title')}</Title>
        {list.length > 0 && <Badge color="red" variant="light" data-testid="results-to-review-count">{t('labOrders.review.count', { count: results.data?.pagination.total_items ?? list.length })}</Badge>}
      </Group>
      {list.length === 0 ? (
        <Text size="sm" c="dimmed">{results.isPending ? t('common.loading') : t('labOrders.review.none')}</Text>
      ) : list.map((o) => (
        <Card key={o._id} withBorder padding="sm" data-testid="review-row" data-number={o.number}>
          <Group justify="space-between" wrap="wrap" gap="xs" mb="xs">
            <Group gap="xs" wrap="wrap">
              <Anchor component={Link} to={`/patients/details/${o.patient._id}`} fw={700}>{o.patient.name}</Anchor>
              <Text size="sm" dir="ltr">{o.number}</Text>
              {o.abnormal ? <Badge color="red" tt="none">{t('labOrders.abnormal')}</Badge> : <Badge color="teal" variant="light" tt="none">{t('labOrders.review.normal')}</Badge>}
            </Group>
            <Text size="xs" c="dimmed">{o.resulted ? formatDateTime(o.resulted.at, i18n.language) : ''}</Text>
          </Group>
          <OrderResults order={o} />
        </Card>
      ))}
    </Stack>
  );
}
