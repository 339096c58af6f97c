import type { KeyboardEvent, MouseEvent, ReactNode } from 'react';
import { Button, Skeleton, Table, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle, IconChevronDown, IconChevronUp, IconRefresh, IconSelector } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '@/components/empty-state';
import classes from './data-table.module.css';

export interface DataTableColumn<T> {
  key: string;
  header: ReactNode;
  render: (row: T, index: number) => ReactNode;
  /** The API sort field; makes the header a sort button. */
  sortKey?: string;
  /** Text used in the sort button's accessible name when `header` is not plain text. */
  sortLabel?: string;
  width?: number | string;
  align?: 'start' | 'center' | 'end';
  /**
   * The row's title in the stacked layout of narrow screens. Without one, the column keyed `name` is the title, or
   * else the first column.
   */
  primary?: boolean;
}

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
}

/** The key of the column that titles each row in the stacked layout. */
export function primaryColumnKey<T>(columns: readonly DataTableColumn<T>[]): string | undefined {
  return (columns.find((c) => c.primary) ?? columns.find((c) => c.key === 'name') ?? columns[0])?.key;
}

/** A column's name as plain text, for the label in front of its value in the stacked layout. */
function columnLabel<T>(column: DataTableColumn<T>): string | undefined {
  return column.sortLabel ?? (typeof column.header === 'string' ? column.header : undefined);
}

/** Three-digit row number, counting across pages. */
export function rowNumber(page: number, limit: number, index: number): string {
  return String((page - 1) * limit + index + 1).padStart(3, '0');
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
}: DataTableProps<T>) {
  const { t } = useTranslation();
  const columnCount = columns.length + (withNumber ? 1 : 0);
  const textAlign = (align: DataTableColumn<T>['align']) => align ?? 'start';
  const primaryKey = primaryColumnKey(columns);

  const header = (
    <Table.Tr>
      {withNumber && (
        <Table.Th className={classes.th} style={{ width: 64 }}>
          {t('common.table.number')}
        </Table.Th>
      )}
      {columns.map((column) => {
        const active = Boolean(column.sortKey) && column.sortKey === sortBy;
        const ariaSort = active ? (order === 'asc' ? 'ascending' : 'descending') : column.sortKey ? 'none' : undefined;
        const label = column.sortLabel ?? (typeof column.header === 'string' ? column.header : column.key);
        return (
          <Table.Th
            key={column.key}
            className={classes.th}
            style={{ width: column.width, textAlign: textAlign(column.align) }}
            aria-sort={ariaSort}
            data-sortable={column.sortKey && onSort ? true : undefined}
          >
            {column.sortKey && onSort ? (
              <UnstyledButton
                className={classes.sortButton}
                data-active={active || undefined}
                onClick={() => onSort(column.sortKey as string)}
                aria-label={t('common.table.sortBy', { column: label })}
              >
                <span>{column.header}</span>
                {active ? (
                  order === 'asc' ? (
                    <IconChevronUp size={14} stroke={2} aria-hidden />
                  ) : (
                    <IconChevronDown size={14} stroke={2} aria-hidden />
                  )
                ) : (
                  <IconSelector size={14} stroke={1.6} aria-hidden />
                )}
              </UnstyledButton>
            ) : (
              column.header
            )}
          </Table.Th>
        );
      })}
    </Table.Tr>
  );

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
          {withNumber && <Table.Td className={classes.number}>{rowNumber(page, limit, index)}</Table.Td>}
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
        <Table.Thead>{header}</Table.Thead>
        <Table.Tbody>{body}</Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
