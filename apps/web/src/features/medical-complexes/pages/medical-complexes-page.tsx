import { Button, Stack, Text } from '@mantine/core';
import { IconBuildingCommunity, IconPlus } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ClinicCollectionListItem } from '@clinic/shared';
import type { DataTableColumn } from '@/components/data-table';
import { ListScreen } from '@/components/list-screen';
import { FilterBar } from '@/components/filter-bar';
import { useListState } from '@/components/use-list-state';
import { useCanOpen } from '@/lib/pages';
import { StatusBadge } from '@/features/organisation/components/details';
import { useClinicCollections } from '../api/get-complexes';

export default function MedicalComplexesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canOpen = useCanOpen();
  const list = useListState({ filters: ['status'] as const });
  const status = list.filters.status === 'active' || list.filters.status === 'inactive' ? list.filters.status : null;
  const complexes = useClinicCollections({ page: list.page, limit: list.limit, sortBy: list.sortBy, order: list.order, search: list.search, status });

  const columns: DataTableColumn<ClinicCollectionListItem>[] = [
    { key: 'publicId', header: t('medicalComplexes.columns.id'), sortKey: 'publicId', render: (c) => <Text size="sm" ff="monospace" c="dimmed" style={{ whiteSpace: 'nowrap' }}>{c.publicId}</Text> },
    {
      key: 'name',
      header: t('medicalComplexes.columns.name'),
      sortKey: 'name',
      render: (c) => (
        <Stack gap={2}>
          <Text size="sm" fw={600}>{c.name}</Text>
          <Text size="xs" c="dimmed">{t('medicalComplexes.counts', { clinics: c.clinicsCount, departments: c.departmentsCount })}</Text>
        </Stack>
      ),
    },
    { key: 'pic', header: t('medicalComplexes.columns.pic'), render: (c) => <Text size="sm">{c.PIC?.name ?? '—'}</Text> },
    { key: 'isActive', header: t('medicalComplexes.columns.status'), sortKey: 'isActive', render: (c) => <StatusBadge active={c.isActive} /> },
  ];

  return (
    <ListScreen
      title={t('medicalComplexes.title')}
      subtitle={t('medicalComplexes.subtitle')}
      actions={canOpen('/medicalComplexes/add') && <Button component={Link} to="/medicalComplexes/add" leftSection={<IconPlus size={16} stroke={2} />} data-testid="complexes-add">{t('medicalComplexes.add')}</Button>}
      filters={
        <FilterBar
          search={{ value: list.search, onChange: list.setSearch, placeholder: t('medicalComplexes.searchPlaceholder') }}
          selects={[{
            key: 'status', label: t('organisation.filters.status'), placeholder: t('organisation.filters.allStatuses'), value: status,
            data: [{ value: 'active', label: t('common.status.active') }, { value: 'inactive', label: t('common.status.inactive') }],
            onChange: (value) => list.setFilter('status', value),
          }]}
        />
      }
      list={list}
      query={complexes}
      columns={columns}
      data-testid="complexes-table"
      getRowKey={(c) => c._id}
      onRowClick={(c) => void navigate(`/medicalComplexes/details/${c._id}`)}
      rowLabel={(c) => `${c.publicId} ${c.name}`}
      emptyText={t('medicalComplexes.empty')}
      emptyIcon={<IconBuildingCommunity stroke={1.6} />}
      minWidth={680}
    />
  );
}
