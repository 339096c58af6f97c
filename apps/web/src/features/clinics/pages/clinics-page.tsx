import { Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconBuildingHospital, IconPlus } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ClinicListItem } from '@clinic/shared';
import type { DataTableColumn } from '@/components/data-table';
import { ListScreen } from '@/components/list-screen';
import { FilterBar } from '@/components/filter-bar';
import { useListState } from '@/components/use-list-state';
import { useCanOpen } from '@/lib/pages';
import { StatusBadge } from '@/features/organisation/components/details';
import { useClinics } from '../api/get-clinics';

export default function ClinicsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canOpen = useCanOpen();
  const list = useListState({ filters: ['status'] as const });
  const status = list.filters.status === 'active' || list.filters.status === 'inactive' ? list.filters.status : null;
  const clinics = useClinics({ page: list.page, limit: list.limit, sortBy: list.sortBy, order: list.order, search: list.search, status });

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
    <ListScreen
      title={t('clinics.title')}
      subtitle={t('clinics.subtitle')}
      actions={canOpen('/clinics/add') && <Button component={Link} to="/clinics/add" leftSection={<IconPlus size={16} stroke={2} />} data-testid="clinics-add">{t('clinics.add')}</Button>}
      filters={
        <FilterBar
          search={{ value: list.search, onChange: list.setSearch, placeholder: t('clinics.searchPlaceholder') }}
          selects={[{
            key: 'status', label: t('organisation.filters.status'), placeholder: t('organisation.filters.allStatuses'), value: status,
            data: [{ value: 'active', label: t('common.status.active') }, { value: 'inactive', label: t('common.status.inactive') }],
            onChange: (value) => list.setFilter('status', value),
          }]}
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
