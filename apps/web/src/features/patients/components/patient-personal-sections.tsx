import { SimpleGrid } from '@mantine/core';
import { IconAddressBook, IconUser } from '@tabler/icons-react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { PATIENT_GENDERS, PATIENT_LANGUAGES, PATIENT_MARITAL_STATUSES, PATIENT_NAME_MAX, PATIENT_NATIONALITIES } from '@clinic/shared';
import { DateField, MultiSelectField, NumberField, PhoneField, SelectField, SwitchField, TextAreaField, TextField, type FormControl } from '@/components/form/fields';
import { FormSection } from '@/components/form/form-section';
import type { PatientImageChange } from '../api/patient-form-data';
import type { PatientFormValues } from './patient-form-values';
import { PatientPhotoField } from './patient-photo-field';

interface SectionProps {
  control: FormControl<PatientFormValues>;
}

/** Option lists written in the interface language. */
export function useOptions() {
  const { t } = useTranslation();
  return <T extends string>(values: readonly T[], prefix?: string) => values.map((value) => ({ value, label: prefix ? t(`${prefix}.${value}`) : value }));
}

interface PersonalProps extends SectionProps {
  mode: 'add' | 'edit';
  currentImage: string | null;
  image: PatientImageChange;
  onImageChange: (image: PatientImageChange) => void;
  imageError: string | null;
}

/** Photo, identity, birth, family, occupation, evaluation and languages (and the status when editing). */
export function PatientPersonalSection({ control, mode, currentImage, image, onImageChange, imageError }: PersonalProps) {
  const { t } = useTranslation();
  const label = (key: string) => t(`patients.form.fields.${key}`);
  const options = useOptions();
  const name = useWatch({ control, name: 'name' });
  const languages = useWatch({ control, name: 'languages' });
  return (
    <FormSection icon={<IconUser size={20} />} title={t('patients.form.sections.personal')} description={t('patients.form.sections.personalHint')}>
      <PatientPhotoField currentUrl={currentImage} name={name} value={image} onChange={onImageChange} error={imageError} />
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="md">
        <TextField control={control} name="name" label={label('name')} placeholder={label('namePlaceholder')} required maxLength={PATIENT_NAME_MAX + 10} autoComplete="off" />
        <TextField control={control} name="identity" label={label('identity')} placeholder={label('identityPlaceholder')} required maxLength={30} autoComplete="off" />
        <DateField control={control} name="dateOfBirth" label={label('dateOfBirth')} placeholder={label('dateOfBirthPlaceholder')} required past emptyValue={null} testId="patient-dob" />
        <SelectField control={control} name="gender" label={label('gender')} required data={options(PATIENT_GENDERS, 'patients.genders')} emptyValue={null} />
        <SelectField control={control} name="nationality" label={label('nationality')} placeholder={label('nationalityPlaceholder')} required searchable nothingFoundMessage="—" data={options(PATIENT_NATIONALITIES, 'patients.nationalities')} emptyValue={null} />
        <SelectField control={control} name="marital_status" label={label('maritalStatus')} required data={options(PATIENT_MARITAL_STATUSES, 'patients.marital')} emptyValue={null} />
        <NumberField control={control} name="number_children" label={label('numberChildren')} min={0} max={30} clampBehavior="none" />
        <TextField control={control} name="professiona_experi" label={label('occupation')} placeholder={label('occupationPlaceholder')} required maxLength={200} />
        <NumberField control={control} name="evaluation" label={label('evaluation')} placeholder={label('evaluationPlaceholder')} min={0} max={5} step={1} allowDecimal clampBehavior="none" />
        <MultiSelectField control={control} name="languages" label={label('languages')} placeholder={languages.length ? undefined : label('languagesPlaceholder')} data={options(PATIENT_LANGUAGES, 'patients.languages')} />
        <SelectField control={control} name="preferredLanguage" label={label('preferredLanguage')} clearable data={options(PATIENT_LANGUAGES, 'patients.languages')} emptyValue={null} />
      </SimpleGrid>
      {mode === 'edit' && <SwitchField control={control} name="isActive" label={label('status')} description={label('statusHint')} />}
    </FormSection>
  );
}

export function PatientContactSection({ control }: SectionProps) {
  const { t } = useTranslation();
  const label = (key: string) => t(`patients.form.fields.${key}`);
  return (
    <FormSection icon={<IconAddressBook size={20} />} title={t('patients.form.sections.contact')} description={t('patients.form.sections.contactHint')}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
        <PhoneField control={control} name="phone" label={label('phone')} placeholder={label('phonePlaceholder')} required maxLength={25} />
        <TextField control={control} name="email" label={label('email')} placeholder={label('emailPlaceholder')} type="email" autoComplete="off" maxLength={120} />
      </SimpleGrid>
      <TextAreaField control={control} name="address" label={label('address')} placeholder={label('addressPlaceholder')} required maxLength={200} maxRows={undefined} />
    </FormSection>
  );
}
