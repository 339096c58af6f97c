import { useState } from 'react';
import { Badge, Button, Select, Stack, Text } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { E_INVOICE_SUBMISSION_STATUSES, type EInvoiceSubmissionRecord, type EInvoiceSubmissionStatus } from '@clinic/shared';
import { SectionCard } from '@/components/details';
import { DataTable, PaginationBar, type DataTableColumn } from '@/components/list';
import { formatDateTime, formatNumber } from '@/lib/dates';
import { isApiError } from '@/lib/http';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useSession } from '@/lib/session-context';
import { useEInvoiceSubmissions, useRetrySubmission } from '../api/e-invoicing';

export const SUBMISSION_STATUS_COLORS: Record<EInvoiceSubmissionStatus, string> = {
  pending: 'gray', reported: 'teal', cleared: 'teal', warning: 'yellow', rejected: 'red', failed: 'orange',
};

const RETRYABLE: readonly EInvoiceSubmissionStatus[] = ['failed', 'rejected'];

/**
 * What was sent to ZATCA (reporting or clearance) and what it answered, newest first: each document's status, the
 * authority's messages, the last error while it could not be reached, and Retry for a failed or rejected one.
 */
export function EInvoicingSubmissionsCard() {
  const { t, i18n } = useTranslation();
  const { can } = useSession();
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(10);
  const [status, setStatus] = useState<EInvoiceSubmissionStatus | null>(null);
  const list = useEInvoiceSubmissions({ page, limit, status });
  const retry = useRetrySubmission();
  const x = (k: string, o?: Record<string, unknown>) => t(`finance.eInvoicing.submissions.${k}`, o);
  const lang = i18n.language;

  const columns: DataTableColumn<EInvoiceSubmissionRecord>[] = [
    {
      key: 'document', header: x('document'), primary: true,
      render: (r) => (
        <Stack gap={0}>
          <Text size="sm" fw={500} dir="ltr" ta="start" style={{ whiteSpace: 'nowrap' }}>{r.document.displayNumber ?? x('icv', { icv: formatNumber(r.icv, lang) })}</Text>
          <Text size="xs" c="dimmed">{x(`kinds.${r.document.kind}`)} · {x(`modes.${r.mode}`)}</Text>
        </Stack>
      ),
    },
    {
      key: 'status', header: x('status'), width: 170,
      render: (r) => (
        <Badge color={SUBMISSION_STATUS_COLORS[r.status]} variant="light" tt="none" styles={{ label: { overflow: 'visible' } }} data-testid="submission-status" data-status={r.status}>
          {x(`statuses.${r.status}`)}
        </Badge>
      ),
    },
    {
      key: 'messages', header: x('messages'),
      render: (r) => (
        <Stack gap={2} data-testid="submission-messages">
          {r.messages.filter((m) => m.type !== 'info').map((m, i) => (
            <Text key={i} size="xs" c={m.type === 'error' ? 'red' : 'yellow.8'} dir="auto">{m.code ? `${m.code}: ${m.message}` : m.message}</Text>
          ))}
          {r.lastError && (
            <Stack gap={0} data-testid="submission-error">
              <Text size="xs" c="dimmed">{x(r.status === 'pending' ? 'unreachablePending' : 'lastError')}</Text>
              <Text size="xs" c="dimmed" dir="auto">{r.lastError}</Text>
            </Stack>
          )}
          {!r.lastError && r.messages.every((m) => m.type === 'info') && <Text size="xs" c="dimmed">—</Text>}
        </Stack>
      ),
    },
    { key: 'attempts', header: x('attempts'), align: 'end', render: (r) => x('attemptCount', { count: r.attempts }) },
    { key: 'createdAt', header: x('createdAt'), render: (r) => formatDateTime(r.createdAt, lang) },
    {
      key: 'actions', header: '', align: 'end',
      render: (r) => can('billing_write') && RETRYABLE.includes(r.status) && (
        <Button size="xs" variant="light" loading={retry.isPending && retry.variables === r._id} data-testid="submission-retry"
          onClick={() => retry.mutate(r._id, {
            onSuccess: (reply) => notifySuccess(reply.message ?? x('retried')),
            onError: (err) => notifyError(isApiError(err) ? err.message : t('errors.unexpected')),
          })}>
          {x('retry')}
        </Button>
      ),
    },
  ];

  const pagination = list.data?.pagination;
  return (
    <SectionCard title={x('title')} icon={<IconSend size={18} />} testId="e-invoicing-submissions"
      action={
        <Select size="xs" w={170} aria-label={x('filter')} placeholder={x('allStatuses')} clearable value={status} data-testid="submission-filter"
          data={E_INVOICE_SUBMISSION_STATUSES.map((v) => ({ value: v, label: x(`statuses.${v}`) }))}
          onChange={(v) => { setStatus(v as EInvoiceSubmissionStatus | null); setPage(1); }} />
      }>
      <Stack gap="sm">
        <DataTable columns={columns} rows={list.data?.data} getRowKey={(r) => r._id} page={page} limit={limit} withNumber={false}
          loading={list.isLoading} stale={list.isPlaceholderData} error={list.error ? t('errors.unexpected') : null} onRetry={() => void list.refetch()}
          emptyText={x('empty')} emptyDescription={x('emptyHint')} minWidth={640} data-testid="submissions-table" />
        {pagination && pagination.total_items > 0 && (
          <PaginationBar page={page} limit={limit} total={pagination.total_items} totalPages={pagination.total_pages} exact={pagination.total_exact}
            onPageChange={setPage} onLimitChange={(l) => { setLimit(l); setPage(1); }} />
        )}
      </Stack>
    </SectionCard>
  );
}
