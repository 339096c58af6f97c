import { useState } from 'react';
import { Avatar, Button, Group, Text, Tooltip } from '@mantine/core';
import { IconFirstAidKit, IconPlayerPause, IconPlayerPlay, IconPlus, IconTrash } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ServiceBulkAction, ServiceRecord } from '@clinic/shared';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { BulkBar, FilterBar, IdCell, ListFrame, listParams, oneOf, RowActions, useListQuery, useListState, useSelection, type DataTableColumn } from '@/components/list';
import { ExportButton } from '@/components/export-button';
import { useCanOpen } from '@/lib/pages';
import { useSession } from '@/lib/session-context';
import { useBulkServices } from '../api/bulk-services';
import { useDeleteService } from '../api/delete-service';
import { servicesQueryOptions, servicesRequest } from '../api/get-services';
import { formatPrice } from '../components/service-format';
import { ServiceStatusBadge } from '../components/service-status-badge';

const STATUSES = ['ACTIVE', 'INACTIVE'] as const;

export default function ServicesPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { can } = useSession();
  const canOpen = useCanOpen();
  const canWrite = can('service_write');
  const list = useListState({ filters: ['status'] as const });
  const status = oneOf(list.filters.status, STATUSES);
  const listFilters = { status };
  const services = useListQuery(list, servicesQueryOptions, listFilters);
  const selection = useSelection();
  const [toDelete, setToDelete] = useState<ServiceRecord | null>(null);
  const [bulkDelete, setBulkDelete] = useState(false);
  const bulk = useBulkServices();
  const remove = useDeleteService();
  const runBulk = (action: ServiceBulkAction) =>
    bulk.mutate({ ids: [...selection.selected], action }, { onSuccess: selection.clear, onSettled: () => setBulkDelete(false) });

  const columns: DataTableColumn<ServiceRecord>[] = [
    { key: 'publicId', header: t('services.columns.id'), sortKey: 'publicId', render: (s) => <IdCell>{s.publicId}</IdCell> },
    {
      key: 'name',
      header: t('services.columns.name'),
      sortKey: 'name',
      render: (s) => (
        <div>
          <Text size="sm" fw={600}>{s.name}</Text>
          <Text size="xs" c="dimmed">{s.clinic.name}</Text>
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
                {s.doctors.slice(0, 3).map((d) => <Avatar key={d._id} size={26} radius="xl" color="initials" name={d.name} />)}
              </Avatar.Group>
              <Text size="sm" lineClamp={1}>
                {s.doctors.length === 1 ? s.doctors[0]!.name : t('services.list.doctorCount', { count: s.doctors.length })}
              </Text>
            </Group>
          </Tooltip>
        ) : (
          <Text size="sm" c="dimmed">{t('services.list.noDoctors')}</Text>
        ),
    },
    {
      key: 'price',
      header: t('services.columns.price'),
      sortKey: 'price',
      align: 'end',
      render: (s) => (
        <Text size="sm" fw={500} style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
          {formatPrice(s.price, i18n.language)}
        </Text>
      ),
    },
    { key: 'status', header: t('services.columns.status'), sortKey: 'isActive', render: (s) => <ServiceStatusBadge active={s.isActive} /> },
  ];
  if (canWrite) {
    columns.push({
      key: 'actions',
      header: t('services.columns.actions'),
      align: 'end',
      width: 96,
      render: (s) => (
        <RowActions
          actions={[
            { kind: 'edit', label: t('services.actions.edit'), ariaLabel: t('services.actions.editRow', { name: s.name }), onClick: () => void navigate(`/services/edit/${s._id}`) },
            { kind: 'delete', label: t('services.actions.delete'), ariaLabel: t('services.actions.deleteRow', { name: s.name }), onClick: () => setToDelete(s) },
          ]}
        />
      ),
    });
  }

  return (
    <ListFrame
      exportButton={<ExportButton {...servicesRequest({ ...listParams(list), ...listFilters })} />}
      title={t('services.list.title')}
      subtitle={t('services.list.subtitle')}
      actions={
        canOpen('/services/add') && (
          <Button component={Link} to="/services/add" leftSection={<IconPlus size={16} stroke={2} />} data-testid="add-service">
            {t('services.list.add')}
          </Button>
        )
      }
      filters={
        <FilterBar
          search={{ value: list.search, onChange: list.setSearch, placeholder: t('services.list.searchPlaceholder') }}
          selects={[
            {
              key: 'status',
              label: t('services.list.status'),
              placeholder: t('services.list.allStatuses'),
              value: status,
              data: STATUSES.map((value) => ({ value, label: t(`services.status.${value}`) })),
              onChange: (value) => {
                selection.clear();
                list.setFilter('status', value);
              },
            },
          ]}
        />
      }
      selection={
        canWrite
          ? {
              state: selection,
              labels: { all: t('services.list.selectAll'), row: (s) => t('services.list.selectRow', { name: s.name }), allTestId: 'services-select-all', rowTestId: 'service-row-select' },
              bar: (
                <BulkBar summary={t('services.bulk.selected', { count: selection.selected.size })} clearLabel={t('services.bulk.clear')} onClear={selection.clear} data-testid="services-bulk-bar">
                  <Button size="xs" variant="default" leftSection={<IconPlayerPlay size={14} />} loading={bulk.isPending && bulk.variables?.action === 'activate'} onClick={() => runBulk('activate')} data-testid="services-bulk-activate">
                    {t('services.bulk.activate')}
                  </Button>
                  <Button size="xs" variant="default" leftSection={<IconPlayerPause size={14} />} loading={bulk.isPending && bulk.variables?.action === 'deactivate'} onClick={() => runBulk('deactivate')} data-testid="services-bulk-deactivate">
                    {t('services.bulk.deactivate')}
                  </Button>
                  <Button size="xs" color="red" variant="light" leftSection={<IconTrash size={14} />} onClick={() => setBulkDelete(true)} data-testid="services-bulk-delete">
                    {t('services.bulk.delete')}
                  </Button>
                </BulkBar>
              ),
            }
          : undefined
      }
      list={list}
      query={services}
      columns={columns}
      data-testid="services-table"
      getRowKey={(s) => s._id}
      onRowClick={(s) => void navigate(`/services/details/${s._id}`)}
      rowLabel={(s) => `${s.publicId} ${s.name}`}
      emptyText={t('services.list.empty')}
      emptyIcon={<IconFirstAidKit stroke={1.6} />}
      minWidth={900}
    >
      <ConfirmDialog
        opened={Boolean(toDelete)}
        title={t('services.delete.title')}
        text={t('services.delete.text', { name: toDelete?.name ?? '' })}
        confirmLabel={t('services.delete.confirm')}
        confirmColor="red"
        loading={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => toDelete && remove.mutate(toDelete._id, { onSettled: () => setToDelete(null) })}
      />
      <ConfirmDialog
        opened={bulkDelete}
        title={t('services.bulk.deleteTitle')}
        text={t('services.bulk.deleteText', { count: selection.selected.size })}
        confirmLabel={t('services.delete.confirm')}
        confirmColor="red"
        loading={bulk.isPending}
        onCancel={() => setBulkDelete(false)}
        onConfirm={() => runBulk('delete')}
      />
    </ListFrame>
  );
}
