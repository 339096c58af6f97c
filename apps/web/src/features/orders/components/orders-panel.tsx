import { Anchor, Badge, Button, Card, Collapse, Group, Modal, Skeleton, Stack, Text, Textarea } from '@mantine/core';
import { IconFlask, IconLock, IconPlus, IconPrinter } from '@tabler/icons-react';
import type { OrderRecord, OrderStatus } from '@clinic/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { SectionCard } from '@/components/details';
import { formatDateTime } from '@/lib/dates';
import { isApiError } from '@/lib/http';
import { useSession } from '@/lib/session-context';
import { cancelOrder, collectOrder, useOrderChange, usePatientOrders } from '../api/orders-api';
import { OrderForm } from './order-form';
import { OrderResults } from './order-results';

export const STATUS_COLORS: Record<OrderStatus, string> = { ordered: 'blue', collected: 'grape', resulted: 'teal', cancelled: 'gray' };

function CancelDialog({ order, onClose }: { order: OrderRecord | null; onClose: () => void }) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const cancel = useOrderChange(() => cancelOrder(order?._id ?? '', reason, order?.version ?? 0));
  const confirm = async () => {
    try {
      await cancel.mutateAsync(undefined);
      setReason('');
      onClose();
    } catch (e) {
      setError(isApiError(e) ? e.fields?.reason ?? e.message : t('errors.unexpected'));
    }
  };
  return (
    <Modal opened={Boolean(order)} onClose={onClose} title={t('labOrders.cancel.title', { number: order?.number ?? '' })}>
      <Stack>
        <Textarea label={t('labOrders.cancel.reason')} value={reason} onChange={(e) => setReason(e.currentTarget.value)} error={error} data-autofocus data-testid="order-cancel-reason" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>{t('common.actions.close')}</Button>
          <Button color="red" loading={cancel.isPending} disabled={!reason.trim()} onClick={() => void confirm()} data-testid="order-cancel-confirm">{t('labOrders.cancel.confirm')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/**
 * An order placed at another doctor's sensitive encounter: its number, state and who ordered it when, and where to
 * open it with a reason; no tests, results or actions (the answer carries none).
 */
function RestrictedOrderRow({ order }: { order: OrderRecord }) {
  const { t, i18n } = useTranslation();
  const text = t('labOrders.restricted');
  return (
    <Card withBorder padding="sm" data-testid="order-row" data-number={order.number} data-status={order.status} data-restricted>
      <Stack gap={2}>
        <Group gap="xs" wrap="wrap">
          {/* The server keeps a masked order's number back (with it, the lab's look-up would open the order). */}
          {order.number && <Text fw={700} dir="ltr" data-testid="order-number">{order.number}</Text>}
          <Badge color={STATUS_COLORS[order.status]} variant="light" tt="none" data-testid="order-status">{t(`orders.status.${order.status}`)}</Badge>
        </Group>
        <Group gap="xs" wrap="nowrap">
          <IconLock size={16} aria-hidden style={{ flexShrink: 0 }} />
          <Text size="sm" fs="italic" c="dimmed">{order.encounter ? <Anchor component={Link} to={`/encounters/${order.encounter}`} inherit>{text}</Anchor> : text}</Text>
        </Group>
        <Text size="xs" c="dimmed">{t('labOrders.orderedBy', { name: order.doctor.name, when: formatDateTime(order.ordered.at, i18n.language) })}</Text>
      </Stack>
    </Card>
  );
}

function OrderRow({ order, onCancel }: { order: OrderRecord; onCancel: (o: OrderRecord) => void }) {
  const { t, i18n } = useTranslation();
  const ar = i18n.language.startsWith('ar');
  const { can } = useSession();
  const [open, setOpen] = useState(order.status === 'resulted' && !order.acknowledged);
  const collect = useOrderChange(() => collectOrder(order._id, order.version));
  const active = order.status === 'ordered' || order.status === 'collected';
  return (
    <Card withBorder padding="sm" data-testid="order-row" data-number={order.number} data-status={order.status}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2}>
          <Group gap="xs" wrap="wrap">
            <Text fw={700} dir="ltr" data-testid="order-number">{order.number}</Text>
            <Badge color={STATUS_COLORS[order.status]} variant="light" tt="none" data-testid="order-status">{t(`orders.status.${order.status}`)}</Badge>
            {order.priority === 'urgent' && <Badge color="red" variant="outline" tt="none">{t('orders.priority.urgent')}</Badge>}
            {order.abnormal && <Badge color="red" variant="filled" tt="none" data-testid="order-abnormal">{t('labOrders.abnormal')}</Badge>}
          </Group>
          <Text size="sm">{order.items.map((i) => (ar ? i.nameAr : i.nameEn)).join(' · ')}</Text>
          <Text size="xs" c="dimmed">{t('labOrders.orderedBy', { name: order.doctor.name, when: formatDateTime(order.ordered.at, i18n.language) })}</Text>
        </Stack>
        <Group gap="xs" wrap="wrap">
          {order.status === 'resulted' && (
            <Button size="compact-sm" variant="light" onClick={() => setOpen((o) => !o)} aria-expanded={open} data-testid="order-toggle-results">
              {open ? t('labOrders.hideResults') : t('labOrders.showResults')}
            </Button>
          )}
          {order.status === 'ordered' && order.kind === 'lab' && can('result_write') && (
            <Button size="compact-sm" variant="light" color="grape" loading={collect.isPending} onClick={() => void collect.mutateAsync(undefined)} data-testid="order-collect">{t('labOrders.collect')}</Button>
          )}
          <Button size="compact-sm" variant="subtle" component="a" href={`/print/order/${order._id}`} target="_blank" leftSection={<IconPrinter size={14} />} data-testid="order-print">
            {t('labOrders.printAction')}
          </Button>
          {active && can('order') && (
            <Button size="compact-sm" variant="subtle" color="red" onClick={() => onCancel(order)} data-testid="order-cancel">{t('labOrders.cancel.open')}</Button>
          )}
        </Group>
      </Group>
      {order.status === 'cancelled' && <Text size="xs" c="dimmed" mt={4}>{t('labOrders.cancelledBecause', { reason: order.cancelReason })}</Text>}
      <Collapse expanded={open}><Stack mt="sm"><OrderResults order={order} /></Stack></Collapse>
    </Card>
  );
}

/** A patient's lab and imaging orders (of one encounter when given): order, collect, cancel, print, see results. */
export function OrdersPanel({ patientId, encounterId }: { patientId: string; encounterId?: string }) {
  const { t } = useTranslation();
  const { can } = useSession();
  const orders = usePatientOrders(patientId, encounterId);
  const [adding, setAdding] = useState(false);
  const [cancelling, setCancelling] = useState<OrderRecord | null>(null);
  return (
    // A card like its neighbours (medications, prescriptions): icon and title, the action at the end in the same style.
    <SectionCard
      icon={<IconFlask size={18} />}
      title={t('labOrders.title')}
      testId="orders-panel"
      action={can('order') && (
        <Button size="compact-sm" variant="light" leftSection={<IconPlus size={14} />} onClick={() => setAdding(true)} data-testid="order-add">{t('labOrders.add')}</Button>
      )}
    >
      {orders.isPending ? <Skeleton h={64} /> : !orders.data?.length ? (
        <Text size="sm" c="dimmed">{t('labOrders.none')}</Text>
      ) : (
        <Stack gap="xs">{orders.data.map((o) => (o.restricted ? <RestrictedOrderRow key={o._id} order={o} /> : <OrderRow key={o._id} order={o} onCancel={setCancelling} />))}</Stack>
      )}
      <OrderForm patientId={patientId} encounterId={encounterId} opened={adding} onClose={() => setAdding(false)} />
      <CancelDialog order={cancelling} onClose={() => setCancelling(null)} />
    </SectionCard>
  );
}
