import { SimpleGrid, TextInput } from '@mantine/core';
import { IconUser } from '@tabler/icons-react';
import { Controller, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EMPLOYEE_GENDERS, EMPLOYEE_LANGUAGES, EMPLOYEE_MARITAL_STATUSES, EMPLOYEE_NATIONALITIES, EMPLOYEE_TYPES } from '@clinic/shared';
import { DateField, MultiSelectField, NumberField, SelectField, TextAreaField, TextField } from '@/components/form/fields';
import { FormSection } from '@/components/form/form-section';
import { translateMessage } from '@/lib/http';
import { EmployeeImageField } from './employee-image-field';
import { optionsOf, type EmployeeSectionProps } from './employee-sections-shared';

const STAFF_TYPES = EMPLOYEE_TYPES.filter((type) => type !== 'Doctor' && type !== 'PIC');

interface PersonalProps extends EmployeeSectionProps {
  variant: 'doctor' | 'staff';
  currentImageUrl: string | null;
  imageRemoved: boolean;
  onImageChange: (next: { file: File | null; removed: boolean }) => void;
}

/** Picture, name, type, birth, identity, nationality, family, languages and address. */
export function EmployeePersonalSection({ id, control, variant, currentImageUrl, imageRemoved, onImageChange }: PersonalProps) {
  const { t } = useTranslation();
  const name = useWatch({ control, name: 'name' });
  return (
    <FormSection id={id} icon={<IconUser size={20} />} title={t('people.sections.personal')} description={t('people.sections.personalHint')}>
      <Controller
        control={control}
        name="image"
        render={({ field, fieldState }) => (
          <EmployeeImageField
            name={name}
            currentUrl={currentImageUrl}
            file={field.value}
            removed={imageRemoved}
            error={translateMessage(fieldState.error?.message)}
            onChange={(next) => {
              field.onChange(next.file);
              // Checked at once (type and size), not on the next blur.
              field.onBlur();
              onImageChange(next);
            }}
          />
        )}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextField control={control} name="name" label={t('people.fields.name')} required testId="field-name" />
        {variant === 'staff' ? (
          <SelectField control={control} name="employeeType" label={t('people.fields.employeeType')} required data={STAFF_TYPES.map((v) => ({ value: v, label: t(`common.employeeTypes.${v}`) }))} allowDeselect={false} testId="field-employeeType" />
        ) : (
          <TextInput label={t('people.fields.employeeType')} value={t('common.employeeTypes.Doctor')} readOnly variant="filled" />
        )}
        <DateField control={control} name="dateOfBirth" label={t('people.fields.dateOfBirth')} required past testId="field-dateOfBirth" />
        <SelectField control={control} name="gender" label={t('people.fields.gender')} required data={optionsOf(t, 'genders', EMPLOYEE_GENDERS)} testId="field-gender" />
        <TextField control={control} name="identity" label={t('people.fields.identity')} required testId="field-identity" />
        <SelectField control={control} name="nationality" label={t('people.fields.nationality')} data={optionsOf(t, 'nationalities', EMPLOYEE_NATIONALITIES)} searchable clearable testId="field-nationality" />
        <SelectField control={control} name="marital_status" label={t('people.fields.maritalStatus')} data={optionsOf(t, 'maritalStatuses', EMPLOYEE_MARITAL_STATUSES)} clearable emptyValue={null} />
        <NumberField control={control} name="number_children" label={t('people.fields.numberOfChildren')} />
        <MultiSelectField control={control} name="Languages" label={t('people.fields.languages')} data={optionsOf(t, 'languages', EMPLOYEE_LANGUAGES)} clearable />
      </SimpleGrid>
      <TextAreaField control={control} name="address" label={t('people.fields.address')} required testId="field-address" />
    </FormSection>
  );
}
