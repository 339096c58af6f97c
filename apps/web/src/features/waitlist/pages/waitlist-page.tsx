import { useState } from 'react';
import { ActionIcon, Alert, Button, Card, Group, Modal, SegmentedControl, Stack, Text, Tooltip } from '@mantine/core';
import { IconCalendarPlus, IconHourglass, IconPlus, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_PAGE_SIZE, WAITLIST_STATUSES, type WaitlistRecord, type WaitlistStatus } from '@clinic/shared';
import { DataTable, PaginationBar, type DataTableColumn } from '@/components/list';
import { formatDay } from '@/lib/dates';
import { useSession } from '@/lib/session-context';
import { useCloseWaitlistEntry, useWaitlist } from '../api/waitlist';
import { BookEntryDialog } from '../components/book-entry-dialog';
import { PriorityBadge } from '../components/priority-badge';
import { WaitlistEntryForm } from '../components/waitlist-entry-form';

/** Patients waiting for a service: by priority, then by how long they have waited; add, book or close an entry. */
export default function WaitlistPage() {
  const { t, i18n } = useTranslation();
  const { can } = useSession();
  const canWrite = can('appointment_write');
  const [status, setStatus] = useState<WaitlistStatus>('open');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(DEFAULT_PAGE_SIZE);
  const list = useWaitlist(status, page, limit);
  const pagination = list.data?.pagination;
  const close = useCloseWaitlistEntry();
  const [adding, setAdding] = useState(false);
  const [booking, setBooking] = useState<WaitlistRecord | null>(null);

  const window = (e: WaitlistRecord) => {
    const parts: string[] = [];
    if (e.fromDate || e.toDate) parts.push(`${e.fromDate ? formatDay(e.fromDate, i18n.language) : '…'} – ${e.toDate ? formatDay(e.toDate, i18n.language) : '…'}`);
    if (e.weekdays.length) parts.push(e.weekdays.map((d) => formatDay(`2024-01-0${d + 1}`, i18n.language, { weekday: 'short' })).join(', '));
    if (e.timeFrom || e.timeTo) parts.push(`\u2066${e.timeFrom ?? '00:00'}–${e.timeTo ?? '24:00'}\u2069`);
    return parts.length ? parts.join(' · ') : t('waitlist.anyTime');
  };

  const columns: DataTableColumn<WaitlistRecord>[] = [
    { key: 'patient', header: t('waitlist.fields.patient'), render: (e) => <Text size="sm" fw={600}>{e.patient.name}</Text> },
    { key: 'priority', header: t('waitlist.fields.priority'), render: (e) => <PriorityBadge priority={e.priority} /> },
    { key: 'clinic', header: t('waitlist.fields.clinic'), render: (e) => <Text size="sm" data-testid="waitlist-clinic">{e.clinic.name}</Text> },
    { key: 'service', header: t('waitlist.fields.service'), render: (e) => <Text size="sm">{e.service.name}</Text> },
    { key: 'doctor', header: t('waitlist.fields.doctor'), render: (e) => <Text size="sm">{e.doctor?.name ?? t('waitlist.anyDoctor')}</Text> },
    { key: 'window', header: t('waitlist.fields.window'), render: (e) => <Text size="xs">{window(e)}</Text> },
    { key: 'waiting', header: t('waitlist.fields.waiting'), render: (e) => <Text size="sm" style={{ whiteSpace: 'nowrap' }}>{t('waitlist.waitingDays', { count: e.waitingDays })}</Text> },
    { key: 'note', header: t('waitlist.fields.note'), render: (e) => (e.note ? <Text size="xs" c="dimmed">{e.note}</Text> : null) },
  ];
  if (canWrite) {
    columns.push({
      key: 'actions',
      header: '',
      align: 'end',
      render: (e) => e.status === 'open' ? (
        <Group gap={4} wrap="nowrap" justify="flex-end">
          <Button size="compact-sm" leftSection={<IconCalendarPlus size={14} />} onClick={() => setBooking(e)} data-testid="waitlist-row-book">
            {t('waitlist.book')}
          </Button>
          <Tooltip label={t('waitlist.close')}>
            <ActionIcon variant="subtle" color="gray" aria-label={t('waitlist.close')} onClick={() => close.mutate({ id: e._id, version: e.version })}>
              <IconX size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ) : null,
    });
  }

  return (
    <Stack gap="md" data-testid="waitlist-page">
      <Card padding="sm">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <SegmentedControl
            value={status}
            onChange={(s) => { setStatus(s as WaitlistStatus); setPage(1); }}
            data={WAITLIST_STATUSES.map((s) => ({ value: s, label: t(`waitlist.status.${s}`) }))}
            data-testid="waitlist-status"
          />
          {canWrite && <Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)} data-testid="waitlist-add">{t('waitlist.add')}</Button>}
        </Group>
      </Card>
      {list.isError && <Alert color="red" variant="light">{list.error.message}</Alert>}
      <Card padding={0}>
        <DataTable
          columns={columns}
          rows={list.data?.data}
          getRowKey={(e) => e._id}
          page={page}
          limit={limit}
          withNumber={false}
          loading={list.isPending}
          stale={list.isPlaceholderData}
          emptyText={t('waitlist.empty')}
          emptyIcon={<IconHourglass stroke={1.6} />}
          minWidth={980}
          data-testid="waitlist-table"
          rowTestId="waitlist-row"
        />
      </Card>
      {pagination && pagination.total_items > 0 && (
        <PaginationBar
          page={pagination.current_page}
          limit={pagination.items_per_page}
          total={pagination.total_items}
          totalPages={pagination.total_pages}
          exact={pagination.total_exact}
          onPageChange={setPage}
          onLimitChange={(n) => { setLimit(n); setPage(1); }}
          disabled={list.isFetching}
        />
      )}
      <Modal opened={adding} onClose={() => setAdding(false)} title={t('waitlist.add')} size="lg">
        <WaitlistEntryForm onDone={() => setAdding(false)} />
      </Modal>
      <BookEntryDialog entry={booking} onClose={() => setBooking(null)} />
    </Stack>
  );
}
