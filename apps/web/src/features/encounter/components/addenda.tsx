import { useState } from 'react';
import { Alert, Button, Card, Group, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { IconNotes } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { EncounterAddendum } from '@clinic/shared';
import { formatDateTime } from '@/lib/dates';
import { isApiError } from '@/lib/http';
import { useAddAddendum } from '../api/encounters';

/** Corrections and additions after signing, under the note: who, when, why; and the form to add one. */
export function Addenda({ encounterId, addenda, canWrite }: { encounterId: string; addenda: EncounterAddendum[]; canWrite: boolean }) {
  const { t, i18n } = useTranslation();
  const add = useAddAddendum(encounterId);
  const [reason, setReason] = useState('');
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = async () => {
    setErrors({});
    try {
      await add.mutateAsync({ reason, text });
      setReason('');
      setText('');
    } catch (e) {
      setErrors(isApiError(e) ? (e.fields ?? { form: e.message }) : { form: t('errors.unexpected') });
    }
  };
  return (
    <Card padding="md" withBorder data-testid="addenda">
      <Stack gap="sm">
        <Group gap={6}><IconNotes size={18} /><Title order={3} fz="md">{t('encounter.addenda.title')}</Title></Group>
        {addenda.length === 0 && <Text size="sm" c="dimmed">{t('encounter.addenda.none')}</Text>}
        {addenda.map((a) => (
          <Stack key={a._id} gap={2} p="xs" style={{ borderInlineStart: '3px solid var(--mantine-color-teal-filled)' }} data-testid="addendum">
            <Text size="xs" c="dimmed">{t('encounter.addenda.by', { name: a.author.name, when: formatDateTime(a.createdAt, i18n.language) })}</Text>
            <Text size="sm" fw={600} dir="auto">{a.reason}</Text>
            <Text size="sm" dir="auto" style={{ whiteSpace: 'pre-wrap' }}>{a.text}</Text>
          </Stack>
        ))}
        {canWrite && (
          <form onSubmit={(e) => { e.preventDefault(); void submit(); }}>
            <Stack gap="xs">
              <TextInput label={t('encounter.addenda.reason')} value={reason} onChange={(e) => setReason(e.currentTarget.value)} error={errors.reason} data-testid="addendum-reason" />
              <Textarea label={t('encounter.addenda.text')} autosize minRows={2} value={text} onChange={(e) => setText(e.currentTarget.value)} error={errors.text} data-testid="addendum-text" />
              {errors.form && <Alert color="red">{errors.form}</Alert>}
              <Group justify="flex-end"><Button type="submit" variant="light" loading={add.isPending} data-testid="addendum-submit">{t('encounter.addenda.add')}</Button></Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Card>
  );
}
