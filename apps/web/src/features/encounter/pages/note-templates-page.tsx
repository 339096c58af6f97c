import { useState } from 'react';
import { Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconEdit, IconPlus, IconTemplate } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { routes, type NoteTemplateRecord } from '@clinic/shared';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { call } from '@/lib/api-client';
import { encounterKeys } from '../api/encounter-keys';
import { TemplateEditor } from '../components/template-editor';

/** Administrators' note templates: which one a visit uses, and their sections; most doctors never come here. */
export default function NoteTemplatesPage() {
  const { t, i18n } = useTranslation();
  const list = useQuery({ queryKey: encounterKeys.templates(), queryFn: ({ signal }) => call(routes.noteTemplates.list, { query: { limit: 30 } }, { signal }) });
  const [editing, setEditing] = useState<NoteTemplateRecord | null | 'new'>(null);
  const ar = i18n.language.startsWith('ar');
  const rows = list.data?.data ?? [];
  return (
    <Stack gap="md">
      <PageHeader
        title={t('encounter.templates.title')}
        subtitle={t('encounter.templates.help')}
        actions={<Button leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} data-testid="template-add">{t('encounter.templates.add')}</Button>}
      />
      {list.isPending ? <Skeleton h={120} radius="md" /> : rows.length === 0 ? (
        <Card><EmptyState title={t('encounter.templates.none')} /></Card>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {rows.map((tpl) => (
            <Card key={tpl._id} withBorder padding="md" data-testid="template-card">
              <Stack gap="xs">
                <Group justify="space-between" wrap="nowrap">
                  <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}><IconTemplate size={18} /><Text fw={700} truncate="end">{ar ? tpl.name.ar : tpl.name.en}</Text></Group>
                  <Badge variant="light" color={tpl.isActive ? 'teal' : 'gray'}>{tpl.isActive ? t('encounter.templates.active') : t('encounter.templates.inactive')}</Badge>
                </Group>
                <Text size="sm" c="dimmed">{[tpl.service?.name, tpl.specialization?.name].filter(Boolean).join(' · ') || '—'}</Text>
                <Text size="xs" c="dimmed">
                  {tpl.sections.map((s) => (ar ? s.label.ar : s.label.en)).join('، ')} · {t('encounter.templates.fieldsCount', { count: tpl.sections.reduce((n, s) => n + s.fields.length, 0) })}
                </Text>
                <Button variant="light" size="xs" leftSection={<IconEdit size={14} />} onClick={() => setEditing(tpl)} style={{ alignSelf: 'flex-start' }}>{t('encounter.templates.edit')}</Button>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
      {editing && <TemplateEditor template={editing === 'new' ? null : editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
