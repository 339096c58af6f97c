import { Badge, Button, Stack, Text } from '@mantine/core';
import { IconPlus, IconSitemap } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { DepartmentListItem } from '@clinic/shared';
import { StatusBadge } from '@/components/details';
import { FilterBar, IdCell, ListFrame, listParams, useListQuery, useListState, useStatusFilter, type DataTableColumn } from '@/components/list';
import { ExportButton } from '@/components/export-button';
import { useCanOpen } from '@/lib/pages';
import { useSession } from '@/lib/session-context';
import { planAllows } from '@clinic/shared';
import { departmentListQueryOptions, departmentsRequest } from '../api/get-departments';

export default function DepartmentsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { plan } = useSession();
  const canOpen = useCanOpen();
  const list = useListState({ filters: ['status'] as const });
  const { status, select: statusSelect } = useStatusFilter(list);
  const listFilters = { status };
  const departments = useListQuery(list, departmentListQueryOptions, listFilters);

  const columns: DataTableColumn<DepartmentListItem>[] = [
    { key: 'publicId', header: t('departments.columns.id'), sortKey: 'publicId', render: (d) => <IdCell>{d.publicId}</IdCell> },
    { key: 'name', header: t('departments.columns.name'), sortKey: 'name', render: (d) => <NameCell name={d.name} active={d.isActive} /> },
    ...(planAllows(plan, 'complex')
      ? [{ key: 'complex', header: t('departments.columns.complex'), render: (d: DepartmentListItem) => <Text size="sm">{d.clinicCollection?.name ?? '—'}</Text> }]
      : []),
    { key: 'pic', header: t('departments.columns.pic'), render: (d) => <Text size="sm">{d.PIC?.name ?? '—'}</Text> },
    { key: 'clinicCount', header: t('departments.columns.clinicCount'), sortKey: 'clinicCount', align: 'center', render: (d) => <Badge variant="light" size="lg" tt="none">{d.clinicCount}</Badge> },
  ];

  return (
    <ListFrame
      exportButton={<ExportButton {...departmentsRequest({ ...listParams(list), ...listFilters })} />}
      title={t('departments.title')}
      subtitle={t('departments.subtitle')}
      actions={canOpen('/departements/add') && <Button component={Link} to="/departements/add" leftSection={<IconPlus size={16} stroke={2} />} data-testid="departments-add">{t('departments.add')}</Button>}
      filters={
        <FilterBar
          search={{ value: list.search, onChange: list.setSearch, placeholder: t('departments.searchPlaceholder') }}
          selects={[statusSelect]}
        />
      }
      list={list}
      query={departments}
      columns={columns}
      data-testid="departments-table"
      getRowKey={(d) => d._id}
      onRowClick={(d) => void navigate(`/departements/details/${d._id}`)}
      rowLabel={(d) => `${d.publicId} ${d.name}`}
      emptyText={t('departments.empty')}
      emptyIcon={<IconSitemap stroke={1.6} />}
      minWidth={720}
    />
  );
}

function NameCell({ name, active }: { name: string; active: boolean }) {
  return (
    <Stack gap={4} align="flex-start">
      <Text size="sm" fw={600}>{name}</Text>
      {!active && <StatusBadge active={false} />}
    </Stack>
  );
}
