import { Badge, Button, Card, Divider, Group, Stack, Text } from '@mantine/core';
import { IconBuildingHospital, IconPlus } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ClinicListItem } from '@clinic/shared';
import { DataTable, type DataTableColumn } from '@/components/data-table';
import { FilterBar } from '@/components/filter-bar';
import { PageHeader } from '@/components/page-header';
import { PaginationBar } from '@/components/pagination-bar';
import { useListState } from '@/components/use-list-state';
import { useSession } from '@/lib/session-context';
import { StatusBadge } from '@/features/organisation/components/details';
import { useClinics } from '../api/get-clinics';

export default function ClinicsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { can } = useSession();
  const list = useListState({ filters: ['status'] as const });
  const status = list.filters.status === 'active' || list.filters.status === 'inactive' ? list.filters.status : null;
  const clinics = useClinics({ page: list.page, limit: list.limit, sortBy: list.sortBy, order: list.order, search: list.search, status });
  const pagination = clinics.data?.pagination;

  const columns: DataTableColumn<ClinicListItem>[] = [
    { key: 'publicId', header: t('clinics.columns.id'), sortKey: 'publicId', render: (c) => <Text size="sm" ff="monospace" c="dimmed" style={{ whiteSpace: 'nowrap' }}>{c.publicId}</Text> },
    {
      key: 'name',
      header: t('clinics.columns.name'),
      sortKey: 'name',
      render: (c) => (
        <Stack gap={2}>
          <Text size="sm" fw={600}>{c.name}</Text>
          {(c.department ?? c.clinicCollection) && <Text size="xs" c="dimmed">{[c.clinicCollection?.name, c.department?.name].filter(Boolean).join(' · ')}</Text>}
        </Stack>
      ),
    },
    {
      key: 'specialities',
      header: t('clinics.columns.specialities'),
      render: (c) =>
        c.specializations.length ? (
          <Group gap={4}>
            {c.specializations.slice(0, 3).map((s) => <Badge key={s._id} variant="outline" color="gray" tt="none">{s.name}</Badge>)}
            {c.specializations.length > 3 && <Badge variant="outline" color="gray">+{c.specializations.length - 3}</Badge>}
          </Group>
        ) : (
          <Text size="sm" c="dimmed">{t('clinics.noSpecialities')}</Text>
        ),
    },
    { key: 'isActive', header: t('clinics.columns.status'), sortKey: 'isActive', render: (c) => <StatusBadge active={c.isActive} /> },
  ];

  return (
    <Card padding={0}>
      <Stack gap="md" p={{ base: 'md', sm: 'lg' }}>
        <PageHeader
          title={t('clinics.title')}
          subtitle={t('clinics.subtitle')}
          actions={can('clinic_write') && <Button component={Link} to="/clinics/add" leftSection={<IconPlus size={16} stroke={2} />} data-testid="clinics-add">{t('clinics.add')}</Button>}
        />
        <FilterBar
          search={{ value: list.search, onChange: list.setSearch, placeholder: t('clinics.searchPlaceholder') }}
          selects={[{
            key: 'status', label: t('organisation.filters.status'), placeholder: t('organisation.filters.allStatuses'), value: status,
            data: [{ value: 'active', label: t('common.status.active') }, { value: 'inactive', label: t('common.status.inactive') }],
            onChange: (value) => list.setFilter('status', value),
          }]}
        />
      </Stack>
      <Divider />
      <DataTable
        data-testid="clinics-table"
        caption={t('clinics.title')}
        columns={columns}
        rows={clinics.data?.data}
        getRowKey={(c) => c._id}
        page={list.page}
        limit={list.limit}
        loading={clinics.isPending}
        stale={clinics.isPlaceholderData}
        sortBy={list.sortBy}
        order={list.order}
        onSort={list.toggleSort}
        onRowClick={(c) => void navigate(`/clinics/details/${c._id}`)}
        rowLabel={(c) => `${c.publicId} ${c.name}`}
        emptyText={t('clinics.empty')}
        emptyDescription={list.isFiltered ? t('common.table.emptyHint') : undefined}
        emptyIcon={<IconBuildingHospital stroke={1.6} />}
        error={clinics.isError ? clinics.error.message : null}
        onRetry={() => void clinics.refetch()}
        minWidth={720}
      />
      <Divider />
      <Stack p={{ base: 'md', sm: 'lg' }} py="md">
        <PaginationBar page={list.page} limit={list.limit} total={pagination?.total_items ?? 0} totalPages={pagination?.total_pages ?? 1} onPageChange={list.setPage} onLimitChange={list.setLimit} />
      </Stack>
    </Card>
  );
}
