import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconBuildingHospital, IconPlus } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ClinicListItem } from '@clinic/shared';
import { StatusBadge } from '@/components/details';
import { FilterBar, IdCell, ListFrame, listParams, useListQuery, useListState, useStatusFilter, type DataTableColumn } from '@/components/list';
import { ExportButton } from '@/components/export-button';
import { useCanOpen } from '@/lib/pages';
import { clinicListQueryOptions, clinicsRequest } from '../api/get-clinics';

export default function ClinicsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canOpen = useCanOpen();
  const list = useListState({ filters: ['status'] as const });
  const { status, select: statusSelect } = useStatusFilter(list);
  const listFilters = { status };
  const clinics = useListQuery(list, clinicListQueryOptions, listFilters);

  const columns: DataTableColumn<ClinicListItem>[] = [
    { key: 'publicId', header: t('clinics.columns.id'), sortKey: 'publicId', render: (c) => <IdCell>{c.publicId}</IdCell> },
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
    <ListFrame
      exportButton={<ExportButton {...clinicsRequest({ ...listParams(list), ...listFilters })} />}
      title={t('clinics.title')}
      subtitle={t('clinics.subtitle')}
      actions={canOpen('/clinics/add') && <Button component={Link} to="/clinics/add" leftSection={<IconPlus size={16} stroke={2} />} data-testid="clinics-add">{t('clinics.add')}</Button>}
      filters={
        <FilterBar
          search={{ value: list.search, onChange: list.setSearch, placeholder: t('clinics.searchPlaceholder') }}
          selects={[statusSelect]}
        />
      }
      list={list}
      query={clinics}
      columns={columns}
      data-testid="clinics-table"
      getRowKey={(c) => c._id}
      onRowClick={(c) => void navigate(`/clinics/details/${c._id}`)}
      rowLabel={(c) => `${c.publicId} ${c.name}`}
      emptyText={t('clinics.empty')}
      emptyIcon={<IconBuildingHospital stroke={1.6} />}
      minWidth={720}
    />
  );
}
