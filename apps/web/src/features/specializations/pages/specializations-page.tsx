import { Text } from '@mantine/core';
import { IconMicroscope } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { SpecializationRecord } from '@clinic/shared';
import { StatusBadge } from '@/components/details';
import { IdCell, RecordListFrame, useRecordList, type DataTableColumn, type RecordListKind } from '@/components/list';
import { DAY_MONTH_YEAR, formatDate } from '@/lib/dates';
import { specializationsQueryOptions, specializationsRequest } from '../api/get-specializations';

const KIND: RecordListKind = { messages: 'specialities.list', path: '/specialities', exportRequest: specializationsRequest, addTestId: 'add-speciality', testId: 'specialities-table', minWidth: 760 };

export default function SpecializationsPage() {
  const { t, i18n } = useTranslation();
  const specializations = useRecordList(specializationsQueryOptions, {
    label: t('specialities.list.status'),
    placeholder: t('specialities.list.allStatuses'),
    active: t('specialities.list.active'),
    inactive: t('specialities.list.inactive'),
  });

  const columns: DataTableColumn<SpecializationRecord>[] = [
    { key: 'publicId', header: t('specialities.columns.id'), sortKey: 'publicId', render: (s) => <IdCell>{s.publicId}</IdCell> },
    {
      key: 'name',
      header: t('specialities.columns.name'),
      sortKey: 'name',
      render: (s) => (
        <div>
          <Text size="sm" fw={600}>{s.name}</Text>
          <Text size="xs" c="dimmed" lineClamp={1}>{s.description}</Text>
        </div>
      ),
    },
    { key: 'staff', header: t('specialities.columns.staff'), render: (s) => <Text size="sm">{t('specialities.list.staffCount', { count: s.requiredStaff.length })}</Text> },
    {
      key: 'updatedAt',
      header: t('specialities.columns.updatedAt'),
      sortKey: 'updatedAt',
      render: (s) => <Text size="sm" style={{ whiteSpace: 'nowrap' }}>{formatDate(s.updatedAt, i18n.language, DAY_MONTH_YEAR)}</Text>,
    },
    { key: 'status', header: t('specialities.columns.status'), sortKey: 'isActive', render: (s) => <StatusBadge active={s.isActive} /> },
  ];

  return <RecordListFrame kind={KIND} records={specializations} columns={columns} emptyIcon={<IconMicroscope stroke={1.6} />} />;
}
