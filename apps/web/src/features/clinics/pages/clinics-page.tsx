import { Badge, Group, Stack, Text } from '@mantine/core';
import { IconBuildingHospital } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { ClinicListItem } from '@clinic/shared';
import { StatusBadge } from '@/components/details';
import { IdCell, RecordListFrame, useRecordList, type DataTableColumn, type RecordListKind } from '@/components/list';
import { clinicListQueryOptions, clinicsRequest } from '../api/get-clinics';

const KIND: RecordListKind = { messages: 'clinics', path: '/clinics', exportRequest: clinicsRequest, addTestId: 'clinics-add', testId: 'clinics-table', minWidth: 720 };

export default function ClinicsPage() {
  const { t } = useTranslation();
  const clinics = useRecordList(clinicListQueryOptions);

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

  return <RecordListFrame kind={KIND} records={clinics} columns={columns} emptyIcon={<IconBuildingHospital stroke={1.6} />} />;
}
