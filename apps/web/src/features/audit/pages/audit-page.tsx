import { Card, Divider, Group, Stack } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FilterBar } from '@/components/filter-bar';
import { PageHeader } from '@/components/page-header';
import { PaginationBar } from '@/components/pagination-bar';
import { useListState } from '@/components/use-list-state';
import { dateInputFormat } from '@/lib/dates';
import { useAudit, useAuditFilters } from '../api/get-audit';
import { AuditTable, useAuditLabels } from '../components/audit-table';

function dayText(value: unknown): string | null {
  if (!value) return null;
  const text = String(value);
  return /^\d{4}-\d{2}-\d{2}/.test(text) ? text.slice(0, 10) : null;
}

export default function AuditPage() {
  const { t, i18n } = useTranslation();
  const labels = useAuditLabels();
  const list = useListState({ filters: ['actor', 'entity', 'action', 'from', 'to'] as const, defaultSortBy: 'createdAt' });
  const filterValues = useAuditFilters();
  const audit = useAudit({
    page: list.page,
    limit: list.limit,
    sortBy: list.sortBy,
    order: list.order,
    actor: list.filters.actor,
    entity: list.filters.entity,
    action: list.filters.action,
    from: list.filters.from,
    to: list.filters.to,
  });
  const values = filterValues.data;
  const pagination = audit.data?.pagination;

  return (
    <Card padding={0}>
      <Stack gap="md" p={{ base: 'md', sm: 'lg' }}>
        <PageHeader title={t('audit.title')} subtitle={t('audit.subtitle')} />
        <FilterBar
          selects={[
            {
              key: 'actor',
              label: t('audit.filters.user'),
              placeholder: t('audit.filters.allUsers'),
              value: list.filters.actor,
              data: (values?.actors ?? []).map((a) => ({ value: a._id, label: a.name })),
              onChange: (v) => list.setFilter('actor', v),
            },
            {
              key: 'entity',
              label: t('audit.filters.entity'),
              placeholder: t('audit.filters.allEntities'),
              value: list.filters.entity,
              data: (values?.entities ?? []).map((e) => ({ value: e, label: labels.entity(e) })),
              onChange: (v) => list.setFilter('entity', v),
            },
            {
              key: 'action',
              label: t('audit.filters.action'),
              placeholder: t('audit.filters.allActions'),
              value: list.filters.action,
              data: (values?.actions ?? []).map((a) => ({ value: a, label: labels.action(a) })),
              onChange: (v) => list.setFilter('action', v),
            },
          ]}
        >
          <Group gap="sm" wrap="wrap">
            <DatePickerInput
              aria-label={t('audit.filters.from')}
              placeholder={t('audit.filters.from')}
              value={list.filters.from}
              onChange={(v) => list.setFilter('from', dayText(v))}
              valueFormat={dateInputFormat(i18n.language, 'short')}
              clearable
              maxDate={list.filters.to ?? undefined}
              leftSection={<IconCalendar size={16} stroke={1.7} />}
              w={{ base: '100%', xs: 170 }}
              data-testid="audit-from"
            />
            <DatePickerInput
              aria-label={t('audit.filters.to')}
              placeholder={t('audit.filters.to')}
              value={list.filters.to}
              onChange={(v) => list.setFilter('to', dayText(v))}
              valueFormat={dateInputFormat(i18n.language, 'short')}
              clearable
              minDate={list.filters.from ?? undefined}
              leftSection={<IconCalendar size={16} stroke={1.7} />}
              w={{ base: '100%', xs: 170 }}
              data-testid="audit-to"
            />
          </Group>
        </FilterBar>
      </Stack>
      <Divider />
      <AuditTable
        rows={audit.data?.data}
        page={list.page}
        limit={list.limit}
        loading={audit.isPending}
        stale={audit.isPlaceholderData}
        error={audit.isError ? audit.error.message : null}
        onRetry={() => void audit.refetch()}
        sortBy={list.sortBy}
        order={list.order}
        onSort={list.toggleSort}
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
