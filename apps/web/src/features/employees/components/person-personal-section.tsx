import type { ReactNode } from 'react';
import { SimpleGrid, TextInput } from '@mantine/core';
import { IconUser } from '@tabler/icons-react';
import { Controller, useWatch, type FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { EMPLOYEE_GENDERS, EMPLOYEE_LANGUAGES, EMPLOYEE_MARITAL_STATUSES, EMPLOYEE_NATIONALITIES, EMPLOYEE_TYPES } from '@clinic/shared';
import { DateField, MultiSelectField, NumberField, SelectField, TextAreaField, TextField } from '@/components/form/fields';
import { translateMessage } from '@/lib/http';
import type { EmployeeFormValues } from './person-form-values';
import { EmployeeImageField } from './employee-image-field';
import { SectionFrame, lockedProps, optionsOf, type FieldSpec, type PersonSectionProps } from './person-sections-shared';

const STAFF_TYPES = EMPLOYEE_TYPES.filter((type) => type !== 'Doctor' && type !== 'PIC');

/** The personal fields of a form: the same in both but for the name's path and a few labels, test ids and marks. */
export interface PersonalFields<T extends FieldValues> {
  image: FieldSpec<T> & { accept?: string; hint?: string };
  name: FieldSpec<T>;
  gender: FieldSpec<T>;
  dateOfBirth: FieldSpec<T>;
  identity: FieldSpec<T>;
  nationality: FieldSpec<T>;
  maritalStatus: FieldSpec<T>;
  numberOfChildren: FieldSpec<T>;
}

interface PersonalProps<T extends FieldValues> extends PersonSectionProps<T> {
  fields: PersonalFields<T>;
  currentImageUrl: string | null;
  imageRemoved: boolean;
  onImageChange: (next: { file: File | null; removed: boolean }) => void;
  /** The staff form's type select, after the name. */
  typeField?: ReactNode;
  /** More fields in the grid, and below it. */
  more?: ReactNode;
  after?: ReactNode;
}

/** Picture, name, birth, gender, identity, nationality and family. */
export function PersonalSection<T extends FieldValues>({ id, control, fields: f, currentImageUrl, imageRemoved, onImageChange, typeField, more, after }: PersonalProps<T>) {
  const { t } = useTranslation();
  const name = useWatch({ control, name: f.name.name }) as string;
  const label = (spec: FieldSpec<T>, fallback: string) => t(spec.label ?? `people.fields.${fallback}`);
  // A required select has no clear button.
  const clearable = (spec: FieldSpec<T>) => !spec.required;
  return (
    <SectionFrame id={id} icon={<IconUser size={20} />} title={t('people.sections.personal')} description={t('people.sections.personalHint')}>
      <Controller
        control={control}
        name={f.image.name}
        render={({ field, fieldState }) => (
          <EmployeeImageField
            name={name}
            currentUrl={currentImageUrl}
            file={field.value as File | null}
            removed={imageRemoved}
            error={translateMessage(fieldState.error?.message)}
            accept={f.image.accept}
            hint={f.image.hint && t(f.image.hint)}
            testId={f.image.testId}
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
        <TextField control={control} name={f.name.name} label={label(f.name, 'name')} required testId={f.name.testId} />
        {typeField}
        <DateField control={control} name={f.dateOfBirth.name} label={label(f.dateOfBirth, 'dateOfBirth')} required past testId={f.dateOfBirth.testId} />
        <SelectField control={control} name={f.gender.name} label={label(f.gender, 'gender')} required data={optionsOf(t, 'genders', EMPLOYEE_GENDERS)} testId={f.gender.testId} />
        <TextField control={control} name={f.identity.name} label={label(f.identity, 'identity')} required {...lockedProps(f.identity.readOnly)} testId={f.identity.testId} />
        <SelectField control={control} name={f.nationality.name} label={label(f.nationality, 'nationality')} required={f.nationality.required} data={optionsOf(t, 'nationalities', EMPLOYEE_NATIONALITIES)} searchable clearable={clearable(f.nationality)} testId={f.nationality.testId} />
        <SelectField control={control} name={f.maritalStatus.name} label={label(f.maritalStatus, 'maritalStatus')} required={f.maritalStatus.required} data={optionsOf(t, 'maritalStatuses', EMPLOYEE_MARITAL_STATUSES)} clearable={clearable(f.maritalStatus)} emptyValue={f.maritalStatus.required ? undefined : null} testId={f.maritalStatus.testId} />
        <NumberField control={control} name={f.numberOfChildren.name} label={label(f.numberOfChildren, 'numberOfChildren')} />
        {more}
      </SimpleGrid>
      {after}
    </SectionFrame>
  );
}

/** The staff form's type: a select of staff types, or Doctor fixed on the doctors' form. */
export function EmployeeTypeField({ control, variant }: { control: PersonSectionProps<EmployeeFormValues>['control']; variant: 'doctor' | 'staff' }) {
  const { t } = useTranslation();
  return variant === 'staff' ? (
    <SelectField control={control} name="employeeType" label={t('people.fields.employeeType')} required data={STAFF_TYPES.map((v) => ({ value: v, label: t(`common.employeeTypes.${v}`) }))} allowDeselect={false} testId="field-employeeType" />
  ) : (
    <TextInput label={t('people.fields.employeeType')} value={t('common.employeeTypes.Doctor')} readOnly variant="filled" />
  );
}

/** The staff form's spoken languages. */
export function EmployeeLanguagesField({ control }: { control: PersonSectionProps<EmployeeFormValues>['control'] }) {
  const { t } = useTranslation();
  return <MultiSelectField control={control} name="Languages" label={t('people.fields.languages')} data={optionsOf(t, 'languages', EMPLOYEE_LANGUAGES)} clearable />;
}

/** The staff form's address in one text (the account form keeps it in parts, with its contacts). */
export function EmployeeAddressField({ control }: { control: PersonSectionProps<EmployeeFormValues>['control'] }) {
  const { t } = useTranslation();
  return <TextAreaField control={control} name="address" label={t('people.fields.address')} required testId="field-address" />;
}
