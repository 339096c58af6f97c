import { ActionIcon, Checkbox, Group, NumberInput, Paper, Select, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { NOTE_FIELD_TYPES, type NoteFieldType } from '@clinic/shared';
import type { FieldDraft } from '../lib/template-draft';

/** One field of a template in its editor: key, type, labels in both languages and what the type needs. */
export function TemplateFieldRow({ field, onChange, onRemove, errorOf }: {
  field: FieldDraft; onChange: (f: FieldDraft) => void; onRemove?: () => void; errorOf: (name: string) => string | undefined;
}) {
  const { t } = useTranslation();
  const set = (patch: Partial<FieldDraft>) => onChange({ ...field, ...patch });
  return (
    <Paper withBorder p="sm" radius="sm" data-testid="template-field">
      <Stack gap="xs">
        <Group gap="xs" align="flex-end" wrap="wrap">
          <TextInput label={t('encounter.templates.key')} value={field.key} onChange={(e) => set({ key: e.currentTarget.value })} dir="ltr" w={160} error={errorOf('key')} />
          <Select label={t('encounter.templates.type')} data={NOTE_FIELD_TYPES.map((v) => ({ value: v, label: t(`encounter.templates.types.${v}`) }))} value={field.type} onChange={(v) => v && set({ type: v as NoteFieldType })} allowDeselect={false} w={150} />
          <Checkbox label={t('encounter.templates.required')} checked={Boolean(field.required)} onChange={(e) => set({ required: e.currentTarget.checked })} mb={8} />
          {field.type === 'text' && <Checkbox label={t('encounter.templates.multiline')} checked={Boolean(field.multiline)} onChange={(e) => set({ multiline: e.currentTarget.checked })} mb={8} />}
          {onRemove && <ActionIcon variant="subtle" color="red" onClick={onRemove} aria-label={t('encounter.templates.remove')} mb={6} ms="auto"><IconTrash size={16} /></ActionIcon>}
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
          <TextInput label={t('encounter.templates.labelEn')} value={field.label.en} onChange={(e) => set({ label: { ...field.label, en: e.currentTarget.value } })} dir="ltr" error={errorOf('label.en')} />
          <TextInput label={t('encounter.templates.labelAr')} value={field.label.ar} onChange={(e) => set({ label: { ...field.label, ar: e.currentTarget.value } })} dir="rtl" error={errorOf('label.ar')} />
        </SimpleGrid>
        {field.type === 'number' && (
          <Group gap="xs" wrap="wrap">
            <TextInput label={t('encounter.templates.unit')} value={field.unit ?? ''} onChange={(e) => set({ unit: e.currentTarget.value || undefined })} w={110} dir="ltr" />
            <NumberInput label="min" value={field.min ?? ''} onChange={(v) => set({ min: typeof v === 'number' ? v : undefined })} w={110} error={errorOf('min')} />
            <NumberInput label="max" value={field.max ?? ''} onChange={(v) => set({ max: typeof v === 'number' ? v : undefined })} w={110} error={errorOf('max')} />
          </Group>
        )}
        {(field.type === 'choice' || field.type === 'checklist') && (
          <Textarea label={t('encounter.templates.options')} value={field.optionsText} onChange={(e) => set({ optionsText: e.currentTarget.value })} autosize minRows={2} dir="auto" error={errorOf('options')} ff="monospace" />
        )}
      </Stack>
    </Paper>
  );
}
