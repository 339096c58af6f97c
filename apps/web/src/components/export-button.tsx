import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { routes, type QueryIn } from '@clinic/shared';
import { callFile } from '@/lib/api-client';
import { useSession } from '@/lib/session-context';
import { saveBlob } from '@/lib/save-blob';

type Exports = typeof routes.exports;

/**
 * A list's export (`routes.exports.<list>`) and the list's current query (filters, search, sort); paging is ignored
 * by the server.
 */
export type ExportButtonProps = { [K in keyof Exports]: { route: Exports[K]; query?: QueryIn<Exports[K]> } }[keyof Exports];

/** `patients-2026-03-10.csv`: the list's name (from its path or its export's) and today's date. */
export function exportFileName(path: string, now = new Date()): string {
  const name = path.replace(/\/export\.csv$/, '').replace(/^\/+|\/+$/g, '').replace(/^api\//, '').replace(/\//g, '-') || 'export';
  const day = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
  return `${name}-${day}.csv`;
}

/**
 * Downloads every row the list's filters select as CSV (all pages), with the session's token. Hidden from users
 * without the data_export permission.
 */
export function ExportButton({ route, query }: ExportButtonProps) {
  const { t } = useTranslation();
  const { can } = useSession();
  const [busy, setBusy] = useState(false);
  if (!can('data_export')) return null;

  const download = async () => {
    setBusy(true);
    try {
      const { page: _page, limit: _limit, ...filters } = query ?? {};
      saveBlob(await callFile(route, { query: filters }, { headers: { Accept: 'text/csv' } }), exportFileName(route.path));
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
