import { useState, type ReactNode } from 'react';
import { CloseButton, Group, Select, TextInput } from '@mantine/core';
import { DateInput } from '@/components/dates/pickers';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconCalendar, IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { parseDateText } from '@clinic/shared';
import { dateInputFormat } from '@/lib/dates';

export const SEARCH_DEBOUNCE_MS = 350;

export interface FilterSelect {
  key: string;
  label: string;
  placeholder?: string;
  value: string | null;
  data: { value: string; label: string }[];
  onChange: (value: string | null) => void;
}

interface FilterBarProps {
  search?: {
    value: string;
    onChange: (value: string) => void;
    placeholder?: string;
  };
  selects?: FilterSelect[];
  date?: {
    value: string | null;
    onChange: (value: string | null) => void;
    label?: string;
    placeholder?: string;
  };
  /** Extra controls at the end of the bar. */
  children?: ReactNode;
}

/** Keeps typing smooth and only reports the search once the user pauses. */
function SearchBox({ value, onChange, placeholder }: NonNullable<FilterBarProps['search']>) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const [reported, setReported] = useState(value);
  // The value changed from outside (cleared filters, back navigation): show it.
  if (value !== reported) {
    setReported(value);
    setText(value);
  }
  const report = useDebouncedCallback((next: string) => {
    setReported(next.trim());
    onChange(next.trim());
  }, SEARCH_DEBOUNCE_MS);

  return (
    <TextInput
      type="search"
      aria-label={t('common.filters.search')}
      placeholder={placeholder ?? t('common.filters.searchPlaceholder')}
      value={text}
      onChange={(event) => {
        setText(event.currentTarget.value);
        report(event.currentTarget.value);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') report.flush();
      }}
      leftSection={<IconSearch size={16} stroke={1.7} />}
      rightSection={
        text ? (
          <CloseButton
            size="sm"
            aria-label={t('common.filters.clearSearch')}
            onClick={() => {
              report.cancel();
              setText('');
              setReported('');
              onChange('');
            }}
          />
        ) : null
      }
      style={{ flex: '1 1 16rem', minWidth: 0 }}
    />
  );
}

/** Search box, dropdown filters and a date filter of a list screen. */
export function FilterBar({ search, selects = [], date, children }: FilterBarProps) {
  const { t, i18n } = useTranslation();
  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      {search && <SearchBox {...search} />}
      {selects.map((select) => (
        <Select
          key={select.key}
          aria-label={select.label}
          placeholder={select.placeholder ?? select.label}
          data={select.data}
          value={select.value}
          onChange={(value) => select.onChange(value)}
          clearable
          allowDeselect
          comboboxProps={{ withinPortal: true }}
          w={{ base: '100%', xs: 180 }}
        />
      ))}
      {date && (
        // Typed (a date of birth decades back is quicker to type than to reach month by month) or picked.
        <DateInput
          aria-label={date.label ?? t('common.filters.date')}
          placeholder={date.placeholder ?? t('common.filters.datePlaceholder')}
          value={date.value}
          onChange={(value) => date.onChange(value ? String(value).slice(0, 10) : null)}
          valueFormat={dateInputFormat(i18n.language)}
          dateParser={parseDateText}
          clearable
          leftSection={<IconCalendar size={16} stroke={1.7} />}
          w={{ base: '100%', xs: 200 }}
        />
      )}
      {children}
    </Group>
  );
}
