import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { requestFile } from '@/lib/http';
import { useSession } from '@/lib/session-context';

type QueryValue = string | number | boolean | null | undefined;

export interface ExportButtonProps {
  /** The list's API path, for example `/patients` (the export is `<path>/export.csv`). */
  path: string;
  /** The list's current query (filters, search, sort); paging is ignored by the server. */
  query?: Record<string, QueryValue>;
}

/** `patients-2026-03-10.csv`: the list's name and today's date. */
export function exportFileName(path: string, now = new Date()): string {
  const name = path.replace(/^\/+|\/+$/g, '').replace(/^api\//, '').replace(/\//g, '-') || 'export';
  const day = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  return `${name}-${day}.csv`;
}

/**
 * Downloads every row the list's filters select as CSV (all pages), with the session's token. Hidden from users
 * without the data_export permission.
 */
export function ExportButton({ path, query }: ExportButtonProps) {
  const { t } = useTranslation();
  const { can } = useSession();
  const [busy, setBusy] = useState(false);
  if (!can('data_export')) return null;

  const download = async () => {
    setBusy(true);
    try {
      const { page: _page, limit: _limit, ...filters } = query ?? {};
      const blob = await requestFile(`${path.replace(/\/+$/, '')}/export.csv`, { query: filters, headers: { Accept: 'text/csv' } });
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = exportFileName(path);
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch {
      // The http layer has shown the error.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button variant="default" leftSection={<IconFileSpreadsheet size={16} />} loading={busy} onClick={() => void download()} data-testid="export-button">
      {t('common.exportCsv')}
    </Button>
  );
}
