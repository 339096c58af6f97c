import { Group, Stack, Text } from '@mantine/core';
import { IconPill } from '@tabler/icons-react';
import { Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { MedicationRecord } from '@clinic/shared';
import type { FormControl } from '@/components/form/field-types';
import { SearchSelect } from '@/components/search-select';
import { translateMessage } from '@/lib/http';
import { useCatalogue } from '../api/catalogue';

/** "Augmentin 625 mg · Tablet". */
export const drugLabel = (d: Pick<MedicationRecord, 'name' | 'strength' | 'form'>) => [[d.name, d.strength].filter(Boolean).join(' '), d.form].filter(Boolean).join(' · ');

/** Drugs in use whose names match what is typed (the first 30). */
function useDrugsInUse(search: string) {
  const catalogue = useCatalogue({ search, page: 1, limit: 30, isActive: true });
  return { data: catalogue.data?.data, isFetching: catalogue.isFetching, isPlaceholderData: catalogue.isPlaceholderData };
}

/**
 * A drug of the catalogue, searched on the server as the user types (by name, generic name or Arabic name, Arabic
 * letters folded), only drugs in use. The chosen drug's record is told to `onDrug`.
 */
export function DrugPicker<T extends FieldValues>({ control, name, label, onDrug }: { control: FormControl<T>; name: FieldPath<T>; label: string; onDrug?: (drug: MedicationRecord | null) => void }) {
  const { t } = useTranslation();
  return (
    <Controller
      control={control}
      name={name}
      render={(s) => (
        <SearchSelect<MedicationRecord>
          label={label}
          placeholder={t('medicines.form.drugPlaceholder')}
          clearable
          leftSection={<IconPill size={16} stroke={1.6} />}
          debounce={250}
          useSearch={useDrugsInUse}
          labelOf={drugLabel}
          nothingFoundMessage={t('medicines.form.noDrug')}
          value={(s.field.value as string | null) || null}
          onChange={(id, drug) => {
            s.field.onChange(id ?? null);
            onDrug?.(drug);
          }}
          onBlur={s.field.onBlur}
          ref={s.field.ref}
          error={translateMessage(s.fieldState.error?.message)}
          renderRecord={(drug) => (
            <Stack gap={0}>
              <Text size="sm">{drugLabel(drug)}</Text>
              <Group gap={6}>
                <Text size="xs" c="dimmed">{drug.genericName}</Text>
                {drug.nameAr && <Text size="xs" c="dimmed" dir="rtl">{drug.nameAr}</Text>}
              </Group>
            </Stack>
          )}
          data-testid="medication-drug"
        />
      )}
    />
  );
}
