import { Alert, Anchor, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconCheck, IconFileText } from '@tabler/icons-react';
import type { AnalyteRange, OrderRecord } from '@clinic/shared';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatNumber } from '@/lib/dates';
import { useSession } from '@/lib/session-context';
import { acknowledgeOrder, useOrderChange } from '../api/orders-api';
import { ResultFlagBadge } from './result-flag';

/** A reference range as text: "3.9–5.5", "≤ 5.2", "≥ 1", or "—". */
export function rangeText(r: AnalyteRange, lang: string): string {
  const n = (v: number) => formatNumber(v, lang, { maximumFractionDigits: 3 });
  if (r.low !== null && r.high !== null) return `${n(r.low)}–${n(r.high)}`;
  if (r.high !== null) return `≤ ${n(r.high)}`;
  if (r.low !== null) return `≥ ${n(r.low)}`;
  return '—';
}

/** An order's results with their flags (colour and words), its document, and the ordering doctor's acknowledgement. */
export function OrderResults({ order }: { order: OrderRecord }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const ar = lang.startsWith('ar');
  const { user } = useSession();
  const acknowledge = useOrderChange(() => acknowledgeOrder(order._id, order.version));
  const mine = order.doctor._id === user?.userId;
  return (
    <Stack gap="xs" data-testid="order-results">
      {order.results.length > 0 && (
        <Table.ScrollContainer minWidth={420}>
          <Table striped withTableBorder fz="sm">
            <Table.Thead>
              <Table.Tr><Table.Th>{t('labOrders.results.analyte')}</Table.Th><Table.Th>{t('labOrders.results.value')}</Table.Th><Table.Th>{t('labOrders.results.range')}</Table.Th><Table.Th>{t('labOrders.results.flag')}</Table.Th></Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {order.results.map((r) => (
                <Table.Tr key={`${r.item}-${r.analyte}`} data-testid={`result-${r.analyte}`}>
                  <Table.Td>{ar ? r.nameAr : r.nameEn}</Table.Td>
                  <Table.Td dir="ltr" fw={r.flag === 'normal' || r.flag === 'noRange' ? undefined : 700}>{formatNumber(r.value, lang, { maximumFractionDigits: 3 })} {r.unit}</Table.Td>
                  <Table.Td dir="ltr">{rangeText(r, lang)}</Table.Td>
                  <Table.Td><ResultFlagBadge flag={r.flag} /></Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {order.resultDocument && (
        <Anchor href={order.resultDocument.url} target="_blank" rel="noopener" size="sm" data-testid="result-document">
          <Group gap={4} component="span"><IconFileText size={16} aria-hidden />{order.resultDocument.name}</Group>
        </Anchor>
      )}
      {order.resultNote && <Text size="sm">{order.resultNote}</Text>}
      {order.acknowledged ? (
        <Text size="xs" c="dimmed" data-testid="order-acknowledged">
          {t('labOrders.results.acknowledgedBy', { name: order.acknowledged.by?.name ?? '', when: formatDateTime(order.acknowledged.at, lang) })}
        </Text>
      ) : mine && order.status === 'resulted' ? (
        <Group>
          <Button size="xs" leftSection={<IconCheck size={16} />} loading={acknowledge.isPending} onClick={() => void acknowledge.mutateAsync(undefined)} data-testid="order-acknowledge">
            {t('labOrders.results.acknowledge')}
          </Button>
        </Group>
      ) : order.status === 'resulted' ? (
        <Alert color="gray" p="xs"><Text size="xs">{t('labOrders.results.awaitingDoctor', { name: order.doctor.name })}</Text></Alert>
      ) : null}
    </Stack>
  );
}
