import { Button, Group, Modal, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { EncounterNote, NoteContent, NoteSection } from '@clinic/shared';
import { answerText, labelOf } from './note-field';

interface ConflictDialogProps {
  sections: NoteSection[];
  mine: NoteContent;
  theirs: EncounterNote;
  onKeepMine: () => void;
  onTakeTheirs: () => void;
}

/** Someone else saved this draft meanwhile: both texts side by side, field by field; the doctor chooses which stays. */
export function ConflictDialog({ sections, mine, theirs, onKeepMine, onTakeTheirs }: ConflictDialogProps) {
  const { t, i18n } = useTranslation();
  const side = (s: string) => t(`encounter.side.${s}`);
  const fields = sections.flatMap((s) => s.fields)
    .filter((f) => JSON.stringify(mine[f.key] ?? null) !== JSON.stringify(theirs.content[f.key] ?? null));
  return (
    <Modal opened onClose={() => {}} withCloseButton={false} closeOnClickOutside={false} closeOnEscape={false} size="xl" title={<Title order={3} fz="h4">{t('encounter.conflict.title')}</Title>} data-testid="conflict-dialog">
      <Stack gap="md">
        <Text size="sm">{t('encounter.conflict.body', { name: theirs.updatedBy?.name ?? '' })}</Text>
        {fields.map((f) => (
          <Stack key={f.key} gap={4}>
            <Text size="sm" fw={700}>{labelOf(f.label, i18n.language)}</Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <Stack gap={2} p="xs" bg="var(--mantine-color-blue-light)" style={{ borderRadius: 6 }}>
                <Text size="xs" c="dimmed" fw={600}>{t('encounter.conflict.mine')}</Text>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="conflict-mine">{answerText(f, mine[f.key], i18n.language, side)}</Text>
              </Stack>
              <Stack gap={2} p="xs" bg="var(--mantine-color-orange-light)" style={{ borderRadius: 6 }}>
                <Text size="xs" c="dimmed" fw={600}>{t('encounter.conflict.theirs')}</Text>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="conflict-theirs">{answerText(f, theirs.content[f.key], i18n.language, side)}</Text>
              </Stack>
            </SimpleGrid>
          </Stack>
        ))}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onTakeTheirs} data-testid="conflict-take-theirs">{t('encounter.conflict.takeTheirs')}</Button>
          <Button onClick={onKeepMine} data-testid="conflict-keep-mine">{t('encounter.conflict.keepMine')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
