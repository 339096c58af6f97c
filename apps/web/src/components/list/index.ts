/** The list kit: every list screen is a `ListFrame` with its columns and filters. */
export { ListFrame, type ListFrameProps } from './list-frame';
export { DataTable, primaryColumnKey, rowNumber, type DataTableColumn } from './data-table';
export { FilterBar, SEARCH_DEBOUNCE_MS, type FilterSelect } from './filter-bar';
export { PaginationBar, usePaginationLabels } from './pagination-bar';
export { useListState, type ListState, type ListStateOptions, type SortOrder } from './use-list-state';
export { dayOf, listParams, listRequestQuery, oneOf, STATUS_VALUES, useListQuery, type ListParams, type StatusFilter, type StatusListQuery } from './list-query';
export { RowActions, type RowAction } from './row-actions';
export { IdCell } from './cells';
export { BulkBar, selectionColumn, useSelection, type Selection, type SelectionLabels } from './selection';
export { useStatusFilter } from './status-filter';
export { RecordListFrame, useRecordList, type RecordList, type RecordListFrameProps, type RecordListKind } from './record-list';
