import { useState } from 'react';
import { Button, Card, Divider, Group, Paper, Stack, Text } from '@mantine/core';
import { IconPlayerPause, IconPlayerPlay, IconPlus, IconTrash } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ServiceBulkAction, ServiceRecord } from '@clinic/shared';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FilterBar } from '@/components/filter-bar';
import { PageHeader } from '@/components/page-header';
import { PaginationBar } from '@/components/pagination-bar';
import { useListState } from '@/components/use-list-state';
import { useCanOpen } from '@/lib/pages';
import { useSession } from '@/lib/session-context';
import { useBulkServices } from '../api/bulk-services';
import { useDeleteService } from '../api/delete-service';
import { useServices } from '../api/get-services';
import { ServicesTable } from '../components/services-table';

export default function ServicesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { can } = useSession();
  const canOpen = useCanOpen();
  const canWrite = can('service_write');
  const list = useListState({ filters: ['status'] as const });
  const status = list.filters.status === 'ACTIVE' || list.filters.status === 'INACTIVE' ? list.filters.status : null;
  const services = useServices({ page: list.page, limit: list.limit, sortBy: list.sortBy, order: list.order, search: list.search, status });
  const pagination = services.data?.pagination;
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [toDelete, setToDelete] = useState<ServiceRecord | null>(null);
  const [bulkDelete, setBulkDelete] = useState(false);
  const bulk = useBulkServices();
  const remove = useDeleteService();

  const select = (ids: string[], checked: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      for (const id of ids) {
        if (checked) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  const runBulk = (action: ServiceBulkAction) =>
    bulk.mutate({ ids: [...selected], action }, { onSuccess: () => setSelected(new Set()), onSettled: () => setBulkDelete(false) });

  return (
    <Card padding={0}>
      <Stack gap="md" p={{ base: 'md', sm: 'lg' }}>
        <PageHeader
          title={t('services.list.title')}
          subtitle={t('services.list.subtitle')}
          actions={
            canOpen('/services/add') && (
              <Button component={Link} to="/services/add" leftSection={<IconPlus size={16} stroke={2} />} data-testid="add-service">
                {t('services.list.add')}
              </Button>
            )
          }
        />
        <FilterBar
          search={{ value: list.search, onChange: list.setSearch, placeholder: t('services.list.searchPlaceholder') }}
          selects={[
            {
              key: 'status',
              label: t('services.list.status'),
              placeholder: t('services.list.allStatuses'),
              value: status,
              data: [
                { value: 'ACTIVE', label: t('services.status.ACTIVE') },
                { value: 'INACTIVE', label: t('services.status.INACTIVE') },
              ],
              onChange: (value) => {
                setSelected(new Set());
                list.setFilter('status', value);
              },
            },
          ]}
        />
        {canWrite && selected.size > 0 && (
          <Paper withBorder radius="md" p="xs" px="sm" bg="var(--mantine-color-clinic-light)" data-testid="services-bulk-bar">
            <Group justify="space-between" gap="sm" wrap="wrap">
              <Text size="sm" fw={600}>
                {t('services.bulk.selected', { count: selected.size })}
              </Text>
              <Group gap="xs" wrap="wrap">
                <Button size="xs" variant="default" leftSection={<IconPlayerPlay size={14} />} loading={bulk.isPending && bulk.variables?.action === 'activate'} onClick={() => runBulk('activate')} data-testid="services-bulk-activate">
                  {t('services.bulk.activate')}
                </Button>
                <Button size="xs" variant="default" leftSection={<IconPlayerPause size={14} />} loading={bulk.isPending && bulk.variables?.action === 'deactivate'} onClick={() => runBulk('deactivate')} data-testid="services-bulk-deactivate">
                  {t('services.bulk.deactivate')}
                </Button>
                <Button size="xs" color="red" variant="light" leftSection={<IconTrash size={14} />} onClick={() => setBulkDelete(true)} data-testid="services-bulk-delete">
                  {t('services.bulk.delete')}
                </Button>
                <Button size="xs" variant="subtle" onClick={() => setSelected(new Set())}>
                  {t('services.bulk.clear')}
                </Button>
              </Group>
            </Group>
          </Paper>
        )}
      </Stack>
      <Divider />
      <ServicesTable
        rows={services.data?.data}
        page={list.page}
        limit={list.limit}
        loading={services.isPending}
        stale={services.isPlaceholderData}
        filtered={list.isFiltered}
        error={services.isError ? services.error.message : null}
        onRetry={() => void services.refetch()}
        sortBy={list.sortBy}
        order={list.order}
        onSort={list.toggleSort}
        onOpen={(s) => void navigate(`/services/details/${s._id}`)}
        selected={canWrite ? selected : undefined}
        onSelect={canWrite ? select : undefined}
        onEdit={canWrite ? (s) => void navigate(`/services/edit/${s._id}`) : undefined}
        onDelete={canWrite ? setToDelete : undefined}
      />
      <Divider />
      <Stack p={{ base: 'md', sm: 'lg' }} py="md">
        <PaginationBar
          page={list.page}
          limit={list.limit}
          total={pagination?.total_items ?? 0}
          totalPages={pagination?.total_pages ?? 1}
          exact={pagination?.total_exact ?? true}
          onPageChange={list.setPage}
          onLimitChange={list.setLimit}
        />
      </Stack>
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
        text={t('services.bulk.deleteText', { count: selected.size })}
        confirmLabel={t('services.delete.confirm')}
        confirmColor="red"
        loading={bulk.isPending}
        onCancel={() => setBulkDelete(false)}
        onConfirm={() => runBulk('delete')}
      />
    </Card>
  );
}
