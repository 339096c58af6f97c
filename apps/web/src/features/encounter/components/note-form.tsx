import { Card, Divider, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { NoteContent, NoteSection, NoteValue } from '@clinic/shared';
import { answerText, labelOf, NoteField } from './note-field';

interface NoteFormProps {
  sections: NoteSection[];
  content: NoteContent;
  onChange?: (key: string, value: NoteValue) => void;
  errors?: Record<string, string>;
}

/** The note, generated from the template it is written on: a card per section, its fields in order. Read-only without `onChange`. */
export function NoteForm({ sections, content, onChange, errors = {} }: NoteFormProps) {
  const { t, i18n } = useTranslation();
  return (
    <Stack gap="md" data-testid="note-form">
      {sections.map((section) => (
        <Card key={section.key} padding="md" withBorder data-section={section.key}>
          <Title order={3} fz="md" mb="sm">{labelOf(section.label, i18n.language)}</Title>
          <Stack gap="sm">
            {section.fields.map((field, i) => (onChange ? (
              <NoteField key={field.key} field={field} value={content[field.key]} onChange={(v) => onChange(field.key, v)} error={errors[`content.${field.key}`]} />
            ) : (
              <Stack key={field.key} gap={2}>
                {i > 0 && <Divider mb={6} variant="dotted" />}
                <Text size="xs" c="dimmed" fw={600}>{labelOf(field.label, i18n.language)}</Text>
                <Text size="sm" dir="auto" style={{ whiteSpace: 'pre-wrap' }} data-answer={field.key}>
                  {answerText(field, content[field.key], i18n.language, (s) => t(`encounter.side.${s}`))}
                </Text>
              </Stack>
            )))}
          </Stack>
        </Card>
      ))}
    </Stack>
  );
}
