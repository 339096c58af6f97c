import { useState } from 'react';
import { ActionIcon, Badge, Button, Card, Group, Menu, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconDots, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { WebhookEndpointInput, WebhookEndpointRecord } from '@clinic/shared';
import { useEndpointAction, useEndpoints } from '../api/webhooks';
import { DeliveriesDrawer, STATUS_COLOR } from '../components/deliveries-drawer';
import { EndpointDialog } from '../components/endpoint-dialog';
import { SecretModal } from '../components/secret-modal';

/** The organisation's webhook endpoints: add, change, turn on or off, rotate the secret, test, and read the log. */
export default function WebhooksPage() {
  const { t } = useTranslation();
  const endpoints = useEndpoints();
  const action = useEndpointAction();
  const [editing, setEditing] = useState<WebhookEndpointRecord | 'new' | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [logOf, setLogOf] = useState<WebhookEndpointRecord | null>(null);

  const save = (input: WebhookEndpointInput) => {
    const run = editing === 'new' || editing === null
      ? action.mutateAsync({ kind: 'create', input })
      : action.mutateAsync({ kind: 'update', id: editing._id, input: { ...input, version: editing.version } });
    void run.then((answer) => {
      setEditing(null);
      if (answer?.secret) setSecret(answer.secret);
    }).catch(() => undefined);
  };
  const rotate = (id: string) => void action.mutateAsync({ kind: 'rotate', id }).then((a) => a && setSecret(a.secret)).catch(() => undefined);
  const list = endpoints.data ?? [];

  return (
    <Stack gap="md" data-testid="webhooks-page">
      <Card padding="md">
        <Group justify="space-between" wrap="wrap">
          <Stack gap={2}>
            <Title order={3}>{t('webhooks.title')}</Title>
            <Text size="sm" c="dimmed">{t('webhooks.intro')}</Text>
          </Stack>
          <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')}>{t('webhooks.add')}</Button>
        </Group>
      </Card>
      <Card padding="md">
        {endpoints.isLoading ? <Skeleton height={160} /> : list.length === 0 ? <Text c="dimmed">{t('webhooks.empty')}</Text> : (
          <Table.ScrollContainer minWidth={640}>
            <Table verticalSpacing="sm" data-testid="webhook-endpoints">
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
                    <Table.Td>
                      <Text size="sm" dir="ltr" style={{ wordBreak: 'break-all' }}>{e.url}</Text>
                      {e.description && <Text size="xs" c="dimmed">{e.description}</Text>}
                    </Table.Td>
                    <Table.Td><Text size="sm">{t('webhooks.eventCount', { count: e.events.length })}</Text></Table.Td>
                    <Table.Td>
                      <Badge color={e.enabled ? 'teal' : 'gray'} variant="light">{t(e.enabled ? 'webhooks.on' : 'webhooks.off')}</Badge>
                      {e.disabledReason && <Text size="xs" c="red">{t('webhooks.turnedOff', { count: e.consecutiveFailures })}</Text>}
                    </Table.Td>
                    <Table.Td>
                      {e.lastDelivery
                        ? <Badge color={STATUS_COLOR[e.lastDelivery.status]} variant="light">{t(`webhooks.statuses.${e.lastDelivery.status}`)}{e.lastDelivery.responseStatus ? ` · ${e.lastDelivery.responseStatus}` : ''}</Badge>
                        : <Text size="sm" c="dimmed">—</Text>}
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <Button size="xs" variant="light" onClick={() => setLogOf(e)}>{t('webhooks.log')}</Button>
                        <Menu position="bottom-end">
                          <Menu.Target>
                            <ActionIcon variant="subtle" aria-label={t('webhooks.actions')}><IconDots size={16} /></ActionIcon>
                          </Menu.Target>
                          <Menu.Dropdown>
                            <Menu.Item onClick={() => setEditing(e)}>{t('webhooks.edit')}</Menu.Item>
                            <Menu.Item onClick={() => action.mutate({ kind: 'test', id: e._id })}>{t('webhooks.sendTest')}</Menu.Item>
                            <Menu.Item onClick={() => rotate(e._id)}>{t('webhooks.rotate')}</Menu.Item>
                            <Menu.Item color="red" onClick={() => action.mutate({ kind: 'remove', id: e._id })}>{t('webhooks.remove')}</Menu.Item>
                          </Menu.Dropdown>
                        </Menu>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
      {editing !== null && (
        <EndpointDialog
          key={editing === 'new' ? 'new' : editing._id} opened endpoint={editing === 'new' ? null : editing}
          busy={action.isPending} onClose={() => setEditing(null)} onSave={save}
        />
      )}
      <SecretModal secret={secret} onClose={() => setSecret(null)} />
      <DeliveriesDrawer endpoint={logOf} onClose={() => setLogOf(null)} replaying={action.isPending} onReplay={(deliveryId) => action.mutate({ kind: 'replay', deliveryId })} />
    </Stack>
  );
}
