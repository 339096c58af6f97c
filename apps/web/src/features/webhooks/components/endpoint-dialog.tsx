import { Checkbox, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Controller, type FieldValues } from 'react-hook-form';
import { WEBHOOK_EVENT_GROUPS, webhookEndpointInput, type WebhookEndpointRecord } from '@clinic/shared';
import { type Bound, boundProps } from '@/components/form/field-types';
import { SwitchField, TextAreaField, TextField } from '@/components/form/fields';
import { FormDialog } from '@/components/form/form-dialog';
import { useSchemaForm } from '@/components/form/use-schema-form';
import type { z } from 'zod';

/** What the dialog sends: the shared schema's output. */
export type EndpointValues = z.output<typeof webhookEndpointInput>;
interface FormValues { url: string; description: string; events: string[]; enabled: boolean }

interface Props {
  /** The endpoint to change; null: a new one. */
  endpoint: WebhookEndpointRecord | null;
  opened: boolean;
  busy: boolean;
  onClose: () => void;
  /** Saves; a refusal (rejected) puts the API's field errors on their fields. */
  onSave: (input: EndpointValues) => Promise<unknown>;
}

/** The events, grouped by record, as one checkbox group bound to the form (its message under the group). */
function EventsField<T extends FieldValues>({ control, name, required, testId }: Bound<T>) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name={name}
      render={(s) => {
        const { ref: _ref, ...bound } = boundProps(s, testId, required);
        return (
          <Checkbox.Group {...bound} label={t('webhooks.events')} value={(s.field.value as string[] | undefined) ?? []} onChange={s.field.onChange}>
            <SimpleGrid cols={{ base: 1, sm: 3 }} mt="xs">
              {(Object.keys(WEBHOOK_EVENT_GROUPS) as Array<keyof typeof WEBHOOK_EVENT_GROUPS>).map((group) => (
                <Stack key={group} gap={6} data-testid={`webhook-group-${group}`}>
                  <Text fw={600} size="sm">{t(`webhooks.groups.${group}`)}</Text>
                  {WEBHOOK_EVENT_GROUPS[group].map((type, i) => (
                    <Checkbox key={type} value={type} label={t(`webhooks.types.${type.replace('.', '_')}`)} ref={group === 'appointment' && i === 0 ? s.field.ref : undefined} />
                  ))}
                </Stack>
              ))}
            </SimpleGrid>
          </Checkbox.Group>
        );
      }}
    />
  );
}

/** Adds or changes an endpoint: its address, what it is for, and the events it receives (grouped by record). */
export function EndpointDialog({ endpoint, opened, busy, onClose, onSave }: Props) {
  const { t } = useTranslation();
  const { form, serverError, onSubmit } = useSchemaForm<FormValues, EndpointValues>({
    schema: webhookEndpointInput,
    defaultValues: { url: endpoint?.url ?? '', description: endpoint?.description ?? '', events: endpoint?.events ?? [], enabled: endpoint?.enabled ?? true },
  });
  const { control } = form;
  return (
    <FormDialog
      opened={opened} onClose={onClose} size="lg" title={t(endpoint ? 'webhooks.edit' : 'webhooks.add')}
      onSubmit={onSubmit(onSave)} serverError={serverError} pending={busy} submitLabel={t('webhooks.save')}
      data-testid="webhook-form" submitTestId="webhook-save"
    >
      <TextField control={control} name="url" label={t('webhooks.url')} description={t('webhooks.urlHint')} required dir="ltr" placeholder="https://" testId="webhook-url" />
      <TextAreaField control={control} name="description" label={t('webhooks.description')} autosize maxLength={500} />
      <EventsField control={control} name="events" required testId="webhook-events" />
      <SwitchField control={control} name="enabled" label={t('webhooks.enabled')} />
    </FormDialog>
  );
}
