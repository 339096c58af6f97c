import { useState, type ReactNode } from 'react';
import { Button, Checkbox, Group, Paper, Text } from '@mantine/core';
import type { DataTableColumn } from './data-table';

export interface Selection {
  selected: ReadonlySet<string>;
  /** Adds or removes rows. */
  select: (ids: string[], checked: boolean) => void;
  clear: () => void;
}

/** The rows ticked for a bulk action. */
export function useSelection(): Selection {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  return {
    selected,
    select: (ids, checked) =>
      setSelected((prev) => {
        const next = new Set(prev);
        for (const id of ids) {
          if (checked) next.add(id);
          else next.delete(id);
        }
        return next;
      }),
    clear: () => setSelected(new Set()),
  };
}

export interface SelectionLabels<T> {
  all: string;
  row: (row: T) => string;
  /** Test ids of the header's and the rows' checkboxes. */
  allTestId?: string;
  rowTestId?: string;
}

/** The tick-box column: one per row and one in the header for the whole page. */
export function selectionColumn<T>(rows: readonly T[] | undefined, getRowKey: (row: T) => string, selection: Selection, labels: SelectionLabels<T>): DataTableColumn<T> {
  const ids = (rows ?? []).map(getRowKey);
  const chosen = ids.filter((id) => selection.selected.has(id));
  const all = ids.length > 0 && chosen.length === ids.length;
  return {
    key: 'select',
    width: 44,
    header: (
      <Checkbox
        aria-label={labels.all}
        checked={all}
        indeterminate={chosen.length > 0 && !all}
        onChange={(e) => selection.select(ids, e.currentTarget.checked)}
        data-testid={labels.allTestId}
      />
    ),
    render: (row) => (
      <Checkbox
        aria-label={labels.row(row)}
        checked={selection.selected.has(getRowKey(row))}
        onChange={(e) => selection.select([getRowKey(row)], e.currentTarget.checked)}
        data-testid={labels.rowTestId}
      />
    ),
  };
}

interface BulkBarProps {
  /** "3 selected". */
  summary: ReactNode;
  clearLabel: string;
  onClear: () => void;
  /** The bulk action buttons. */
  children: ReactNode;
  'data-testid'?: string;
}

/** The bar over a list with rows ticked: how many, the bulk actions, and a way to untick them all. */
export function BulkBar({ summary, clearLabel, onClear, children, 'data-testid': testId }: BulkBarProps) {
  return (
    <Paper withBorder radius="md" p="xs" px="sm" bg="var(--mantine-color-clinic-light)" data-testid={testId}>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm" fw={600}>
          {summary}
        </Text>
        <Group gap="xs" wrap="wrap">
          {children}
          <Button size="xs" variant="subtle" onClick={onClear}>
            {clearLabel}
          </Button>
        </Group>
      </Group>
    </Paper>
  );
}
