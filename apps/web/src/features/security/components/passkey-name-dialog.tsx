import { useEffect, useState, type FormEvent } from 'react';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PASSKEY_NAME_MAX } from '@clinic/shared';

interface PasskeyNameDialogProps {
  opened: boolean;
  title: string;
  /** A line under the title (what happens next). */
  hint?: string;
  initialName: string;
  submitLabel: string;
  loading: boolean;
  /** A message from the server about the name (or the passkey). */
  error?: string | null;
  onSubmit: (name: string) => void;
  onClose: () => void;
}

/** Asks for a passkey's name: when adding one (before the browser's prompt) and when renaming. */
export function PasskeyNameDialog({ opened, title, hint, initialName, submitLabel, loading, error, onSubmit, onClose }: PasskeyNameDialogProps) {
  const { t } = useTranslation();
  const [name, setName] = useState(initialName);
  const [missing, setMissing] = useState(false);
  useEffect(() => {
    if (opened) {
      setName(initialName);
      setMissing(false);
    }
  }, [opened, initialName]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setMissing(true);
      return;
    }
    onSubmit(name.trim());
  };

  return (
    <Modal opened={opened} onClose={() => !loading && onClose()} title={<Text fw={600}>{title}</Text>} size={420} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          {hint && <Text size="sm" c="dimmed">{hint}</Text>}
          <TextInput
            label={t('security.passkeys.nameLabel')}
            placeholder={t('security.passkeys.namePlaceholder')}
            value={name}
            maxLength={PASSKEY_NAME_MAX}
            onChange={(e) => setName(e.currentTarget.value)}
            error={missing ? t('security.passkeys.nameRequired') : error ?? undefined}
            data-autofocus
            data-testid="passkey-name"
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={loading}>{t('common.actions.cancel')}</Button>
            <Button type="submit" loading={loading} data-testid="passkey-name-submit">{submitLabel}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
