import { ActionIcon, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCalendarOff, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AppointmentRecord } from '@clinic/shared';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { AppointmentStatusBadge } from './appointment-status-badge';
import { SeriesMark } from './series-mark';
import { timeRange, wallOf } from './clinic-time';
import { formatDay } from '@/lib/dates';

interface AppointmentsTableProps {
  rows: readonly AppointmentRecord[] | undefined;
  page: number;
  limit: number;
  loading: boolean;
  stale: boolean;
  filtered: boolean;
  error: string | null;
  onRetry: () => void;
  sortBy: string;
  order: 'asc' | 'desc';
  onSort: (sortKey: string) => void;
  onOpen: (row: AppointmentRecord) => void;
  onDelete?: (row: AppointmentRecord) => void;
}

export function AppointmentsTable({ rows, page, limit, loading, stale, filtered, error, onRetry, sortBy, order, onSort, onOpen, onDelete }: AppointmentsTableProps) {
  const { t, i18n } = useTranslation();
  const columns: DataTableColumn<AppointmentRecord>[] = [
    {
      key: 'publicId',
      header: t('appointments.columns.id'),
      sortKey: 'publicId',
      render: (a) => (
        <Group gap={4} wrap="nowrap">
          <Text size="sm" ff="monospace" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {a.publicId}
          </Text>
          <SeriesMark appointment={a} />
        </Group>
      ),
    },
    {
      key: 'datetime',
      header: t('appointments.columns.dateTime'),
      sortKey: 'datetime',
      render: (a) => {
        const s = wallOf(a.datetime);
        return (
          <Stack gap={0}>
            <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
              {formatDay(s.date, i18n.language)}
            </Text>
            <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
              {timeRange(s.time, wallOf(a.endsAt).time)}
            </Text>
          </Stack>
        );
      },
    },
    {
      key: 'patient',
      header: t('appointments.columns.patient'),
      sortKey: 'patient',
      render: (a) => (
        <Stack gap={0}>
          <Text size="sm" fw={600}>
            {a.patient.name}
          </Text>
          <Text size="xs" c="dimmed" lineClamp={1}>
            {a.reason}
          </Text>
        </Stack>
      ),
    },
    { key: 'doctor', header: t('appointments.columns.doctor'), sortKey: 'doctor', render: (a) => <Text size="sm">{a.doctor.name}</Text> },
    {
      key: 'clinic',
      header: t('appointments.columns.clinic'),
      sortKey: 'clinic',
      render: (a) => (
        <Stack gap={0}>
          <Text size="sm">{a.clinic.name}</Text>
          <Text size="xs" c="dimmed">
            {a.service.name}
          </Text>
        </Stack>
      ),
    },
    { key: 'status', header: t('appointments.columns.status'), sortKey: 'status', render: (a) => <AppointmentStatusBadge status={a.status} /> },
  ];
  if (onDelete) {
    columns.push({
      key: 'actions',
      header: t('appointments.columns.actions'),
      align: 'end',
      width: 80,
      render: (a) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          <Tooltip label={t('appointments.delete.button')}>
            <ActionIcon variant="subtle" color="red" onClick={() => onDelete(a)} aria-label={t('appointments.delete.rowLabel', { id: a.publicId })} data-testid="appointment-row-delete">
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      ),
    });
  }

  return (
    <DataTable
      data-testid="appointments-table"
      caption={t('appointments.list.title')}
      columns={columns}
      rows={rows}
      getRowKey={(a) => a._id}
      page={page}
      limit={limit}
      loading={loading}
      stale={stale}
      sortBy={sortBy}
      order={order}
      onSort={onSort}
      onRowClick={onOpen}
      rowLabel={(a) => `${a.publicId} ${a.patient.name}`}
      emptyText={t('appointments.list.empty')}
      emptyDescription={filtered ? t('common.table.emptyHint') : undefined}
      emptyIcon={<IconCalendarOff stroke={1.6} />}
      error={error}
      onRetry={onRetry}
      minWidth={860}
    />
  );
}
