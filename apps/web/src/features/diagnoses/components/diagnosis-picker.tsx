import { useState } from 'react';
import { Badge, Combobox, Group, Loader, Text, TextInput, useCombobox } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { DiagnosisCodeRecord } from '@clinic/shared';
import { useCodeSearch } from '../api/codes';
import { codeTitle } from './code-title';

export interface DiagnosisPickerProps {
  /** Called with the code chosen (by click, or arrows and Enter); the field then empties for the next one. */
  onSelect: (code: DiagnosisCodeRecord) => void;
  label?: string;
  disabled?: boolean;
  error?: string | null;
}

/**
 * Finds a diagnosis by code prefix (J06) or by words in English or Arabic (any hamza, taa marbuta or alef maqsura
 * form: the server normalises both sides), and shows each match as its code and its title in the interface language.
 */
export function DiagnosisPicker({ onSelect, label, disabled, error }: DiagnosisPickerProps) {
  const { t, i18n } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 200);
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const results = useCodeSearch(debounced);
  const codes = debounced ? results.data ?? [] : [];
  const waiting = debounced !== search.trim() || results.isFetching;

  const choose = (id: string) => {
    const code = codes.find((c) => c._id === id);
    if (!code) return;
    onSelect(code);
    setSearch('');
    combobox.closeDropdown();
  };

  return (
    <Combobox store={combobox} onOptionSubmit={choose} withinPortal={false}>
      <Combobox.Target>
        <TextInput
          label={label ?? t('diagnoses.picker.label')}
          placeholder={t('diagnoses.picker.placeholder')}
          leftSection={<IconSearch size={16} />}
          rightSection={waiting && search.trim() ? <Loader size={14} /> : null}
          value={search}
          disabled={disabled}
          error={error}
          autoComplete="off"
          data-testid="diagnosis-picker"
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            combobox.openDropdown();
            combobox.updateSelectedOptionIndex();
          }}
          onFocus={() => combobox.openDropdown()}
          onBlur={() => combobox.closeDropdown()}
          onKeyDown={(event) => {
            // Enter picks the highlighted match, or the first one when none is highlighted yet.
            if (event.key === 'Enter' && combobox.getSelectedOptionIndex() < 0 && codes[0] && !waiting) {
              event.preventDefault();
              choose(codes[0]._id);
            }
          }}
        />
      </Combobox.Target>
      <Combobox.Dropdown hidden={!search.trim()}>
        <Combobox.Options mah={320} style={{ overflowY: 'auto' }} data-testid="diagnosis-options">
          {codes.map((code) => (
            <Combobox.Option value={code._id} key={code._id} data-testid="diagnosis-option">
              <Group gap="xs" wrap="nowrap" align="flex-start">
                <Badge variant="light" tt="none" ff="monospace" dir="ltr" style={{ flexShrink: 0 }}>
                  {code.code}
                </Badge>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {codeTitle(code, i18n.language)}
                </Text>
              </Group>
            </Combobox.Option>
          ))}
          {!codes.length && (
            <Combobox.Empty>{waiting ? t('diagnoses.picker.searching') : t('diagnoses.picker.noResults')}</Combobox.Empty>
          )}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
