import type { ReactNode } from 'react';
import { Button, Card, Divider, Group, Stack, Text } from '@mantine/core';
import { IconFilterOff, IconRefresh } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ApiList } from '@clinic/shared';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';
import { DataTable, rowNumber, type DataTableColumn } from './data-table';
import { PaginationBar } from './pagination-bar';
import { selectionColumn, type Selection, type SelectionLabels } from './selection';
import type { ListState } from './use-list-state';

export interface ListFrameProps<T, F extends string> {
  title: string;
  subtitle?: string;
  /** The header's buttons (for example Add). */
  actions?: ReactNode;
  /** A CSV export button, shown first among the header's buttons. */
  exportButton?: ReactNode;
  /** The filter bar. */
  filters?: ReactNode;
  list: ListState<F>;
  query: UseQueryResult<ApiList<T>>;
  columns: DataTableColumn<T>[];
  getRowKey: (row: T) => string;
  onRowClick?: (row: T) => void;
  rowLabel?: (row: T) => string;
  emptyText: string;
  /** Shown under `emptyText` when nothing narrows the list (a filtered list says to change the filters). */
  emptyHint?: string;
  emptyIcon?: ReactNode;
  /** The row to draw attention to, for example the record just added. */
  highlightedKey?: string | null;
  /** Tick boxes for bulk actions, and the bar with the actions (shown while rows are ticked). */
  selection?: { state: Selection; labels: SelectionLabels<T>; bar: ReactNode };
  /** Rows as cards instead of a table: the cards, and what stands in for them while the first page loads. */
  cards?: { render: (rows: readonly T[]) => ReactNode; skeleton: ReactNode };
  minWidth?: number;
  'data-testid'?: string;
  /** Dialogs and drawers the screen opens. */
  children?: ReactNode;
}

/**
 * A list screen's frame: header, filters and bulk bar, the table (or cards) wired to the URL list state (sorting,
 * paging, empty, loading and error states) and to the list query, then the pagination bar. A list screen is its
 * columns and filters.
 */
export function ListFrame<T, F extends string>(props: ListFrameProps<T, F>) {
  const { t, i18n } = useTranslation();
  const { list, query, selection } = props;
  const pagination = query.data?.pagination;
  const rows = query.data?.data;
  const clearFilters = list.isFiltered ? (
    <Button variant="light" leftSection={<IconFilterOff size={16} stroke={1.8} />} onClick={list.clearFilters}>
      {t('common.filters.clearAll')}
    </Button>
  ) : undefined;
  const emptyDescription = list.isFiltered ? t('common.table.emptyHint') : props.emptyHint;

  const head = (
    <>
      <PageHeader
        title={props.title}
        subtitle={props.subtitle}
        actions={(props.exportButton || props.actions) && <>{props.exportButton}{props.actions}</>}
      />
      {props.filters}
      {selection && selection.state.selected.size > 0 && selection.bar}
    </>
  );
  const pager = (
    <PaginationBar
      page={list.page}
      limit={list.limit}
      total={pagination?.total_items ?? 0}
      totalPages={pagination?.total_pages ?? 1}
      exact={pagination?.total_exact ?? true}
      onPageChange={list.setPage}
      onLimitChange={list.setLimit}
    />
  );

  if (props.cards) {
    let body: ReactNode;
    if (query.isPending) body = props.cards.skeleton;
    else if (!rows?.length)
      body = (
        <Card>
          <EmptyState
            title={query.isError ? query.error.message : props.emptyText}
            description={emptyDescription}
            icon={props.emptyIcon}
            actions={
              clearFilters ??
              (query.isError ? (
                <Button variant="light" leftSection={<IconRefresh size={16} />} onClick={() => void query.refetch()}>
                  {t('common.actions.retry')}
                </Button>
              ) : undefined)
            }
          />
        </Card>
      );
    else body = <div style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}>{props.cards.render(rows)}</div>;
    return (
      <Stack gap="lg">
        <Card>
          <Stack gap="md">{head}</Stack>
        </Card>
        {body}
        <Card py="sm">
          <Group justify="center">{pager}</Group>
        </Card>
        {props.children}
      </Stack>
    );
  }

  const columns = selection
    ? [
        selectionColumn(rows, props.getRowKey, selection.state, selection.labels),
        { key: 'number', header: t('common.table.number'), width: 64, render: (_row: T, i: number) => <Text size="sm" c="dimmed" ff="monospace">{rowNumber(list.page, list.limit, i, i18n.language)}</Text> },
        ...props.columns,
      ]
    : props.columns;

  return (
    <Card padding={0}>
      <Stack gap="md" p={{ base: 'md', sm: 'lg' }}>
        {head}
      </Stack>
      <Divider />
      <DataTable
        data-testid={props['data-testid']}
        caption={props.title}
        columns={columns}
        rows={rows}
        getRowKey={props.getRowKey}
        page={list.page}
        limit={list.limit}
        withNumber={!selection}
        loading={query.isPending}
        stale={query.isPlaceholderData}
        sortBy={list.sortBy}
        order={list.order}
        onSort={list.toggleSort}
        onRowClick={props.onRowClick}
        rowLabel={props.rowLabel}
        highlightedKey={props.highlightedKey}
        emptyText={props.emptyText}
        emptyDescription={emptyDescription}
        emptyActions={clearFilters}
        emptyIcon={props.emptyIcon}
        error={query.isError ? query.error.message : null}
        onRetry={() => void query.refetch()}
        minWidth={props.minWidth}
      />
      <Divider />
      <Stack p={{ base: 'md', sm: 'lg' }} py="md">
        {pager}
      </Stack>
      {props.children}
    </Card>
  );
}
