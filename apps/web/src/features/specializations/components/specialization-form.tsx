import { SimpleGrid, Stack } from '@mantine/core';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { specializationCreateInput, type SpecializationCreate } from '@clinic/shared';
import { FormActions } from '@/components/form/form-actions';
import { MultiSelectField, SwitchField, TextAreaField, TextField } from '@/components/form/fields';
import { submitWithFieldErrors } from '@/components/form/submit-with-field-errors';
import { useSchemaForm } from '@/components/form/use-schema-form';
import type { StaffOption } from '../api/get-staff-options';

export interface SpecializationFormValues {
  name: string;
  description: string;
  requiredEquipment: string;
  requiredStaff: string[];
  medicalProcedures: string;
  certificationRequirements: string;
  isActive: boolean;
}

export const emptySpecializationForm: SpecializationFormValues = {
  name: '', description: '', requiredEquipment: '', requiredStaff: [], medicalProcedures: '', certificationRequirements: '', isActive: true,
};

interface SpecializationFormProps {
  defaultValues: SpecializationFormValues;
  staff: readonly StaffOption[];
  submitLabel: string;
  onSubmit: (values: SpecializationCreate) => Promise<unknown>;
  onCancel: () => void;
}

/** Name, description, equipment, required staff, procedures and certification; validated on blur and change. */
export function SpecializationForm({ defaultValues, staff, submitLabel, onSubmit, onCancel }: SpecializationFormProps) {
  const { t } = useTranslation();
  const { form } = useSchemaForm<SpecializationFormValues, SpecializationCreate>({ schema: specializationCreateInput, defaultValues, mode: 'all' });
  const { control, handleSubmit, setError, formState: { isSubmitting } } = form;
  const requiredStaff = useWatch({ control, name: 'requiredStaff' });
  const groups = new Map<string, Array<{ value: string; label: string }>>();
  for (const s of staff) {
    const group = t(`common.employeeTypes.${s.employeeType}`, { defaultValue: s.employeeType });
    groups.set(group, [...(groups.get(group) ?? []), { value: s._id, label: s.jobTitle ? `${s.name} · ${s.jobTitle}` : s.name }]);
  }
  const staffData = [...groups.entries()].map(([group, items]) => ({ group, items }));

  const submit = submitWithFieldErrors(handleSubmit, setError, onSubmit);

  const field = { control, required: true } as const;

  return (
    <form onSubmit={submit} noValidate data-testid="speciality-form">
      <Stack gap="md">
        <TextField {...field} name="name" label={t('specialities.form.name')} placeholder={t('specialities.form.namePlaceholder')} testId="speciality-name" />
        <TextAreaField {...field} name="description" label={t('specialities.form.description')} placeholder={t('specialities.form.descriptionPlaceholder')} minRows={3} testId="speciality-description" />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextAreaField {...field} name="requiredEquipment" label={t('specialities.form.equipment')} placeholder={t('specialities.form.equipmentPlaceholder')} testId="speciality-equipment" />
          <TextAreaField {...field} name="medicalProcedures" label={t('specialities.form.procedures')} placeholder={t('specialities.form.proceduresPlaceholder')} testId="speciality-procedures" />
        </SimpleGrid>
        <TextAreaField {...field} name="certificationRequirements" label={t('specialities.form.certification')} placeholder={t('specialities.form.certificationPlaceholder')} testId="speciality-certification" />
        <MultiSelectField
          {...field}
          name="requiredStaff"
          label={t('specialities.form.staff')}
          placeholder={requiredStaff.length ? undefined : t('specialities.form.staffPlaceholder')}
          data={staffData}
          searchable
          clearable
          hidePickedOptions
          nothingFoundMessage={t('specialities.form.noStaff')}
          testId="speciality-staff"
        />
        <SwitchField control={control} name="isActive" label={t('specialities.form.isActive')} testId="speciality-active" />
        <FormActions submitLabel={submitLabel} pending={isSubmitting} onCancel={onCancel} submitTestId="speciality-submit" sticky={false} />
      </Stack>
    </form>
  );
}
