import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, MultiSelect, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { specializationCreateInput, type SpecializationCreate } from '@clinic/shared';
import { translateMessage } from '@/lib/http';
import { submitWithFieldErrors } from '@/components/form/submit-with-field-errors';
import type { StaffOption } from '../api/get-staff-options';

export interface SpecialityFormValues {
  name: string;
  description: string;
  requiredEquipment: string;
  requiredStaff: string[];
  medicalProcedures: string;
  certificationRequirements: string;
  isActive: boolean;
}

export const emptySpecialityForm: SpecialityFormValues = {
  name: '', description: '', requiredEquipment: '', requiredStaff: [], medicalProcedures: '', certificationRequirements: '', isActive: true,
};

const resolver = zodResolver(specializationCreateInput) as unknown as Resolver<SpecialityFormValues, unknown, SpecializationCreate>;

interface SpecialityFormProps {
  defaultValues: SpecialityFormValues;
  staff: readonly StaffOption[];
  submitLabel: string;
  onSubmit: (values: SpecializationCreate) => Promise<unknown>;
  onCancel: () => void;
}

/** Name, description, equipment, required staff, procedures and certification; validated on blur and change. */
export function SpecialityForm({ defaultValues, staff, submitLabel, onSubmit, onCancel }: SpecialityFormProps) {
  const { t } = useTranslation();
  const { control, register, handleSubmit, setError, formState: { errors, isSubmitting } } = useForm<SpecialityFormValues, unknown, SpecializationCreate>({
    resolver,
    defaultValues,
    mode: 'all',
  });
  const err = (key: keyof SpecialityFormValues) => translateMessage(errors[key]?.message);
  const groups = new Map<string, Array<{ value: string; label: string }>>();
  for (const s of staff) {
    const group = t(`common.employeeTypes.${s.employeeType}`, { defaultValue: s.employeeType });
    groups.set(group, [...(groups.get(group) ?? []), { value: s._id, label: s.jobTitle ? `${s.name} · ${s.jobTitle}` : s.name }]);
  }
  const staffData = [...groups.entries()].map(([group, items]) => ({ group, items }));

  const submit = submitWithFieldErrors(handleSubmit, setError, onSubmit);

  return (
    <form onSubmit={submit} noValidate data-testid="speciality-form">
      <Stack gap="md">
        <TextInput label={t('specialities.form.name')} placeholder={t('specialities.form.namePlaceholder')} withAsterisk {...register('name')} error={err('name')} data-testid="speciality-name" />
        <Textarea
          label={t('specialities.form.description')}
          placeholder={t('specialities.form.descriptionPlaceholder')}
          withAsterisk
          autosize
          minRows={3}
          {...register('description')}
          error={err('description')}
          data-testid="speciality-description"
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Textarea label={t('specialities.form.equipment')} placeholder={t('specialities.form.equipmentPlaceholder')} withAsterisk autosize minRows={2} {...register('requiredEquipment')} error={err('requiredEquipment')} data-testid="speciality-equipment" />
          <Textarea label={t('specialities.form.procedures')} placeholder={t('specialities.form.proceduresPlaceholder')} withAsterisk autosize minRows={2} {...register('medicalProcedures')} error={err('medicalProcedures')} data-testid="speciality-procedures" />
        </SimpleGrid>
        <Textarea label={t('specialities.form.certification')} placeholder={t('specialities.form.certificationPlaceholder')} withAsterisk autosize minRows={2} {...register('certificationRequirements')} error={err('certificationRequirements')} data-testid="speciality-certification" />
        <Controller
          control={control}
          name="requiredStaff"
          render={({ field }) => (
            <MultiSelect
              label={t('specialities.form.staff')}
              placeholder={field.value.length ? undefined : t('specialities.form.staffPlaceholder')}
              data={staffData}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              withAsterisk
              searchable
              clearable
              hidePickedOptions
              nothingFoundMessage={t('specialities.form.noStaff')}
              error={err('requiredStaff')}
              comboboxProps={{ withinPortal: true }}
              data-testid="speciality-staff"
            />
          )}
        />
        <Controller
          control={control}
          name="isActive"
          render={({ field }) => (
            <Switch label={t('specialities.form.isActive')} checked={field.value} onChange={(e) => field.onChange(e.currentTarget.checked)} data-testid="speciality-active" />
          )}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={isSubmitting}>
            {t('common.actions.cancel')}
          </Button>
          <Button type="submit" loading={isSubmitting} leftSection={<IconDeviceFloppy size={16} />} data-testid="speciality-submit">
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
