import { Button, Grid, Skeleton } from '@mantine/core';
import { IconPlus, IconStethoscope } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FilterBar, ListFrame, listParams, useListQuery, useListState, useStatusFilter } from '@/components/list';
import { ExportButton } from '@/components/export-button';
import { employeesQueryOptions, employeesRequest } from '../api/get-employees';
import { useLookupOptions } from '@/lib/lookups';
import { useCanOpen } from '@/lib/pages';
import { DoctorCard } from '../components/doctor-card';

const BY_NAME = { sortBy: 'name', order: 'asc' } as const;

/** Cards per row: 1 up to 576px, 2 up to 992px, 3 above, 4 on wide screens (a 12-column grid). */
const CARD_SPAN = { base: 12, xs: 6, md: 4, xl: 3 } as const;

/** /doctors: the doctors as a card grid with search and filters. */
export default function DoctorsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canOpen = useCanOpen();
  const list = useListState({ filters: ['speciality', 'clinic', 'status'] as const, defaultLimit: 20, defaultSortBy: 'name', defaultOrder: 'asc' });
  const { status, select: statusSelect } = useStatusFilter(list, { label: t('doctors.filters.status'), placeholder: t('doctors.filters.allStatuses') });
  const specialities = useLookupOptions('specializations', BY_NAME, { silent: true, emptyOnError: true });
  const clinics = useLookupOptions('clinics', BY_NAME, { silent: true, emptyOnError: true });
  const listFilters = {
    employeeType: 'Doctor' as const,
    status,
    specializationId: list.filters.speciality,
    clinicId: list.filters.clinic,
  };
  const doctors = useListQuery(list, employeesQueryOptions, listFilters);

  return (
    <ListFrame
      exportButton={<ExportButton {...employeesRequest({ ...listParams(list), ...listFilters })} />}
      title={t('doctors.title')}
      subtitle={t('doctors.subtitle')}
      actions={
        canOpen('/doctors/add') && (
          <Button component={Link} to="/doctors/add" leftSection={<IconPlus size={16} stroke={2} />} data-testid="add-doctor">
            {t('doctors.add')}
          </Button>
        )
      }
      filters={
        <FilterBar
          search={{ value: list.search, onChange: list.setSearch, placeholder: t('doctors.searchPlaceholder') }}
          selects={[
            {
              key: 'speciality',
              label: t('doctors.filters.speciality'),
              placeholder: specialities.data?.length ? t('doctors.filters.allSpecialities') : t('people.noSpecialization'),
              value: list.filters.speciality,
              data: specialities.data ?? [],
              onChange: (value) => list.setFilter('speciality', value),
            },
            {
              key: 'clinic',
              label: t('doctors.filters.clinic'),
              placeholder: t('doctors.filters.allClinics'),
              value: list.filters.clinic,
              data: clinics.data ?? [],
              onChange: (value) => list.setFilter('clinic', value),
            },
            statusSelect,
          ]}
        />
      }
      list={list}
      query={doctors}
      columns={[]}
      getRowKey={(doctor) => doctor._id}
      emptyText={t('doctors.empty')}
      emptyIcon={<IconStethoscope stroke={1.6} />}
      cards={{
        skeleton: (
          <Grid gap="lg">
            {Array.from({ length: 8 }, (_, i) => (
              <Grid.Col key={i} span={CARD_SPAN}><Skeleton height={260} radius="lg" /></Grid.Col>
            ))}
          </Grid>
        ),
        render: (rows) => (
          <Grid gap="lg" data-testid="doctors-grid">
            {rows.map((doctor) => (
              <Grid.Col key={doctor._id} span={CARD_SPAN}>
                <DoctorCard doctor={doctor} onOpen={() => void navigate(`/doctors/details/${doctor._id}`)} />
              </Grid.Col>
            ))}
          </Grid>
        ),
      }}
    />
  );
}
