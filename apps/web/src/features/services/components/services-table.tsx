import { ActionIcon, Avatar, Checkbox, Group, Text, Tooltip } from '@mantine/core';
import { IconEdit, IconFirstAidKit, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ServiceRecord } from '@clinic/shared';
import { DataTable, rowNumber, type DataTableColumn } from '@/components/data-table';
import { ServiceStatusBadge } from './service-status-badge';

interface ServicesTableProps {
  rows: readonly ServiceRecord[] | undefined;
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
  onOpen: (row: ServiceRecord) => void;
  /** Row selection for the bulk actions (omitted for readers). */
  selected?: ReadonlySet<string>;
  onSelect?: (ids: string[], checked: boolean) => void;
  onEdit?: (row: ServiceRecord) => void;
  onDelete?: (row: ServiceRecord) => void;
}

export function formatPrice(price: number, lang: string): string {
  return new Intl.NumberFormat(lang === 'ar' ? 'ar-SA' : 'en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(price);
}

export function ServicesTable(props: ServicesTableProps) {
  const { rows, page, limit, selected, onSelect, onEdit, onDelete } = props;
  const { t, i18n } = useTranslation();
  const ids = (rows ?? []).map((r) => r._id);
  const chosen = ids.filter((id) => selected?.has(id));
  const all = ids.length > 0 && chosen.length === ids.length;

  const columns: DataTableColumn<ServiceRecord>[] = [];
  if (onSelect) {
    columns.push({
      key: 'select',
      width: 44,
      header: (
        <Checkbox
          aria-label={t('services.list.selectAll')}
          checked={all}
          indeterminate={chosen.length > 0 && !all}
          onChange={(e) => onSelect(ids, e.currentTarget.checked)}
          data-testid="services-select-all"
        />
      ),
      render: (s) => (
        <Checkbox
          aria-label={t('services.list.selectRow', { name: s.name })}
          checked={selected?.has(s._id) ?? false}
          onChange={(e) => onSelect([s._id], e.currentTarget.checked)}
          data-testid="service-row-select"
        />
      ),
    });
  }
  columns.push(
    { key: 'number', header: t('common.table.number'), width: 64, render: (_s, i) => <Text size="sm" c="dimmed" ff="monospace">{rowNumber(page, limit, i)}</Text> },
    {
      key: 'publicId',
      header: t('services.columns.id'),
      sortKey: 'publicId',
      render: (s) => (
        <Text size="sm" ff="monospace" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {s.publicId}
        </Text>
      ),
    },
    {
      key: 'name',
      header: t('services.columns.name'),
      sortKey: 'name',
      render: (s) => (
        <div>
          <Text size="sm" fw={600}>
            {s.name}
          </Text>
          <Text size="xs" c="dimmed">
            {s.clinic.name}
          </Text>
        </div>
      ),
    },
    {
      key: 'doctors',
      header: t('services.columns.doctors'),
      render: (s) =>
        s.doctors.length ? (
          <Tooltip label={s.doctors.map((d) => d.name).join(', ')} multiline maw={320}>
            <Group gap={6} wrap="nowrap">
              <Avatar.Group spacing="xs">
                {s.doctors.slice(0, 3).map((d) => (
                  <Avatar key={d._id} size={26} radius="xl" color="initials" name={d.name} />
                ))}
              </Avatar.Group>
              <Text size="sm" lineClamp={1}>
                {s.doctors.length === 1 ? s.doctors[0]!.name : t('services.list.doctorCount', { count: s.doctors.length })}
              </Text>
            </Group>
          </Tooltip>
        ) : (
          <Text size="sm" c="dimmed">
            {t('services.list.noDoctors')}
          </Text>
        ),
    },
    {
      key: 'price',
      header: t('services.columns.price'),
      sortKey: 'price',
      align: 'end',
      render: (s) => (
        <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
          {formatPrice(s.price, i18n.language)} {t('services.currency')}
        </Text>
      ),
    },
    { key: 'status', header: t('services.columns.status'), sortKey: 'isActive', render: (s) => <ServiceStatusBadge active={s.isActive} /> },
  );
  if (onEdit || onDelete) {
    columns.push({
      key: 'actions',
      header: t('services.columns.actions'),
      align: 'end',
      width: 96,
      render: (s) => (
        <Group gap={4} justify="flex-end" wrap="nowrap">
          {onEdit && (
            <Tooltip label={t('services.actions.edit')}>
              <ActionIcon variant="subtle" onClick={() => onEdit(s)} aria-label={t('services.actions.editRow', { name: s.name })}>
                <IconEdit size={16} />
              </ActionIcon>
            </Tooltip>
          )}
          {onDelete && (
            <Tooltip label={t('services.actions.delete')}>
              <ActionIcon variant="subtle" color="red" onClick={() => onDelete(s)} aria-label={t('services.actions.deleteRow', { name: s.name })}>
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      ),
    });
  }

  return (
    <DataTable
      data-testid="services-table"
      caption={t('services.list.title')}
      columns={columns}
      rows={rows}
      getRowKey={(s) => s._id}
      page={page}
      limit={limit}
      withNumber={false}
      loading={props.loading}
      stale={props.stale}
      sortBy={props.sortBy}
      order={props.order}
      onSort={props.onSort}
      onRowClick={props.onOpen}
      rowLabel={(s) => `${s.publicId} ${s.name}`}
      emptyText={t('services.list.empty')}
      emptyDescription={props.filtered ? t('common.table.emptyHint') : undefined}
      emptyIcon={<IconFirstAidKit stroke={1.6} />}
      error={props.error}
      onRetry={props.onRetry}
      minWidth={900}
    />
  );
}
