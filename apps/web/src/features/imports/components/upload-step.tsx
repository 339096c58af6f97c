import { useState, type DragEvent } from 'react';
import { Alert, Button, FileButton, Group, Paper, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconFileImport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { IMPORT_KINDS, type ImportKind } from '@clinic/shared';

interface UploadStepProps {
  kind: ImportKind;
  onKind: (kind: ImportKind) => void;
  onFile: (file: File) => void;
  busy: boolean;
  error: string | null;
}

/** Step 1: what to import, and the file (chosen or dropped). */
export function UploadStep({ kind, onKind, onFile, busy, error }: UploadStepProps) {
  const { t } = useTranslation();
  const [over, setOver] = useState(false);
  const drop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setOver(false);
    const file = e.dataTransfer.files[0];
    if (file) onFile(file);
  };
  return (
    <Stack gap="sm">
      <SegmentedControl
        value={kind}
        onChange={(v) => onKind(v as ImportKind)}
        data={IMPORT_KINDS.map((k) => ({ value: k, label: t(`imports.kinds.${k}`) }))}
        aria-label={t('imports.kind')}
        w="fit-content"
      />
      <Paper
        withBorder p="xl" radius="md" data-testid="import-drop"
        onDragOver={(e) => { e.preventDefault(); setOver(true); }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
        style={{ borderStyle: 'dashed', background: over ? 'var(--mantine-color-blue-light)' : undefined }}
      >
        <Stack align="center" gap="xs">
          <Text fw={500}>{t('imports.drop')}</Text>
          <Text size="sm" c="dimmed">{t('imports.dropHint')}</Text>
          <FileButton onChange={(f) => f && onFile(f)} accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet">
            {(props) => <Button {...props} leftSection={<IconFileImport size={16} />} loading={busy} data-testid="import-choose">{t('imports.choose')}</Button>}
          </FileButton>
        </Stack>
      </Paper>
      {error && (
        <Group>
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="import-error">{error}</Alert>
        </Group>
      )}
    </Stack>
  );
}
