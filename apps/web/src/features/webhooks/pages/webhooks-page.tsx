import { useState } from 'react';
import { Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { WebhookEndpointRecord } from '@clinic/shared';
import { useEndpointAction, useEndpoints } from '../api/webhooks';
import { DeliveriesDrawer } from '../components/deliveries-drawer';
import { EndpointCards, type EndpointHandlers, EndpointTable } from '../components/endpoint-parts';
import { EndpointDialog, type EndpointValues } from '../components/endpoint-dialog';
import { SecretModal } from '../components/secret-modal';

/** The organisation's webhook endpoints: add, change, turn on or off, rotate the secret, test, and read the log. */
export default function WebhooksPage() {
  const { t } = useTranslation();
  const endpoints = useEndpoints();
  const action = useEndpointAction();
  const [editing, setEditing] = useState<WebhookEndpointRecord | 'new' | null>(null);
  const [secret, setSecret] = useState<string | null>(null);
  const [logOf, setLogOf] = useState<WebhookEndpointRecord | null>(null);

  /** Saves the dialog; a refusal rejects, for the dialog to put the field errors on their fields. */
  const save = async (input: EndpointValues) => {
    const answer = editing === 'new' || editing === null
      ? await action.mutateAsync({ kind: 'create', input })
      : await action.mutateAsync({ kind: 'update', id: editing._id, input: { ...input, version: editing.version } });
    setEditing(null);
    if (answer?.secret) setSecret(answer.secret);
  };
  const rotate = (id: string) => void action.mutateAsync({ kind: 'rotate', id }).then((a) => a && setSecret(a.secret)).catch(() => undefined);
  const list = endpoints.data ?? [];
  const handlers: EndpointHandlers = {
    onLog: setLogOf, onEdit: setEditing, onTest: (id) => action.mutate({ kind: 'test', id }), onRotate: rotate,
    onRemove: (id) => action.mutate({ kind: 'remove', id }),
  };

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
          <>
            <EndpointTable list={list} h={handlers} />
            <EndpointCards list={list} h={handlers} />
          </>
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
