import { Badge, Stack, Text } from '@mantine/core';
import { IconSitemap } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DepartmentListItem } from '@clinic/shared';
import { StatusBadge } from '@/components/details';
import { IdCell, RecordListFrame, useRecordList, type DataTableColumn, type RecordListKind } from '@/components/list';
import { useSession } from '@/lib/session-context';
import { planAllows } from '@clinic/shared';
import { departmentListQueryOptions, departmentsRequest } from '../api/get-departments';

const KIND: RecordListKind = { messages: 'departments', path: '/departements', exportRequest: departmentsRequest, addTestId: 'departments-add', testId: 'departments-table', minWidth: 720 };

export default function DepartmentsPage() {
  const { t } = useTranslation();
  const { plan } = useSession();
  const departments = useRecordList(departmentListQueryOptions);

  const columns: DataTableColumn<DepartmentListItem>[] = [
    { key: 'publicId', header: t('departments.columns.id'), sortKey: 'publicId', render: (d) => <IdCell>{d.publicId}</IdCell> },
    { key: 'name', header: t('departments.columns.name'), sortKey: 'name', render: (d) => <NameCell name={d.name} active={d.isActive} /> },
    ...(planAllows(plan, 'complex')
      ? [{ key: 'complex', header: t('departments.columns.complex'), render: (d: DepartmentListItem) => <Text size="sm">{d.clinicCollection?.name ?? '—'}</Text> }]
      : []),
    { key: 'pic', header: t('departments.columns.pic'), render: (d) => <Text size="sm">{d.PIC?.name ?? '—'}</Text> },
    { key: 'clinicCount', header: t('departments.columns.clinicCount'), sortKey: 'clinicCount', align: 'center', render: (d) => <Badge variant="light" size="lg" tt="none">{d.clinicCount}</Badge> },
  ];

  return <RecordListFrame kind={KIND} records={departments} columns={columns} emptyIcon={<IconSitemap stroke={1.6} />} />;
}

function NameCell({ name, active }: { name: string; active: boolean }) {
  return (
    <Stack gap={4} align="flex-start">
      <Text size="sm" fw={600}>{name}</Text>
      {!active && <StatusBadge active={false} />}
    </Stack>
  );
}
