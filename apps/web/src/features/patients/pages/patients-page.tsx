import { useState } from 'react';
import { Badge, Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconBolt, IconPlus, IconUserHeart } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PatientListItem } from '@clinic/shared';
import { StatusBadge } from '@/components/details';
import { dayOf, FilterBar, IdCell, ListFrame, listParams, RowActions, useListQuery, useListState, useStatusFilter, type DataTableColumn } from '@/components/list';
import { ExportButton } from '@/components/export-button';
import { useCanOpen } from '@/lib/pages';
import { useSession } from '@/lib/session-context';
import { patientsQueryOptions, patientsRequest } from '../api/get-patients';
import { DeletePatientDialog } from '../components/delete-patient-dialog';
import { FlagFilter } from '../components/incomplete-filter';
import { SelfRegisteredBadge } from '../components/self-registered';
import { PatientAvatar } from '../components/patient-avatar';
import { formatDate } from '../components/patient-format';
import { QuickPatientDialog } from '../components/quick-patient-dialog';

export default function PatientsPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { can } = useSession();
  const canOpen = useCanOpen();
  const canWrite = can('patient_write');
  const list = useListState({ filters: ['status', 'dob', 'incomplete', 'self'] as const });
  const { status, select: statusSelect } = useStatusFilter(list, { label: t('patients.list.status'), placeholder: t('patients.list.allStatuses'), active: t('patients.list.active'), inactive: t('patients.list.inactive') });
  const dob = dayOf(list.filters.dob);
  const incompleteOnly = list.filters.incomplete === 'true';
  const selfOnly = list.filters.self === 'true';
  const [toDelete, setToDelete] = useState<PatientListItem | null>(null);
  const [quickOpen, setQuickOpen] = useState(false);
  const listFilters = { status, dateOfBirth: dob, incomplete: incompleteOnly || undefined, selfRegistered: selfOnly || undefined };
  const patients = useListQuery(list, patientsQueryOptions, listFilters);

  const columns: DataTableColumn<PatientListItem>[] = [
    { key: 'publicId', header: t('patients.list.columns.patientId'), sortKey: 'publicId', render: (p) => <IdCell>{p.publicId}</IdCell> },
    {
      key: 'name',
      header: t('patients.list.columns.name'),
      sortKey: 'name',
      render: (p) => (
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <PatientAvatar src={p.image} name={p.name} size={34} radius="xl" />
          <Stack gap={2} style={{ minWidth: 0 }}>
            {/* The name whole (on two lines if need be); the flags under it, never squeezing it. */}
            <Text size="sm" fw={600} lineClamp={2} style={{ overflowWrap: 'anywhere' }} data-testid="patient-name-cell">{p.name}</Text>
            <Text size="xs" c="dimmed" truncate>{formatDate(p.dateOfBirth, i18n.language)}</Text>
            {(p.incomplete || p.selfRegistered) && (
              <Group gap={4} wrap="wrap">
                {p.incomplete && <Badge size="xs" color="orange" variant="light" tt="none" style={{ flexShrink: 0 }} data-testid="patient-incomplete">{t('patients.list.incompleteBadge')}</Badge>}
                {p.selfRegistered && <SelfRegisteredBadge size="xs" />}
              </Group>
            )}
          </Stack>
        </Group>
      ),
    },
    {
      key: 'lastVisit',
      header: t('patients.list.columns.lastVisit'),
      sortKey: 'lastVisit',
      render: (p) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }} data-testid="last-visit">
          {p.lastVisit ? formatDate(p.lastVisit, i18n.language) : (
            // Never visited: a dash to the eye, the words to a screen reader.
            <><Text span c="dimmed" aria-hidden>—</Text><VisuallyHidden>{t('patients.list.neverVisited')}</VisuallyHidden></>
          )}
        </Text>
      ),
    },
    { key: 'isActive', header: t('patients.list.columns.status'), sortKey: 'isActive', render: (p) => <StatusBadge active={p.isActive} /> },
  ];
  if (canWrite) {
    columns.push({
      key: 'actions',
      header: t('patients.list.columns.actions'),
      align: 'end',
      width: 110,
      render: (p) => (
        <RowActions
          actions={[
            { kind: 'edit', label: t('patients.list.edit', { name: p.name }), ariaLabel: t('patients.list.edit', { name: p.name }), onClick: () => void navigate(`/patients/edit/${p._id}`), testId: 'patient-edit' },
            { kind: 'delete', label: t('patients.list.delete', { name: p.name }), ariaLabel: t('patients.list.delete', { name: p.name }), onClick: () => setToDelete(p), testId: 'patient-delete' },
          ]}
        />
      ),
    });
  }

  return (
    <ListFrame
      exportButton={<ExportButton {...patientsRequest({ ...listParams(list), ...listFilters })} />}
      title={t('patients.list.title')}
      subtitle={t('patients.list.subtitle')}
      actions={
        <Group gap="sm" wrap="wrap">
          <FlagFilter flag="incomplete" on={incompleteOnly} onChange={(on) => list.setFilter('incomplete', on ? 'true' : null)} />
          <FlagFilter flag="selfRegistered" on={selfOnly} onChange={(on) => list.setFilter('self', on ? 'true' : null)} />
          {canWrite && (
            <Button variant="light" leftSection={<IconBolt size={16} stroke={2} />} onClick={() => setQuickOpen(true)} data-testid="quick-add-patient">
              {t('patients.list.quickAdd')}
            </Button>
          )}
          {canOpen('/patients/add') && (
            <Button component={Link} to="/patients/add" leftSection={<IconPlus size={16} stroke={2} />} data-testid="add-patient">
              {t('patients.list.add')}
            </Button>
          )}
        </Group>
      }
      filters={
        <FilterBar
          search={{ value: list.search, onChange: list.setSearch, placeholder: t('patients.list.searchPlaceholder') }}
          selects={[statusSelect]}
          date={{ value: dob, onChange: (value) => list.setFilter('dob', dayOf(value)), label: t('patients.list.dateOfBirth'), placeholder: t('patients.list.dateOfBirthPlaceholder') }}
        />
      }
      list={list}
      query={patients}
      columns={columns}
      data-testid="patients-table"
      getRowKey={(p) => p._id}
      onRowClick={(p) => void navigate(`/patients/details/${p._id}`)}
      rowLabel={(p) => `${p.publicId} ${p.name}`}
      emptyText={t('patients.list.empty')}
      emptyHint={t('patients.list.emptyHint')}
      emptyIcon={<IconUserHeart stroke={1.6} />}
      minWidth={720}
    >
      <DeletePatientDialog patient={toDelete} onClose={() => setToDelete(null)} />
      <QuickPatientDialog opened={quickOpen} onClose={() => setQuickOpen(false)} onCreated={(p) => void navigate(`/patients/details/${p._id}`)} />
    </ListFrame>
  );
}
