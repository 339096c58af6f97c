import { Button, Card, Divider, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FilterBar } from '@/components/filter-bar';
import { PageHeader } from '@/components/page-header';
import { PaginationBar } from '@/components/pagination-bar';
import { useListState } from '@/components/use-list-state';
import { useCanOpen } from '@/lib/pages';
import { useSpecialities } from '../api/get-specialities';
import { SpecialitiesTable } from '../components/specialities-table';

export default function SpecialitiesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canOpen = useCanOpen();
  const list = useListState({ filters: ['status'] as const });
  const status = list.filters.status === 'active' || list.filters.status === 'inactive' ? list.filters.status : null;
  const specialities = useSpecialities({ page: list.page, limit: list.limit, sortBy: list.sortBy, order: list.order, search: list.search, status });
  const pagination = specialities.data?.pagination;
  return (
    <Card padding={0}>
      <Stack gap="md" p={{ base: 'md', sm: 'lg' }}>
        <PageHeader
          title={t('specialities.list.title')}
          subtitle={t('specialities.list.subtitle')}
          actions={
            canOpen('/specialities/add') && (
              <Button component={Link} to="/specialities/add" leftSection={<IconPlus size={16} stroke={2} />} data-testid="add-speciality">
                {t('specialities.list.add')}
              </Button>
            )
          }
        />
        <FilterBar
          search={{ value: list.search, onChange: list.setSearch, placeholder: t('specialities.list.searchPlaceholder') }}
          selects={[
            {
              key: 'status',
              label: t('specialities.list.status'),
              placeholder: t('specialities.list.allStatuses'),
              value: status,
              data: [
                { value: 'active', label: t('specialities.list.active') },
                { value: 'inactive', label: t('specialities.list.inactive') },
              ],
              onChange: (value) => list.setFilter('status', value),
            },
          ]}
        />
      </Stack>
      <Divider />
      <SpecialitiesTable
        rows={specialities.data?.data}
        page={list.page}
        limit={list.limit}
        loading={specialities.isPending}
        stale={specialities.isPlaceholderData}
        filtered={list.isFiltered}
        error={specialities.isError ? specialities.error.message : null}
        onRetry={() => void specialities.refetch()}
        sortBy={list.sortBy}
        order={list.order}
        onSort={list.toggleSort}
        onOpen={(s) => void navigate(`/specialities/details/${s._id}`)}
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
    </Card>
  );
}
