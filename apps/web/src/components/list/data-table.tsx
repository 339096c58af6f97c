import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { Button, Skeleton, Table } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import { formatNumber } from '@/lib/dates';
import { columnLabel, DataTableHeader, primaryColumnKey, textAlign, type DataTableColumn } from './data-table-header';
import classes from './data-table.module.css';

export { primaryColumnKey, type DataTableColumn };

interface DataTableProps<T> {
  columns: DataTableColumn<T>[];
  rows: readonly T[] | undefined;
  getRowKey: (row: T) => string;
  /** Numbering continues across pages: row 1 of page 2 with 10 per page is 011. */
  page?: number;
  limit?: number;
  withNumber?: boolean;
  /** First load: skeleton rows. */
  loading?: boolean;
  /** Showing the previous page while the next one loads. */
  stale?: boolean;
  emptyText: ReactNode;
  emptyDescription?: ReactNode;
  emptyIcon?: ReactNode;
  /** For example a button that clears the filters. */
  emptyActions?: ReactNode;
  /** Loading failed and there is nothing to show: the message and a way to try again. */
  error?: string | null;
  onRetry?: () => void;
  sortBy?: string;
  order?: 'asc' | 'desc';
  onSort?: (sortKey: string) => void;
  onRowClick?: (row: T) => void;
  /** Accessible name of a clickable row (for example the record's name). */
  rowLabel?: (row: T) => string;
  /** The row to draw attention to (by its key), for example the record just added. */
  highlightedKey?: string | null;
  minWidth?: number;
  caption?: string;
  'data-testid'?: string;
  /** A test id on every row. */
  rowTestId?: string;
}

/** Three-digit row number, counting across pages. */
export function rowNumber(page: number, limit: number, index: number, lang = 'en'): string {
  return formatNumber((page - 1) * limit + index + 1, lang, { minimumIntegerDigits: 3, useGrouping: false });
}

const INTERACTIVE = 'a, button, input, select, textarea, label, [role="switch"], [role="checkbox"], [role="menuitem"], [role="dialog"], [role="menu"], [role="listbox"]';

/**
 * True when the event belongs to something in the row other than the row itself: a control in a cell, or anything a
 * cell renders elsewhere through a portal (a confirmation dialog, a menu). React passes a portal's events up the
 * component tree, so a click on a dialog's Cancel reaches the row although the dialog is not inside it.
 */
function notForRow(event: MouseEvent | KeyboardEvent): boolean {
  const target = event.target as Node;
  if (!event.currentTarget.contains(target)) return true;
  const interactive = target instanceof Element ? target.closest(INTERACTIVE) : null;
  return Boolean(interactive && interactive !== event.currentTarget && event.currentTarget.contains(interactive));
}

export function DataTable<T>({
  columns,
  rows,
  getRowKey,
  page = 1,
  limit = 10,
  withNumber = true,
  loading = false,
  stale = false,
  emptyText,
  emptyDescription,
  emptyIcon,
  emptyActions,
  error,
  onRetry,
  sortBy,
  order,
  onSort,
  onRowClick,
  rowLabel,
  highlightedKey = null,
  minWidth = 720,
  caption,
  'data-testid': testId,
  rowTestId,
}: DataTableProps<T>) {
  const { t, i18n } = useTranslation();
  const columnCount = columns.length + (withNumber ? 1 : 0);
  const primaryKey = primaryColumnKey(columns);

  let body: ReactNode;
  if (loading && !rows?.length) {
    body = Array.from({ length: Math.min(limit, 8) }, (_, i) => (
      <Table.Tr key={`skeleton-${i}`} className={classes.row} aria-hidden>
        {Array.from({ length: columnCount }, (__, j) => (
          <Table.Td key={j}>
            <Skeleton height={14} radius="sm" width={j === 0 && withNumber ? 28 : `${55 + ((i * 7 + j * 13) % 40)}%`} />
          </Table.Td>
        ))}
      </Table.Tr>
    ));
  } else if (!rows?.length && error) {
    body = (
      <Table.Tr>
        <Table.Td colSpan={columnCount}>
          <EmptyState
            title={error}
            icon={<IconAlertTriangle stroke={1.6} />}
            size="sm"
            actions={
              onRetry && (
                <Button variant="light" leftSection={<IconRefresh size={16} />} onClick={onRetry}>
                  {t('common.actions.retry')}
                </Button>
              )
            }
          />
        </Table.Td>
      </Table.Tr>
    );
  } else if (!rows?.length) {
    body = (
      <Table.Tr className={classes.message}>
        <Table.Td colSpan={columnCount}>
          <EmptyState title={emptyText} description={emptyDescription} icon={emptyIcon} actions={emptyActions} size="sm" />
        </Table.Td>
      </Table.Tr>
    );
  } else {
    body = rows.map((row, index) => {
      const clickable = Boolean(onRowClick);
      return (
        <Table.Tr
          key={getRowKey(row)}
          className={classes.row}
          data-clickable={clickable || undefined}
          data-stale={stale || undefined}
          data-highlighted={getRowKey(row) === highlightedKey || undefined}
          data-testid={rowTestId}
          tabIndex={clickable ? 0 : undefined}
          aria-label={clickable && rowLabel ? rowLabel(row) : undefined}
          onClick={
            clickable
              ? (event) => {
                  if (!notForRow(event)) onRowClick?.(row);
                }
              : undefined
          }
          onKeyDown={
            clickable
              ? (event) => {
                  if ((event.key === 'Enter' || event.key === ' ') && !notForRow(event)) {
                    event.preventDefault();
                    onRowClick?.(row);
                  }
                }
              : undefined
          }
        >
          {withNumber && <Table.Td className={classes.number}>{rowNumber(page, limit, index, i18n.language)}</Table.Td>}
          {columns.map((column) => (
            <Table.Td
              key={column.key}
              className={classes.cell}
              style={{ textAlign: textAlign(column.align) }}
              data-primary={column.key === primaryKey || undefined}
              data-label={column.key === primaryKey ? undefined : columnLabel(column) || undefined}
              data-align={column.align}
            >
              {column.render(row, index)}
            </Table.Td>
          ))}
        </Table.Tr>
      );
    });
  }

  return (
    <Table.ScrollContainer minWidth={minWidth} type="native" className={classes.scroll}>
      <Table
        className={classes.table}
        highlightOnHover={Boolean(rows?.length)}
        verticalSpacing="sm"
        horizontalSpacing="md"
        aria-label={caption}
        aria-busy={loading || stale || undefined}
        data-testid={testId}
      >
        <Table.Thead>
          <DataTableHeader columns={columns} withNumber={withNumber} sortBy={sortBy} order={order} onSort={onSort} />
        </Table.Thead>
        <Table.Tbody>{body}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
