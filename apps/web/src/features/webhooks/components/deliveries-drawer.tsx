import { useState } from 'react';
import { Badge, Button, Code, Drawer, Group, Pagination, Skeleton, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { WebhookDeliveryRecord, WebhookEndpointRecord } from '@clinic/shared';
import { useDeliveries } from '../api/webhooks';

export const STATUS_COLOR: Record<WebhookDeliveryRecord['status'], string> = { delivered: 'teal', pending: 'yellow', failed: 'red' };

interface Props {
  endpoint: WebhookEndpointRecord | null;
  onClose: () => void;
  onReplay: (deliveryId: string) => void;
  replaying: boolean;
}

/** One endpoint's deliveries, newest first: status, answer, attempts, times; each can be sent again. */
export function DeliveriesDrawer({ endpoint, onClose, onReplay, replaying }: Props) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(1);
  const list = useDeliveries(endpoint?._id ?? null, page);
  const when = (iso: string | null) => (iso ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' }).format(new Date(iso)) : '—');
  const rows = list.data?.data ?? [];
  return (
    <Drawer opened={endpoint !== null} onClose={onClose} position={i18n.dir() === 'rtl' ? 'left' : 'right'} size="xl" title={t('webhooks.log')}>
      {endpoint && <Text size="sm" c="dimmed" dir="ltr" mb="sm">{endpoint.url}</Text>}
      {list.isLoading ? <Skeleton height={200} /> : rows.length === 0 ? <Text c="dimmed">{t('webhooks.noDeliveries')}</Text> : (
        <Stack gap="sm">
          <Table.ScrollContainer minWidth={560}>
            <Table verticalSpacing="xs" data-testid="webhook-deliveries">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('webhooks.event')}</Table.Th>
                  <Table.Th>{t('webhooks.status')}</Table.Th>
                  <Table.Th>{t('webhooks.response')}</Table.Th>
                  <Table.Th>{t('webhooks.attempts')}</Table.Th>
                  <Table.Th>{t('webhooks.time')}</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((d) => (
                  <Table.Tr key={d._id} data-testid="webhook-delivery">
                    <Table.Td><Code>{d.eventType}</Code>{d.replayOf && <Badge ms={6} size="xs" variant="outline">{t('webhooks.replayed')}</Badge>}</Table.Td>
                    <Table.Td><Badge color={STATUS_COLOR[d.status]} variant="light">{t(`webhooks.statuses.${d.status}`)}</Badge></Table.Td>
                    <Table.Td>
                      <Text size="sm">{d.responseStatus ?? '—'}</Text>
                      {d.responseBody ? <Text size="xs" c="dimmed" lineClamp={2} dir="ltr">{d.responseBody}</Text>
                        : d.lastError && <Text size="xs" c="dimmed" lineClamp={2} dir="auto">{d.lastError}</Text>}
                    </Table.Td>
                    <Table.Td>{d.attempts}</Table.Td>
                    <Table.Td><Text size="xs">{when(d.createdAt)}</Text><Text size="xs" c="dimmed">{when(d.lastAttemptAt)}</Text></Table.Td>
                    <Table.Td>
                      <Button size="xs" variant="subtle" loading={replaying} onClick={() => onReplay(d._id)}>{t('webhooks.replay')}</Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {(list.data?.pagination.total_pages ?? 1) > 1 && (
            <Group justify="center"><Pagination value={page} onChange={setPage} total={list.data!.pagination.total_pages} /></Group>
          )}
        </Stack>
      )}
    </Drawer>
  );
}
