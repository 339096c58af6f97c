import { Button, Card, Grid, Group, Skeleton, Stack } from '@mantine/core';
import { IconFilterOff, IconPlus, IconStethoscope } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { FilterBar } from '@/components/filter-bar';
import { PageHeader } from '@/components/page-header';
import { PaginationBar } from '@/components/pagination-bar';
import { useListState } from '@/components/use-list-state';
import { useEmployees } from '@/features/employees/api/get-employees';
import { useReferenceList } from '@/features/employees/api/get-reference-lists';
import { useCanOpen } from '@/lib/pages';
import { DoctorCard } from '../components/doctor-card';

/** Cards per row: 1 up to 576px, 2 up to 992px, 3 above, 4 on wide screens (a 12-column grid). */
const CARD_SPAN = { base: 12, xs: 6, md: 4, xl: 3 } as const;

/** /doctors: the doctors as a card grid with search and filters. */
export default function DoctorsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canOpen = useCanOpen();
  const list = useListState({ filters: ['speciality', 'clinic', 'status'] as const, defaultLimit: 20, defaultSortBy: 'name', defaultOrder: 'asc' });
  const status = list.filters.status === 'active' || list.filters.status === 'inactive' ? list.filters.status : null;
  const specialities = useReferenceList('specializations');
  const clinics = useReferenceList('clinics');
  const doctors = useEmployees({
    page: list.page,
    limit: list.limit,
    sortBy: list.sortBy,
    order: list.order,
    search: list.search,
    employeeType: 'Doctor',
    status,
    specializationId: list.filters.speciality,
    clinicId: list.filters.clinic,
  });
  const rows = doctors.data?.data;
  const pagination = doctors.data?.pagination;

  return (
    <Stack gap="lg">
      <Card>
        <Stack gap="md">
          <PageHeader
            title={t('doctors.title')}
            subtitle={t('doctors.subtitle')}
            actions={
              canOpen('/doctors/add') && (
                <Button component={Link} to="/doctors/add" leftSection={<IconPlus size={16} stroke={2} />} data-testid="add-doctor">
                  {t('doctors.add')}
                </Button>
              )
            }
          />
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
              {
                key: 'status',
                label: t('doctors.filters.status'),
                placeholder: t('doctors.filters.allStatuses'),
                value: status,
                data: [
                  { value: 'active', label: t('common.status.active') },
                  { value: 'inactive', label: t('common.status.inactive') },
                ],
                onChange: (value) => list.setFilter('status', value),
              },
            ]}
          />
        </Stack>
      </Card>

      {doctors.isPending ? (
        <Grid gap="lg">
          {Array.from({ length: 8 }, (_, i) => (
            <Grid.Col key={i} span={CARD_SPAN}><Skeleton height={260} radius="lg" /></Grid.Col>
          ))}
        </Grid>
      ) : !rows?.length ? (
        <Card>
          <EmptyState
            title={doctors.isError ? doctors.error.message : t('doctors.empty')}
            description={list.isFiltered ? t('common.table.emptyHint') : undefined}
            icon={<IconStethoscope stroke={1.6} />}
            actions={
              list.isFiltered ? (
                <Button variant="light" leftSection={<IconFilterOff size={16} />} onClick={list.clearFilters}>{t('common.filters.clearAll')}</Button>
              ) : doctors.isError ? (
                <Button variant="light" onClick={() => void doctors.refetch()}>{t('common.actions.retry')}</Button>
              ) : undefined
            }
          />
        </Card>
      ) : (
        <Grid gap="lg" data-testid="doctors-grid" style={{ opacity: doctors.isPlaceholderData ? 0.6 : 1 }}>
          {rows.map((doctor) => (
            <Grid.Col key={doctor._id} span={CARD_SPAN}>
              <DoctorCard doctor={doctor} onOpen={() => void navigate(`/doctors/details/${doctor._id}`)} />
            </Grid.Col>
          ))}
        </Grid>
      )}

      <Card py="sm">
        <Group justify="center">
          <PaginationBar
            page={list.page}
            limit={list.limit}
            total={pagination?.total_items ?? 0}
            totalPages={pagination?.total_pages ?? 1}
            exact={pagination?.total_exact ?? true}
            onPageChange={list.setPage}
            onLimitChange={list.setLimit}
          />
        </Group>
      </Card>
    </Stack>
  );
}
