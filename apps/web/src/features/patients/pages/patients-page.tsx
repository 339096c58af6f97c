import { useState } from 'react';
import { Button, Card, Divider, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PatientListItem } from '@clinic/shared';
import { FilterBar } from '@/components/filter-bar';
import { PageHeader } from '@/components/page-header';
import { PaginationBar } from '@/components/pagination-bar';
import { useListState } from '@/components/use-list-state';
import { useCanOpen } from '@/lib/pages';
import { useSession } from '@/lib/session-context';
import { usePatients } from '../api/get-patients';
import { DeletePatientDialog } from '../components/delete-patient-dialog';
import { PatientsTable } from '../components/patients-table';

export default function PatientsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { can } = useSession();
  const canOpen = useCanOpen();
  const canWrite = can('patient_write');
  const list = useListState({ filters: ['status', 'dob'] as const });
  const status = list.filters.status === 'active' || list.filters.status === 'inactive' ? list.filters.status : null;
  const dob = list.filters.dob && /^\d{4}-\d{2}-\d{2}$/.test(list.filters.dob) ? list.filters.dob : null;
  const [toDelete, setToDelete] = useState<PatientListItem | null>(null);

  const patients = usePatients({
    page: list.page,
    limit: list.limit,
    sortBy: list.sortBy,
    order: list.order,
    search: list.search,
    status,
    dateOfBirth: dob,
  });
  const pagination = patients.data?.pagination;

  return (
    <Card padding={0}>
      <Stack gap="md" p={{ base: 'md', sm: 'lg' }}>
        <PageHeader
          title={t('patients.list.title')}
          subtitle={t('patients.list.subtitle')}
          actions={
            canOpen('/patients/add') && (
              <Button component={Link} to="/patients/add" leftSection={<IconPlus size={16} stroke={2} />} data-testid="add-patient">
                {t('patients.list.add')}
              </Button>
            )
          }
        />
        <FilterBar
          search={{ value: list.search, onChange: list.setSearch, placeholder: t('patients.list.searchPlaceholder') }}
          selects={[
            {
              key: 'status',
              label: t('patients.list.status'),
              placeholder: t('patients.list.allStatuses'),
              value: status,
              data: [
                { value: 'active', label: t('patients.list.active') },
                { value: 'inactive', label: t('patients.list.inactive') },
              ],
              onChange: (value) => list.setFilter('status', value),
            },
          ]}
          date={{
            value: dob,
            onChange: (value) => list.setFilter('dob', value ? value.slice(0, 10) : null),
            label: t('patients.list.dateOfBirth'),
            placeholder: t('patients.list.dateOfBirthPlaceholder'),
          }}
        />
      </Stack>
      <Divider />
      <PatientsTable
        rows={patients.data?.data}
        page={list.page}
        limit={list.limit}
        loading={patients.isPending}
        stale={patients.isPlaceholderData}
        filtered={list.isFiltered}
        error={patients.isError ? patients.error.message : null}
        onRetry={() => void patients.refetch()}
        sortBy={list.sortBy}
        order={list.order}
        onSort={list.toggleSort}
        onOpen={(p) => void navigate(`/patients/details/${p._id}`)}
        onEdit={canWrite ? (p) => void navigate(`/patients/edit/${p._id}`) : undefined}
        onDelete={canWrite ? setToDelete : undefined}
      />
      <Divider />
      <Stack p={{ base: 'md', sm: 'lg' }} py="md">
        <PaginationBar
          page={list.page}
          limit={list.limit}
          total={pagination?.total_items ?? 0}
          totalPages={pagination?.total_pages ?? 1}
          exact={pagination?.total_exact ?? true}
          onPageChange={list.setPage}
          onLimitChange={list.setLimit}
        />
      </Stack>
      <DeletePatientDialog patient={toDelete} onClose={() => setToDelete(null)} />
    </Card>
  );
}
