import { useState } from 'react';
import { Alert, Button, FileInput, Group, List, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconFileUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { CODE_IMPORT_ERRORS_SHOWN, type DiagnosisCodeImportResult } from '@clinic/shared';
import { SectionCard } from '@/components/details';
import { isApiError } from '@/lib/http';
import { useCodeListChange } from '../api/codes';

interface Refusal { message: string; file?: string; lines: Array<{ line: number; text: string }> }

/** The refusal of an import: its message and each bad line the server named (`line.<n>`), in line order. */
function refusalOf(error: unknown): Refusal | null {
  if (!isApiError(error)) return null;
  const fields = error.fields ?? {};
  const lines = Object.entries(fields)
    .filter(([key]) => key.startsWith('line.'))
    .map(([key, text]) => ({ line: Number(key.slice(5)), text }))
    .sort((a, b) => a.line - b.line);
  return { message: error.message, file: fields.file, lines };
}

/** Import a code list from CSV: all or nothing, with every bad line named. */
export function CodeImportCard() {
  const { t } = useTranslation();
  const { importFile } = useCodeListChange();
  const [file, setFile] = useState<File | null>(null);
  const [system, setSystem] = useState('ICD-10');
  const [done, setDone] = useState<DiagnosisCodeImportResult | null>(null);
  const refusal = refusalOf(importFile.error);

  const submit = () => {
    if (!file) return;
    setDone(null);
    importFile.mutate({ file, system: system.trim() }, { onSuccess: (r) => setDone(r.data) });
  };

  return (
    <SectionCard icon={<IconFileUpload size={18} />} title={t('diagnoses.codes.importTitle')} testId="code-import">
      <form onSubmit={(e) => { e.preventDefault(); submit(); }} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">{t('diagnoses.codes.format')}</Text>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <FileInput
              label={t('diagnoses.codes.file')}
              placeholder={t('diagnoses.codes.filePlaceholder')}
              accept=".csv,text/csv,text/plain"
              value={file}
              onChange={setFile}
              clearable
              style={{ flex: '1 1 16rem' }}
              data-testid="code-import-file"
            />
            <TextInput
              label={t('diagnoses.codes.system')}
              description={t('diagnoses.codes.systemHint')}
              value={system}
              onChange={(e) => setSystem(e.currentTarget.value)}
              maxLength={40}
              dir="ltr"
              style={{ flex: '0 1 12rem' }}
            />
            <Button type="submit" disabled={!file} loading={importFile.isPending} data-testid="code-import-submit">
              {t('diagnoses.codes.import')}
            </Button>
          </Group>
          {done && (
            <Alert color="teal" icon={<IconCircleCheck size={18} />} data-testid="code-import-done">
              {t('diagnoses.codes.imported', done)}
            </Alert>
          )}
          {refusal && (
            <Alert color="red" icon={<IconAlertTriangle size={18} />} title={refusal.file ?? refusal.message} data-testid="code-import-errors">
              {refusal.lines.length > 0 && (
                <Stack gap={4}>
                  <Text size="sm" fw={600}>{t('diagnoses.codes.lines')}</Text>
                  <List size="sm" spacing={2}>
                    {refusal.lines.map((l) => (
                      <List.Item key={l.line} data-testid="code-import-line">{l.text}</List.Item>
                    ))}
                  </List>
                  {refusal.lines.length >= CODE_IMPORT_ERRORS_SHOWN && (
                    <Text size="xs" c="dimmed">{t('diagnoses.codes.moreLines', { shown: CODE_IMPORT_ERRORS_SHOWN })}</Text>
                  )}
                </Stack>
              )}
            </Alert>
          )}
        </Stack>
      </form>
    </SectionCard>
  );
}
