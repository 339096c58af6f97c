import { Button, Stack, Text } from '@mantine/core';
import { IconBuildingCommunity, IconPlus } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ClinicCollectionListItem } from '@clinic/shared';
import { StatusBadge } from '@/components/details';
import { FilterBar, IdCell, ListFrame, listParams, useListQuery, useListState, useStatusFilter, type DataTableColumn } from '@/components/list';
import { ExportButton } from '@/components/export-button';
import { useCanOpen } from '@/lib/pages';
import { complexListQueryOptions, complexesRequest } from '../api/get-complexes';

export default function MedicalComplexesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canOpen = useCanOpen();
  const list = useListState({ filters: ['status'] as const });
  const { status, select: statusSelect } = useStatusFilter(list);
  const listFilters = { status };
  const complexes = useListQuery(list, complexListQueryOptions, listFilters);

  const columns: DataTableColumn<ClinicCollectionListItem>[] = [
    { key: 'publicId', header: t('medicalComplexes.columns.id'), sortKey: 'publicId', render: (c) => <IdCell>{c.publicId}</IdCell> },
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
    <ListFrame
      exportButton={<ExportButton {...complexesRequest({ ...listParams(list), ...listFilters })} />}
      title={t('medicalComplexes.title')}
      subtitle={t('medicalComplexes.subtitle')}
      actions={canOpen('/medicalComplexes/add') && <Button component={Link} to="/medicalComplexes/add" leftSection={<IconPlus size={16} stroke={2} />} data-testid="complexes-add">{t('medicalComplexes.add')}</Button>}
      filters={
        <FilterBar
          search={{ value: list.search, onChange: list.setSearch, placeholder: t('medicalComplexes.searchPlaceholder') }}
          selects={[statusSelect]}
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
