import { useState } from 'react';
import { Group, Select, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPill } from '@tabler/icons-react';
import { Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { MedicationRecord } from '@clinic/shared';
import type { FormControl } from '@/components/form/field-types';
import { translateMessage } from '@/lib/http';
import { useCatalogue } from '../api/catalogue';

/** "Augmentin 625 mg · Tablet". */
export const drugLabel = (d: Pick<MedicationRecord, 'name' | 'strength' | 'form'>) => [[d.name, d.strength].filter(Boolean).join(' '), d.form].filter(Boolean).join(' · ');

/**
 * A drug of the catalogue, searched on the server as the user types (by name, generic name or Arabic name, Arabic
 * letters folded), only drugs in use. The chosen drug's record is told to `onDrug`.
 */
export function DrugPicker<T extends FieldValues>({ control, name, label, onDrug }: { control: FormControl<T>; name: FieldPath<T>; label: string; onDrug?: (drug: MedicationRecord | null) => void }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [chosen, setChosen] = useState<MedicationRecord | null>(null);
  const catalogue = useCatalogue({ search: debounced, page: 1, limit: 30, isActive: true });
  const found = catalogue.data?.data ?? [];
  const drugs = chosen && !found.some((d) => d._id === chosen._id) ? [chosen, ...found] : found;
  const byId = new Map(drugs.map((d) => [d._id, d]));
  return (
    <Controller
      control={control}
      name={name}
      render={(s) => (
        <Select
          label={label}
          placeholder={t('medicines.form.drugPlaceholder')}
          searchable
          clearable
          leftSection={<IconPill size={16} stroke={1.6} />}
          comboboxProps={{ withinPortal: true }}
          data={drugs.map((d) => ({ value: d._id, label: drugLabel(d) }))}
          filter={({ options }) => options}
          searchValue={search}
          onSearchChange={setSearch}
          nothingFoundMessage={catalogue.isFetching ? t('medicines.form.searching') : t('medicines.form.noDrug')}
          value={(s.field.value as string | null) || null}
          onChange={(id) => {
            const drug = id ? byId.get(id) ?? null : null;
            setChosen(drug);
            s.field.onChange(id ?? null);
            onDrug?.(drug);
          }}
          onBlur={s.field.onBlur}
          ref={s.field.ref}
          error={translateMessage(s.fieldState.error?.message)}
          renderOption={({ option }) => {
            const drug = byId.get(option.value);
            return (
              <Stack gap={0}>
                <Text size="sm">{option.label}</Text>
                {drug && (
                  <Group gap={6}>
                    <Text size="xs" c="dimmed">{drug.genericName}</Text>
                    {drug.nameAr && <Text size="xs" c="dimmed" dir="rtl">{drug.nameAr}</Text>}
                  </Group>
                )}
              </Stack>
            );
          }}
          data-testid="medication-drug"
        />
      )}
    />
  );
}
