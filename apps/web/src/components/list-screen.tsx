import type { ReactNode } from 'react';
import { Card, Divider, Stack } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ApiList } from '@clinic/shared';
import { DataTable, type DataTableColumn } from './data-table';
import type { ListState } from './use-list-state';
import { PageHeader } from './page-header';
import { PaginationBar } from './pagination-bar';

interface ListScreenProps<T, F extends string> {
  title: string;
  subtitle?: string;
  /** The header's buttons (for example Add). */
  actions?: ReactNode;
  /** The filter bar. */
  filters?: ReactNode;
  list: ListState<F>;
  query: UseQueryResult<ApiList<T>>;
  columns: DataTableColumn<T>[];
  getRowKey: (row: T) => string;
  onRowClick?: (row: T) => void;
  rowLabel?: (row: T) => string;
  emptyText: string;
  emptyIcon?: ReactNode;
  minWidth?: number;
  'data-testid'?: string;
}

/**
 * A list screen's frame: header and filters, the table wired to the URL list state (sorting, paging, empty and
 * error states) and to the list query, then the pagination bar.
 */
export function ListScreen<T, F extends string>(props: ListScreenProps<T, F>) {
  const { t } = useTranslation();
  const { list, query } = props;
  const pagination = query.data?.pagination;
  return (
    <Card padding={0}>
      <Stack gap="md" p={{ base: 'md', sm: 'lg' }}>
        <PageHeader title={props.title} subtitle={props.subtitle} actions={props.actions} />
        {props.filters}
      </Stack>
      <Divider />
      <DataTable
        data-testid={props['data-testid']}
        caption={props.title}
        columns={props.columns}
        rows={query.data?.data}
        getRowKey={props.getRowKey}
        page={list.page}
        limit={list.limit}
        loading={query.isPending}
        stale={query.isPlaceholderData}
        sortBy={list.sortBy}
        order={list.order}
        onSort={list.toggleSort}
        onRowClick={props.onRowClick}
        rowLabel={props.rowLabel}
        emptyText={props.emptyText}
        emptyDescription={list.isFiltered ? t('common.table.emptyHint') : undefined}
        emptyIcon={props.emptyIcon}
        error={query.isError ? query.error.message : null}
        onRetry={() => void query.refetch()}
        minWidth={props.minWidth}
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
