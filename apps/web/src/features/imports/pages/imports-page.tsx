import { useState } from 'react';
import { Alert, Button, Card, Group, Radio, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ImportBatchDetails, ImportKind } from '@clinic/shared';
import { PageHeader } from '@/components/page-header';
import { formatNumber } from '@/lib/dates';
import { isApiError } from '@/lib/http';
import { useImportActions, useImportBatch } from '../api/imports';
import { BatchHistory, ImportProgress } from '../components/batch-history';
import { MappingTable } from '../components/mapping-table';
import { ReportTable } from '../components/report-table';
import { UploadStep } from '../components/upload-step';

/**
 * The import wizard: what to import and the file; the columns mapped to fields (detected, changeable: the file is
 * checked again); the dry run's report; the duplicates choice and the import with its progress; the history with undo.
 */
export default function ImportsPage() {
  const { t, i18n } = useTranslation();
  const [kind, setKind] = useState<ImportKind>('patients');
  const [checked, setChecked] = useState<ImportBatchDetails | null>(null);
  const [columns, setColumns] = useState<string[]>([]);
  const [duplicates, setDuplicates] = useState<'keep' | 'skip'>('skip');
  const [error, setError] = useState<string | null>(null);
  const [started, setStarted] = useState<string | null>(null);
  const { upload, remap, start } = useImportActions();
  const running = useImportBatch(started).data?.data ?? null;
  const n = (v: number) => formatNumber(v, i18n.language);
  const fail = (e: unknown) => setError(isApiError(e) ? e.message : t('errors.unexpected'));

  const send = (file: File) => {
    setError(null);
    setStarted(null);
    upload.mutate({ kind, file }, {
      onSuccess: (a) => { setChecked(a.data); setColumns(a.data.columns ?? []); },
      onError: (e) => { setChecked(null); fail(e); },
    });
  };
  const changeMapping = (mapping: Record<string, string>) => {
    if (!checked) return;
    remap.mutate({ id: checked._id, mapping, version: checked.version }, { onSuccess: (a) => setChecked(a.data), onError: fail });
  };
  const begin = () => {
    if (!checked) return;
    start.mutate({ id: checked._id, duplicates, version: checked.version }, {
      onSuccess: (a) => { setStarted(a.data._id); setChecked(null); },
      onError: fail,
    });
  };

  return (
    <Stack gap="lg">
      <PageHeader title={t('imports.title')} subtitle={t('imports.subtitle')} />
      <Card withBorder>
        <UploadStep kind={kind} onKind={setKind} onFile={send} busy={upload.isPending} error={error} />
      </Card>
      {checked && (
        <Card withBorder data-testid="import-checked">
          <Stack gap="md">
            <Title order={3} size="h5">{t('imports.mappingTitle')}</Title>
            <MappingTable kind={checked.kind} columns={columns} mapping={checked.mapping} onChange={changeMapping} disabled={remap.isPending} />
            <Title order={3} size="h5">{t('imports.reportTitle')}</Title>
            <Text size="sm" data-testid="import-summary">
              {t('imports.summary', { total: n(checked.totalRows), valid: n(checked.validRows), refused: n(checked.refusedRows), duplicates: n(checked.duplicateRows) })}
            </Text>
            <ReportTable problems={checked.problems} />
            {checked.duplicateRows > 0 && (
              <Radio.Group value={duplicates} onChange={(v) => setDuplicates(v as 'keep' | 'skip')} label={t('imports.duplicatesLabel')}>
                <Group mt={6}>
                  <Radio value="skip" label={t('imports.duplicatesSkip')} />
                  <Radio value="keep" label={t('imports.duplicatesKeep')} />
                </Group>
              </Radio.Group>
            )}
            <Group>
              <Button onClick={begin} loading={start.isPending} disabled={checked.validRows === 0} data-testid="import-start">
                {t('imports.start', { count: checked.validRows })}
              </Button>
            </Group>
          </Stack>
        </Card>
      )}
      {running && (
        <Card withBorder>
          <Stack gap="xs">
            <Text fw={500} dir="auto">{running.fileName}</Text>
            <ImportProgress batch={running} />
            {running.status === 'imported' && <Alert color="teal" variant="light" icon={<IconInfoCircle size={18} />} data-testid="import-done">{t(`imports.done.${running.kind}`, { count: running.importedRows })}</Alert>}
            {running.status === 'failed' && <Alert color="red" variant="light" data-testid="import-stopped">{running.lastError ?? t('imports.failed')}</Alert>}
          </Stack>
        </Card>
      )}
      <Card withBorder>
        <Stack gap="sm">
          <Title order={3} size="h5">{t('imports.history')}</Title>
          <BatchHistory />
        </Stack>
      </Card>
    </Stack>
  );
}
