import { useState } from 'react';
import { Alert, Button, FileButton, Group, List, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconFileImport } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { MedicationImportResult } from '@clinic/shared';
import { isApiError } from '@/lib/http';
import { useImportCatalogue } from '../api/catalogue';

/** The line numbers of a refusal's fields (`line.12`), in order; other fields (the file) first. */
function problemsOf(fields: Record<string, string>): string[] {
  const line = (k: string) => (k.startsWith('line.') ? Number(k.slice(5)) : 0);
  return Object.keys(fields).sort((a, b) => line(a) - line(b)).map((k) => fields[k]!);
}

/**
 * Imports the catalogue from a CSV file (name, generic name, form, strength, Arabic name). A file with any bad line
 * imports nothing and every bad line is listed with its number; otherwise what was added and updated is told.
 */
export function CatalogueImport() {
  const { t } = useTranslation();
  const upload = useImportCatalogue();
  const [result, setResult] = useState<MedicationImportResult | null>(null);
  const [problems, setProblems] = useState<{ message: string; lines: string[] } | null>(null);
  const send = (file: File | null) => {
    if (!file) return;
    setResult(null);
    setProblems(null);
    upload.mutate(file, {
      onSuccess: (answer) => setResult(answer.data),
      onError: (error) => setProblems(isApiError(error)
        ? { message: error.message, lines: problemsOf(error.fields ?? {}) }
        : { message: t('errors.unexpected'), lines: [] }),
    });
  };
  return (
    <Stack gap="sm">
      <Group gap="sm" wrap="wrap">
        <FileButton onChange={send} accept=".csv,text/csv">
          {(props) => (
            <Button {...props} leftSection={<IconFileImport size={16} />} loading={upload.isPending} data-testid="catalogue-import">
              {t('medicines.catalogue.import')}
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">{t('medicines.catalogue.importHint')}</Text>
      </Group>
      {result && (
        <Alert color="teal" variant="light" icon={<IconCircleCheck size={18} />} data-testid="catalogue-import-result">
          {t('medicines.catalogue.imported', { created: result.created, updated: result.updated })}
        </Alert>
      )}
      {problems && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />} title={problems.message} data-testid="catalogue-import-errors">
          {problems.lines.length > 0 && (
            <List size="sm" spacing={2}>
              {problems.lines.map((line) => <List.Item key={line} data-testid="catalogue-import-line">{line}</List.Item>)}
            </List>
          )}
        </Alert>
      )}
    </Stack>
  );
}
