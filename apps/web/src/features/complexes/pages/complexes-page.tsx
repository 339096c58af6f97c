import { Stack, Text } from '@mantine/core';
import { IconBuildingCommunity } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ComplexListItem } from '@clinic/shared';
import { StatusBadge } from '@/components/details';
import { IdCell, RecordListFrame, useRecordList, type DataTableColumn, type RecordListKind } from '@/components/list';
import { complexListQueryOptions, complexesRequest } from '../api/get-complexes';

const KIND: RecordListKind = { messages: 'medicalComplexes', path: '/medicalComplexes', exportRequest: complexesRequest, addTestId: 'complexes-add', testId: 'complexes-table', minWidth: 680 };

export default function ComplexesPage() {
  const { t } = useTranslation();
  const complexes = useRecordList(complexListQueryOptions);

  const columns: DataTableColumn<ComplexListItem>[] = [
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

  return <RecordListFrame kind={KIND} records={complexes} columns={columns} emptyIcon={<IconBuildingCommunity stroke={1.6} />} />;
}
