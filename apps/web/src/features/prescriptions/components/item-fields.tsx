import { useEffect } from 'react';
import { ActionIcon, Card, Group, SimpleGrid, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { computeQuantity, isFrequencyCode, type PrescriptionCreate } from '@clinic/shared';
import { NumberField, SelectField, TextField } from '@/components/form/fields';
import { DrugPicker, useMedicationOptions } from '@/features/medications';
import type { PrescriptionFormValues } from './prescription-form-values';

/** One drug of the prescription: the drug, dose and unit, route, frequency, days, quantity (worked out), instructions. */
export function ItemFields({ form, index, onRemove }: { form: UseFormReturn<PrescriptionFormValues, unknown, PrescriptionCreate>; index: number; onRemove?: () => void }) {
  const { t } = useTranslation();
  const options = useMedicationOptions();
  const label = (key: string) => t(`prescriptions.form.${key}`);
  const [dose, frequency, durationDays] = useWatch({ control: form.control, name: [`items.${index}.dose`, `items.${index}.frequency`, `items.${index}.durationDays`] });
  // The quantity follows dose x doses a day x days until the prescriber types one (never guessed for PRN or STAT).
  useEffect(() => {
    if (form.getFieldState(`items.${index}.quantity`).isDirty || typeof dose !== 'number' || typeof durationDays !== 'number' || !isFrequencyCode(frequency)) return;
    const q = computeQuantity({ dose, frequency, duration: { value: durationDays, unit: 'days' } });
    form.setValue(`items.${index}.quantity`, q.ok ? q.quantity : '');
  }, [dose, frequency, durationDays, form, index]);
  return (
    <Card withBorder padding="sm" data-testid="rx-item">
      <Group justify="space-between" mb={4}>
        <Text fw={600} size="sm">{t('prescriptions.form.item', { n: index + 1 })}</Text>
        {onRemove && <ActionIcon variant="subtle" color="red" onClick={onRemove} aria-label={label('remove')}><IconTrash size={16} /></ActionIcon>}
      </Group>
      <DrugPicker control={form.control} name={`items.${index}.medication`} label={label('drug')} />
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm" mt="xs">
        <NumberField control={form.control} name={`items.${index}.dose`} label={label('dose')} allowDecimal decimalScale={3} min={0} required testId="rx-dose" />
        <SelectField control={form.control} name={`items.${index}.unit`} label={label('unit')} data={options.units} emptyValue={null} searchable required testId="rx-unit" />
        <SelectField control={form.control} name={`items.${index}.route`} label={label('route')} data={options.routes} emptyValue={null} required testId="rx-route" />
        <SelectField control={form.control} name={`items.${index}.frequency`} label={label('frequency')} data={options.frequencies} emptyValue={null} searchable required testId="rx-frequency" />
        <NumberField control={form.control} name={`items.${index}.durationDays`} label={label('durationDays')} min={1} max={366} required testId="rx-duration" />
        <NumberField control={form.control} name={`items.${index}.quantity`} label={label('quantity')} min={1} required testId="rx-quantity" />
      </SimpleGrid>
      <TextField control={form.control} name={`items.${index}.instructions`} label={label('instructions')} maxLength={500} mt="xs" testId="rx-instructions" />
    </Card>
  );
}
