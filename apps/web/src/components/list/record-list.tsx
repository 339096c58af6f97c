import type { ReactNode } from 'react';
import { Button } from '@mantine/core';
import type { QueryKey, UseQueryOptions, UseQueryResult } from '@tanstack/react-query';
import { IconPlus } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ApiList } from '@clinic/shared';
import { ExportButton, type ExportButtonProps } from '@/components/export-button';
import { useCanOpen } from '@/lib/pages';
import type { DataTableColumn } from './data-table';
import { FilterBar, type FilterSelect } from './filter-bar';
import { ListFrame } from './list-frame';
import { listParams, useListQuery, type StatusListQuery } from './list-query';
import { useStatusFilter } from './status-filter';
import { useListState, type ListState } from './use-list-state';

export interface RecordList<T> {
  list: ListState<'status'>;
  query: UseQueryResult<ApiList<T>>;
  statusSelect: FilterSelect;
  /** The query the list asks for, for the CSV export. */
  exportQuery: StatusListQuery;
}

/** A list of records filtered by search and status: its state, its status dropdown and its query. */
export function useRecordList<T, K extends QueryKey>(
  options: (query: StatusListQuery) => UseQueryOptions<ApiList<T>, Error, ApiList<T>, K>,
  statusText?: Parameters<typeof useStatusFilter>[1],
): RecordList<T> {
  const list = useListState({ filters: ['status'] as const });
  const { status, select } = useStatusFilter(list, statusText);
  const query = useListQuery(list, options, { status });
  return { list, query, statusSelect: select, exportQuery: { ...listParams(list), status } };
}

/** What sets one record list apart from the others. */
export interface RecordListKind {
  /** The message keys' prefix: `<messages>.title`, `.subtitle`, `.add`, `.searchPlaceholder`, `.empty`. */
  messages: string;
  /** The records' screens: `<path>/add` and `<path>/details/:id`. */
  path: string;
  /** What the CSV export asks for (the list's API path and query) for the list's current query. */
  exportRequest: (query: StatusListQuery) => ExportButtonProps;
  addTestId: string;
  testId: string;
  minWidth: number;
}

export interface RecordListFrameProps<T extends { _id: string; publicId: string; name: string }> {
  kind: RecordListKind;
  records: RecordList<T>;
  columns: DataTableColumn<T>[];
  emptyIcon: ReactNode;
}

/**
 * The frame of an organisation record's list (clinics, departments, complexes, specialities): title, an add button
 * for those who may add, search and status filters, CSV export, and a row opening the record's details.
 */
export function RecordListFrame<T extends { _id: string; publicId: string; name: string }>({ kind, records, columns, emptyIcon }: RecordListFrameProps<T>) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canOpen = useCanOpen();
  const { list, query, statusSelect } = records;
  const text = (key: string) => t(`${kind.messages}.${key}` as never);
  return (
    <ListFrame
      exportButton={<ExportButton {...kind.exportRequest(records.exportQuery)} />}
      title={text('title')}
      subtitle={text('subtitle')}
      actions={canOpen(`${kind.path}/add`) && (
        <Button component={Link} to={`${kind.path}/add`} leftSection={<IconPlus size={16} stroke={2} />} data-testid={kind.addTestId}>{text('add')}</Button>
      )}
      filters={<FilterBar search={{ value: list.search, onChange: list.setSearch, placeholder: text('searchPlaceholder') }} selects={[statusSelect]} />}
      list={list}
      query={query}
      columns={columns}
      data-testid={kind.testId}
      getRowKey={(r) => r._id}
      onRowClick={(r) => void navigate(`${kind.path}/details/${r._id}`)}
      rowLabel={(r) => `${r.publicId} ${r.name}`}
      emptyText={text('empty')}
      emptyIcon={emptyIcon}
      minWidth={kind.minWidth}
    />
  );
}
