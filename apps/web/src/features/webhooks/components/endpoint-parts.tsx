import { ActionIcon, Badge, Button, Group, Menu, Paper, Stack, Table, Text } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { WebhookEndpointRecord } from '@clinic/shared';
import { STATUS_COLOR } from './deliveries-drawer';

/** What a row or card of an endpoint can ask for. */
export interface EndpointHandlers {
  onLog: (e: WebhookEndpointRecord) => void;
  onEdit: (e: WebhookEndpointRecord) => void;
  onTest: (id: string) => void;
  onRotate: (id: string) => void;
  onRemove: (id: string) => void;
}

function Address({ e }: { e: WebhookEndpointRecord }) {
  return (
    <>
      <Text size="sm" dir="ltr" style={{ wordBreak: 'break-all' }}>{e.url}</Text>
      {e.description && <Text size="xs" c="dimmed">{e.description}</Text>}
    </>
  );
}

function State({ e }: { e: WebhookEndpointRecord }) {
  const { t } = useTranslation();
  return (
    <>
      <Badge color={e.enabled ? 'teal' : 'gray'} variant="light">{t(e.enabled ? 'webhooks.on' : 'webhooks.off')}</Badge>
      {e.disabledReason && <Text size="xs" c="red">{t('webhooks.turnedOff', { count: e.consecutiveFailures })}</Text>}
    </>
  );
}

function LastDelivery({ e }: { e: WebhookEndpointRecord }) {
  const { t } = useTranslation();
  if (!e.lastDelivery) return <Text size="sm" c="dimmed">—</Text>;
  return (
    <Badge color={STATUS_COLOR[e.lastDelivery.status]} variant="light">
      {t(`webhooks.statuses.${e.lastDelivery.status}`)}{e.lastDelivery.responseStatus ? ` · ${e.lastDelivery.responseStatus}` : ''}
    </Badge>
  );
}

function Actions({ e, h }: { e: WebhookEndpointRecord; h: EndpointHandlers }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      <Button size="xs" variant="light" onClick={() => h.onLog(e)}>{t('webhooks.log')}</Button>
      <Menu position="bottom-end">
        <Menu.Target>
          <ActionIcon variant="subtle" aria-label={t('webhooks.actions')}><IconDots size={16} /></ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => h.onEdit(e)}>{t('webhooks.edit')}</Menu.Item>
          <Menu.Item onClick={() => h.onTest(e._id)}>{t('webhooks.sendTest')}</Menu.Item>
          <Menu.Item onClick={() => h.onRotate(e._id)}>{t('webhooks.rotate')}</Menu.Item>
          <Menu.Item color="red" onClick={() => h.onRemove(e._id)}>{t('webhooks.remove')}</Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}

/** The endpoints as a table, from a tablet up. */
export function EndpointTable({ list, h }: { list: WebhookEndpointRecord[]; h: EndpointHandlers }) {
  const { t } = useTranslation();
  return (
    <Table verticalSpacing="sm" data-testid="webhook-endpoints" visibleFrom="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>{t('webhooks.url')}</Table.Th>
          <Table.Th>{t('webhooks.events')}</Table.Th>
          <Table.Th>{t('webhooks.state')}</Table.Th>
          <Table.Th>{t('webhooks.lastDelivery')}</Table.Th>
          <Table.Th />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {list.map((e) => (
          <Table.Tr key={e._id} data-testid="webhook-endpoint">
            <Table.Td><Address e={e} /></Table.Td>
            <Table.Td><Text size="sm">{t('webhooks.eventCount', { count: e.events.length })}</Text></Table.Td>
            <Table.Td><State e={e} /></Table.Td>
            <Table.Td><LastDelivery e={e} /></Table.Td>
            <Table.Td><Actions e={e} h={h} /></Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/** The endpoints on a phone: one card each, its log and actions at hand without scrolling sideways. */
export function EndpointCards({ list, h }: { list: WebhookEndpointRecord[]; h: EndpointHandlers }) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" hiddenFrom="sm" data-testid="webhook-endpoint-cards">
      {list.map((e) => (
        <Paper key={e._id} withBorder radius="sm" p="sm" data-testid="webhook-endpoint-card">
          <Address e={e} />
          <Group gap={6} mt={6} wrap="wrap">
            <State e={e} />
            <LastDelivery e={e} />
            <Text size="xs" c="dimmed">{t('webhooks.eventCount', { count: e.events.length })}</Text>
          </Group>
          <Group mt={6} justify="flex-end"><Actions e={e} h={h} /></Group>
        </Paper>
      ))}
    </Stack>
  );
}
