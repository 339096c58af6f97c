import { useMemo, useState, type ReactNode, type Ref } from 'react';
import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';

type Handled = 'data' | 'value' | 'onChange' | 'searchable' | 'searchValue' | 'onSearchChange' | 'filter' | 'renderOption';

/**
 * What a search of the server answers while the user types: the rows found, whether a search is under way, and whether
 * the rows are an earlier search's, kept on screen while the new one loads.
 */
export interface SearchResult<R> { data?: R[] | undefined; isFetching: boolean; isPlaceholderData?: boolean }

export interface SearchSelectProps<R extends { _id: string }> extends Omit<SelectProps, Handled> {
  value: string | null;
  /** The id chosen (or null when cleared) and its record. */
  onChange: (value: string | null, record: R | null) => void;
  /** The server's search for what is typed (debounced); the server filters, the list shows what it answers. */
  useSearch: (search: string) => SearchResult<R>;
  /** How a record reads in the field and the list. */
  labelOf: (record: R) => string;
  /** A record the search may not list, shown all the same (the one chosen before, or one just made). */
  known?: R | null;
  /** Told what the user types (for example to start a new record's name with it). */
  onSearchChange?: (search: string) => void;
  /** A richer line for each record in the list (the field shows `labelOf`). */
  renderRecord?: (record: R) => ReactNode;
  /** Milliseconds of typing before the server is asked. */
  debounce?: number;
  ref?: Ref<HTMLInputElement>;
}

/**
 * A record searched on the server as the user types (patients, drugs): the chosen record keeps its label while another
 * search lists other records, and its whole record is told with the choice. Any other prop goes to the Mantine select.
 */
export function SearchSelect<R extends { _id: string }>({
  value, onChange, useSearch, labelOf, known, onSearchChange, renderRecord, debounce = 300, ...props
}: SearchSelectProps<R>) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, debounce);
  const [chosen, setChosen] = useState<R | null>(null);
  const results = useSearch(debounced);
  // Rows of another text than the one typed are never offered: Enter right after typing would pick one of them.
  const stale = search !== debounced || results.isPlaceholderData === true;
  const records = useMemo(() => {
    const found = stale ? [] : results.data ?? [];
    const kept = [chosen, known].find((r): r is R => !!r && r._id === value);
    return kept && !found.some((r) => r._id === kept._id) ? [kept, ...found] : found;
  }, [results.data, stale, chosen, known, value]);
  const byId = useMemo(() => new Map(records.map((r) => [r._id, r])), [records]);
  return (
    <Select
      comboboxProps={{ withinPortal: true }}
      {...props}
      nothingFoundMessage={stale || results.isFetching ? t('common.loading') : props.nothingFoundMessage}
      data={records.map((r) => ({ value: r._id, label: labelOf(r) }))}
      value={value || null}
      onChange={(next) => {
        const record = next ? byId.get(next) ?? null : null;
        setChosen(record);
        onChange(next, record);
      }}
      searchable
      searchValue={search}
      onSearchChange={(text) => {
        setSearch(text);
        onSearchChange?.(text);
      }}
      filter={({ options }) => options}
      {...(renderRecord ? { renderOption: ({ option }) => { const r = byId.get(option.value); return r ? renderRecord(r) : option.label; } } : {})}
    />
  );
}
