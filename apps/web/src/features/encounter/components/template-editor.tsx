import { useState } from 'react';
import { Alert, Button, Card, Checkbox, Group, Modal, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { routes, type NoteTemplateRecord } from '@clinic/shared';
import { call } from '@/lib/api-client';
import { isApiError } from '@/lib/http';
import { useLookupOptions } from '@/lib/lookups/lookups';
import { encounterKeys } from '../api/encounter-keys';
import { newField, newSection, toDraft, toInput, type SectionDraft, type TemplateDraft } from '../lib/template-draft';
import { TemplateFieldRow } from './template-field-row';

/** Creates or changes a template: its name in both languages, what it is for, and its sections of typed fields. */
export function TemplateEditor({ template, onClose }: { template: NoteTemplateRecord | null; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const services = useLookupOptions('services');
  const specialities = useLookupOptions('specializations');
  const [draft, setDraft] = useState<TemplateDraft>(() => toDraft(template));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<TemplateDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const setSection = (i: number, s: SectionDraft) => set({ sections: draft.sections.map((x, j) => (j === i ? s : x)) });
  const err = (path: string) => errors[path];

  const save = async () => {
    setBusy(true);
    setErrors({});
    try {
      const input = toInput(draft);
      if (template) await call(routes.noteTemplates.update, { params: { id: template._id }, body: { ...input, version: template.version } });
      else await call(routes.noteTemplates.create, { body: input });
      await queryClient.invalidateQueries({ queryKey: encounterKeys.templates() });
      onClose();
    } catch (e) {
      setErrors(isApiError(e) ? (e.fields ?? { form: e.message }) : { form: t('errors.unexpected') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal opened onClose={onClose} size="xl" title={<Title order={3} fz="h4">{template ? t('encounter.templates.edit') : t('encounter.templates.add')}</Title>} data-testid="template-editor">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label={t('encounter.templates.nameEn')} value={draft.nameEn} onChange={(e) => set({ nameEn: e.currentTarget.value })} dir="ltr" error={err('name.en')} required />
          <TextInput label={t('encounter.templates.nameAr')} value={draft.nameAr} onChange={(e) => set({ nameAr: e.currentTarget.value })} dir="rtl" error={err('name.ar')} required />
          <Select label={t('encounter.templates.service')} data={services.data ?? []} value={draft.service} onChange={(v) => set({ service: v })} clearable searchable error={err('service')} />
          <Select label={t('encounter.templates.speciality')} data={specialities.data ?? []} value={draft.specialization} onChange={(v) => set({ specialization: v })} clearable searchable error={err('specialization')} />
        </SimpleGrid>
        <Checkbox label={t('encounter.templates.active')} checked={draft.isActive} onChange={(e) => set({ isActive: e.currentTarget.checked })} />
        {draft.sections.map((section, i) => (
          <Card key={i} withBorder padding="sm" bg="var(--mantine-color-default-hover)">
            <Stack gap="xs">
              <Group gap="xs" align="flex-end" wrap="wrap">
                <TextInput label={t('encounter.templates.key')} value={section.key} onChange={(e) => setSection(i, { ...section, key: e.currentTarget.value })} dir="ltr" w={150} error={err(`sections.${i}.key`)} />
                <TextInput label={t('encounter.templates.labelEn')} value={section.label.en} onChange={(e) => setSection(i, { ...section, label: { ...section.label, en: e.currentTarget.value } })} dir="ltr" style={{ flex: 1, minWidth: 160 }} error={err(`sections.${i}.label.en`)} />
                <TextInput label={t('encounter.templates.labelAr')} value={section.label.ar} onChange={(e) => setSection(i, { ...section, label: { ...section.label, ar: e.currentTarget.value } })} dir="rtl" style={{ flex: 1, minWidth: 160 }} error={err(`sections.${i}.label.ar`)} />
                {draft.sections.length > 1 && <Button variant="subtle" color="red" leftSection={<IconTrash size={14} />} onClick={() => set({ sections: draft.sections.filter((_, j) => j !== i) })}>{t('encounter.templates.remove')}</Button>}
              </Group>
              {section.fields.map((field, k) => (
                <TemplateFieldRow
                  key={k}
                  field={field}
                  onChange={(f) => setSection(i, { ...section, fields: section.fields.map((x, j) => (j === k ? f : x)) })}
                  onRemove={section.fields.length > 1 ? () => setSection(i, { ...section, fields: section.fields.filter((_, j) => j !== k) }) : undefined}
                  errorOf={(name) => err(`sections.${i}.fields.${k}.${name}`)}
                />
              ))}
              <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={() => setSection(i, { ...section, fields: [...section.fields, newField(section.fields.length + 1)] })} style={{ alignSelf: 'flex-start' }}>
                {t('encounter.templates.addField')}
              </Button>
            </Stack>
          </Card>
        ))}
        <Button variant="default" leftSection={<IconPlus size={16} />} onClick={() => set({ sections: [...draft.sections, newSection(draft.sections.length + 1)] })} style={{ alignSelf: 'flex-start' }}>
          {t('encounter.templates.addSection')}
        </Button>
        {(errors.form || errors.sections) && <Alert color="red">{errors.form ?? errors.sections}</Alert>}
        <Group justify="flex-end"><Button onClick={() => void save()} loading={busy} data-testid="template-save">{t('encounter.templates.save')}</Button></Group>
      </Stack>
    </Modal>
  );
}
