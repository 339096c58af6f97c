import { Alert, Button, Code, Group, Modal, Stack, Text } from '@mantine/core';
import { IconClockHour4 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { displayCreateInput } from '@clinic/shared';
import { FormDialog } from '@/components/form/form-dialog';
import { TextField } from '@/components/form/fields';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { formatTime } from '@/lib/dates';
import { createDisplay, useDisplayChange, type DisplayPairing } from '../api/displays';
import { useMinuteClock } from '../hooks/use-minute-clock';

/** Where a screen is paired: this app's display page. */
export const displayAddress = () => `${window.location.origin}/display`;

type CreateValues = { clinic: string; name: string; room?: string | null };

/** A new display: its name and, optionally, the one room it shows; answered with its pairing code. */
export function AddDisplayDialog({ clinicId, onClose, onCreated }: { clinicId: string; onClose: () => void; onCreated: (pairing: DisplayPairing) => void }) {
  const { t } = useTranslation();
  const create = useDisplayChange(createDisplay);
  const { form, serverError, onSubmit } = useSchemaForm<CreateValues, CreateValues>({
    schema: displayCreateInput as never, defaultValues: { clinic: clinicId, name: '', room: '' },
  });
  const send = async (values: CreateValues) => {
    const pairing = await create.mutateAsync({ ...values, room: values.room?.trim() ? values.room.trim() : null });
    onCreated(pairing);
  };
  return (
    <FormDialog
      opened
      onClose={onClose}
      title={t('waitingRoom.displays.add')}
      onSubmit={onSubmit(send)}
      serverError={serverError}
      submitLabel={t('waitingRoom.displays.create')}
      pending={create.isPending}
      data-testid="display-create-form"
      submitTestId="display-create"
    >
      <TextField control={form.control} name="name" label={t('waitingRoom.displays.name')} placeholder={t('waitingRoom.displays.namePlaceholder')} required maxLength={60} data-autofocus testId="display-name" />
      <TextField control={form.control} name="room" label={t('waitingRoom.displays.room')} description={t('waitingRoom.displays.roomHint')} maxLength={40} testId="display-room" />
    </FormDialog>
  );
}

/** The one-time code, large, to type on the screen at /display, with the time it lapses. */
export function PairingCodeDialog({ pairing, onClose }: { pairing: DisplayPairing; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const now = useMinuteClock();
  const expires = new Date(pairing.expiresAt);
  const lapsed = expires.getTime() <= now;
  return (
    <Modal opened onClose={onClose} centered title={t('waitingRoom.displays.codeTitle', { name: pairing.display.name })}>
      <Stack gap="md" align="center">
        <Text size="sm" ta="center">{t('waitingRoom.displays.codeHint')}</Text>
        <Code dir="ltr">{displayAddress()}</Code>
        <Text
          dir="ltr"
          ff="monospace"
          fw={800}
          fz={{ base: 34, xs: 44 }}
          px="md"
          py="xs"
          style={{ letterSpacing: '0.18em', borderRadius: 'var(--mantine-radius-md)', border: '2px dashed var(--mantine-color-default-border)', userSelect: 'all', textDecoration: lapsed ? 'line-through' : undefined }}
          data-testid="pairing-code"
        >
          {pairing.code}
        </Text>
        {lapsed ? <Alert color="orange" variant="light" w="100%">{t('waitingRoom.displays.codeExpired')}</Alert> : (
          <Group gap={6}>
            <IconClockHour4 size={16} />
            <Text size="sm" c="dimmed" data-testid="pairing-code-expiry">{t('waitingRoom.displays.codeExpires', { time: formatTime(expires, i18n.language) })}</Text>
          </Group>
        )}
        <Button onClick={onClose} fullWidth data-testid="pairing-code-done">{t('waitingRoom.displays.done')}</Button>
      </Stack>
    </Modal>
  );
}
