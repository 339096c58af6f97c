import { Badge, Button, Stack, Text } from '@mantine/core';
import { IconRefresh, IconSend } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { REMINDER_STATUSES, type ReminderRecord, type ReminderStatus } from '@clinic/shared';
import { FilterBar, ListFrame, useListState, type DataTableColumn } from '@/components/list';
import { useOutbox, useRetryReminder } from '../api/reminders';
import { ReminderSettingsCard } from '../components/reminder-settings-card';
import { DELIVERY_COLORS } from '../delivery';
import { formatClock, formatDay } from '@/lib/dates';

const STATUS_COLORS: Record<ReminderStatus, string> = { planned: 'blue', sent: 'green', failed: 'red', skipped: 'yellow', withdrawn: 'gray' };

/**
 * Local date and time as the clinic's zone wrote it (the API sends times with the clinic's offset), in the interface
 * language as every other date: not `formatDateTime`, which would move it to the browser's zone.
 */
function clinicTime(value: string | null, lang: string): string {
  if (!value) return '—';
  const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(value);
  if (!m) return value;
  return `${formatDay(m[1]!, lang)} ${formatClock(m[2]!, lang)}`;
}

/** The reminder outbox for administrators: what went out, what failed or was skipped and why; failed ones go again. */
export default function OutboxPage() {
  const { t, i18n } = useTranslation();
  const list = useListState({ filters: ['status'] as const });
  const status = (REMINDER_STATUSES as readonly string[]).includes(list.filters.status ?? '') ? (list.filters.status as ReminderStatus) : null;
  const outbox = useOutbox({ page: list.page, limit: list.limit, status });
  const retry = useRetryReminder();

  const columns: DataTableColumn<ReminderRecord>[] = [
    { key: 'due', header: t('outbox.due'), render: (r) => clinicTime(r.sentAt ?? r.dueAt, i18n.language) },
    { key: 'patient', header: t('outbox.patient'), primary: true, render: (r) => r.patient.name },
    {
      key: 'appointment',
      header: t('outbox.appointment'),
      // Each part isolated: an Arabic date beside a Latin code and digits would otherwise be reordered.
      render: (r) => <Text size="sm"><bdi>{r.appointment.publicId}</bdi> · <bdi>{clinicTime(r.appointment.datetime, i18n.language)}</bdi><br />{r.clinic.name}</Text>,
    },
    {
      key: 'channel',
      header: t('outbox.channel'),
      render: (r) => (
        <Text size="sm">
          {t(`outbox.channels.${r.channel}`)}
          {r.delivery && <><br /><Text span size="xs" c={DELIVERY_COLORS[r.delivery]} data-testid="reminder-delivery">{t(`outbox.delivery.${r.delivery}`)}</Text></>}
        </Text>
      ),
    },
    {
      key: 'status',
      header: t('outbox.status'),
      render: (r) => <Badge color={STATUS_COLORS[r.status]} variant="light" style={{ minWidth: 'max-content' }} data-testid="reminder-status">{t(`outbox.statuses.${r.status}`)}</Badge>,
    },
    { key: 'detail', header: t('outbox.detail'), render: (r) => <Text size="xs" c="dimmed" maw={320} dir="auto" style={{ wordBreak: 'break-word' }}>{r.detail ?? '—'}{r.attempts > 1 ? ` (${t('outbox.attempts', { count: r.attempts })})` : ''}</Text> },
    {
      key: 'actions',
      header: '',
      align: 'end',
      render: (r) => (r.status === 'failed' || r.status === 'skipped') && (
        <Button size="compact-sm" variant="light" leftSection={<IconRefresh size={14} />} loading={retry.isPending && retry.variables === r._id} onClick={() => retry.mutate(r._id)} data-testid="retry-reminder">
          {t('outbox.retry')}
        </Button>
      ),
    },
  ];

  return (
    <Stack gap="lg">
      <ListFrame
        title={t('outbox.title')}
        subtitle={t('outbox.subtitle')}
        filters={
          <FilterBar
            selects={[{
              key: 'status',
              label: t('outbox.status'),
              placeholder: t('outbox.allStatuses'),
              value: status,
              data: REMINDER_STATUSES.map((s) => ({ value: s, label: t(`outbox.statuses.${s}`) })),
              onChange: (v) => list.setFilter('status', v),
            }]}
          />
        }
        list={list}
        query={outbox}
        columns={columns}
        getRowKey={(r) => r._id}
        emptyText={t('outbox.emptyTitle')}
        emptyHint={t('outbox.emptyText')}
        emptyIcon={<IconSend stroke={1.6} />}
        data-testid="outbox-table"
      />
      <ReminderSettingsCard />
    </Stack>
  );
}
