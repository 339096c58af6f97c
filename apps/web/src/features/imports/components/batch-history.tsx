import { useState } from 'react';
import { Badge, Button, Group, Progress, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ImportBatch } from '@clinic/shared';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { formatDateTime, formatNumber } from '@/lib/dates';
import { useImportActions, useImports } from '../api/imports';

const STATUS_COLOR: Record<ImportBatch['status'], string> = { checked: 'blue', importing: 'cyan', imported: 'teal', failed: 'red', undone: 'gray' };

/** The progress of a batch being imported: rows written of the rows to write. */
export function ImportProgress({ batch }: { batch: ImportBatch }) {
  const { t, i18n } = useTranslation();
  const total = Math.max(1, batch.validRows);
  return (
    <Stack gap={4} data-testid="import-progress">
      <Progress value={Math.min(100, (batch.importedRows / total) * 100)} animated={batch.status === 'importing'} aria-label={t('imports.progress')} />
      <Text size="xs" c="dimmed">
        {t('imports.progressText', { done: formatNumber(batch.importedRows, i18n.language), total: formatNumber(batch.validRows, i18n.language) })}
      </Text>
    </Stack>
  );
}

/** The organisation's imports, newest first, each with its counts; an imported batch can be undone (confirmed). */
export function BatchHistory() {
  const { t, i18n } = useTranslation();
  const { data } = useImports(1);
  const { undo } = useImportActions();
  const [asked, setAsked] = useState<ImportBatch | null>(null);
  // What the dialog names stays while it closes.
  const [named, setNamed] = useState<ImportBatch | null>(null);
  const ask = (b: ImportBatch) => { setAsked(b); setNamed(b); };
  const rows = data?.data ?? [];
  if (!rows.length) return <Text size="sm" c="dimmed">{t('imports.noHistory')}</Text>;
  return (
    <>
      <Table.ScrollContainer minWidth={520}>
        <Table data-testid="import-history" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('imports.file')}</Table.Th>
              <Table.Th>{t('imports.status')}</Table.Th>
              <Table.Th>{t('imports.rows')}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((b) => (
              <Table.Tr key={b._id} data-testid="import-batch">
                <Table.Td>
                  <Text size="sm" dir="auto">{b.fileName}</Text>
                  <Text size="xs" c="dimmed">{formatDateTime(b.createdAt, i18n.language)}</Text>
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color={STATUS_COLOR[b.status]}>{t(`imports.statuses.${b.status}`)}</Badge>
                  {b.status === 'failed' && b.lastError && <Text size="xs" c="dimmed" maw={280} lineClamp={3} dir="auto" mt={4}>{b.lastError}</Text>}
                </Table.Td>
                <Table.Td>
                  {b.status === 'importing' ? <ImportProgress batch={b} /> : (
                    <Text size="sm">{t('imports.counts', { imported: formatNumber(b.importedRows, i18n.language), refused: formatNumber(b.refusedRows, i18n.language) })}</Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {(b.status === 'imported' || b.status === 'failed') && (
                    <Group justify="flex-end">
                      <Button size="xs" variant="subtle" color="red" onClick={() => ask(b)} data-testid="import-undo">{t('imports.undo')}</Button>
                    </Group>
                  )}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <ConfirmDialog
        opened={asked !== null}
        title={t('imports.undoTitle')}
        text={t('imports.undoText', { count: named?.importedRows ?? 0, file: named?.fileName ?? '' })}
        confirmLabel={t('imports.undo')}
        confirmColor="red"
        loading={undo.isPending}
        onCancel={() => setAsked(null)}
        onConfirm={() => asked && undo.mutate(asked, { onSettled: () => setAsked(null) })}
      />
    </>
  );
}
