import { useState } from 'react';
import { Button, Checkbox, Group, Modal, SimpleGrid, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { WEBHOOK_EVENT_GROUPS, type WebhookEndpointInput, type WebhookEndpointRecord } from '@clinic/shared';

interface Props {
  /** The endpoint to change; null: a new one. */
  endpoint: WebhookEndpointRecord | null;
  opened: boolean;
  busy: boolean;
  onClose: () => void;
  onSave: (input: WebhookEndpointInput) => void;
}

/** Adds or changes an endpoint: its address, what it is for, and the events it receives (grouped by record). */
export function EndpointDialog({ endpoint, opened, busy, onClose, onSave }: Props) {
  const { t } = useTranslation();
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [events, setEvents] = useState<string[]>(endpoint?.events ?? []);
  const [enabled, setEnabled] = useState(endpoint?.enabled ?? true);
  const [tried, setTried] = useState(false);
  const missingUrl = tried && !url.trim();
  const missingEvents = tried && events.length === 0;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    setTried(true);
    if (!url.trim() || events.length === 0) return;
    onSave({ url: url.trim(), description, events: events as WebhookEndpointInput['events'], enabled });
  };

  return (
    <Modal opened={opened} onClose={onClose} size="lg" title={t(endpoint ? 'webhooks.edit' : 'webhooks.add')}>
      <form onSubmit={submit} noValidate data-testid="webhook-form">
        <Stack gap="md">
          <TextInput
            label={t('webhooks.url')} description={t('webhooks.urlHint')} required value={url} dir="ltr"
            placeholder="https://" onChange={(e) => setUrl(e.currentTarget.value)} error={missingUrl ? t('webhooks.urlRequired') : undefined}
          />
          <Textarea label={t('webhooks.description')} value={description} autosize minRows={2} maxLength={500} onChange={(e) => setDescription(e.currentTarget.value)} />
          <Checkbox.Group
            label={t('webhooks.events')} value={events} onChange={setEvents} required
            error={missingEvents ? t('webhooks.eventsRequired') : undefined}
          >
            <SimpleGrid cols={{ base: 1, sm: 3 }} mt="xs">
              {(Object.keys(WEBHOOK_EVENT_GROUPS) as Array<keyof typeof WEBHOOK_EVENT_GROUPS>).map((group) => (
                <Stack key={group} gap={6} data-testid={`webhook-group-${group}`}>
                  <Text fw={600} size="sm">{t(`webhooks.groups.${group}`)}</Text>
                  {WEBHOOK_EVENT_GROUPS[group].map((type) => (
                    <Checkbox key={type} value={type} label={t(`webhooks.types.${type.replace('.', '_')}`)} />
                  ))}
                </Stack>
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          <Switch label={t('webhooks.enabled')} checked={enabled} onChange={(e) => setEnabled(e.currentTarget.checked)} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>{t('webhooks.cancel')}</Button>
            <Button type="submit" loading={busy}>{t('webhooks.save')}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
