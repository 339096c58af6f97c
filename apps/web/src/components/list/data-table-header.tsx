import type { ReactNode } from 'react';
import { Table, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
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

/** The key of the column that titles each row in the stacked layout. */
export function primaryColumnKey<T>(columns: readonly DataTableColumn<T>[]): string | undefined {
  return (columns.find((c) => c.primary) ?? columns.find((c) => c.key === 'name') ?? columns[0])?.key;
}

/** A column's name as plain text, for the label in front of its value in the stacked layout. */
export function columnLabel<T>(column: DataTableColumn<T>): string | undefined {
  return column.sortLabel ?? (typeof column.header === 'string' ? column.header : undefined);
}

export const textAlign = (align: DataTableColumn<unknown>['align']) => align ?? 'start';

interface DataTableHeaderProps<T> {
  columns: readonly DataTableColumn<T>[];
  withNumber: boolean;
  sortBy?: string;
  order?: 'asc' | 'desc';
  onSort?: (sortKey: string) => void;
}

/** The table's header row: the number column, then each column's title, a sort button where the API can sort by it. */
export function DataTableHeader<T>({ columns, withNumber, sortBy, order, onSort }: DataTableHeaderProps<T>) {
  const { t } = useTranslation();
  const sortable = Boolean(onSort) && columns.some((c) => c.sortKey);
  return (
    <Table.Tr data-sortable-row={sortable || undefined}>
      {withNumber && (
        <Table.Th scope="col" className={classes.th} style={{ width: 64 }}>
          {t('common.table.number')}
        </Table.Th>
      )}
      {columns.map((column) => {
        const active = Boolean(column.sortKey) && column.sortKey === sortBy;
        const ariaSort = active ? (order === 'asc' ? 'ascending' : 'descending') : column.sortKey ? 'none' : undefined;
        const label = column.sortLabel ?? (typeof column.header === 'string' ? column.header : column.key);
        return (
          <Table.Th
            scope="col"
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
}
