import { useState } from 'react';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { employeeFormSchema } from '@clinic/shared';
import { FormActions } from '@/components/form/form-actions';
import { FormMessage } from '@/components/form/form-message';
import { SectionedForm } from '@/components/form/section-nav';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { EmployeeContactsSection } from './employee-contacts-section';
import type { EmployeeFormOutput, EmployeeFormValues } from './person-form-values';
import { EmployeeAddressField, EmployeeLanguagesField, EmployeeTypeField, PersonalSection, type PersonalFields } from './person-personal-section';
import { EmployeeBreaksSection, EmployeeVacationsSection, HoursSection, SHIFT_ROWS } from './person-schedule-sections';
import { EmployeeDoctorFields, EmployeeExperienceFields, ProfessionalSection, WorkPlacesSection, type JobFields, type WorkPlaceFields } from './person-work-sections';

type Fields = PersonalFields<EmployeeFormValues> & JobFields<EmployeeFormValues> & WorkPlaceFields<EmployeeFormValues>;

/** The staff form's names of the fields it shares with the account form. */
const FIELDS: Fields = {
  image: { name: 'image' },
  name: { name: 'name', testId: 'field-name' },
  gender: { name: 'gender', testId: 'field-gender' },
  dateOfBirth: { name: 'dateOfBirth', testId: 'field-dateOfBirth' },
  identity: { name: 'identity', testId: 'field-identity' },
  nationality: { name: 'nationality', testId: 'field-nationality' },
  maritalStatus: { name: 'marital_status' },
  numberOfChildren: { name: 'number_children' },
  employeeType: { name: 'employeeType' },
  jobTitle: { name: 'jobTitle', testId: 'field-jobTitle' },
  jobType: { name: 'jobType' },
  hireDate: { name: 'hireDate', testId: 'field-hireDate' },
  clinics: { name: 'clinics', testId: 'field-clinics' },
  specializations: { name: 'specializations' },
  departmentId: { name: 'departmentId' },
  clinicCollectionId: { name: 'clinicCollectionId' },
};

interface EmployeeFormProps {
  /** Doctors' form has the type fixed to Doctor. */
  variant: 'doctor' | 'staff';
  defaultValues: EmployeeFormValues;
  currentImageUrl?: string | null;
  submitLabel: string;
  /** Sends the validated form; a rejected ApiError with fields puts its messages on the fields. */
  onSubmit: (values: EmployeeFormOutput, image: { file: File | null; remove: boolean }) => Promise<unknown>;
  onCancel: () => void;
}

/** The staff and doctor form: every field and rule of spec 000 section 5, with an index of its sections. */
export function EmployeeForm({ variant, defaultValues, currentImageUrl = null, submitLabel, onSubmit, onCancel }: EmployeeFormProps) {
  const { t } = useTranslation();
  const [removeImage, setRemoveImage] = useState(false);
  const { form, serverError, onSubmit: submit } = useSchemaForm<EmployeeFormValues, EmployeeFormOutput>({ schema: employeeFormSchema, defaultValues });
  const { control, formState } = form;
  const sections = [
    { id: 'employee-personal', label: t('people.sections.personal') },
    { id: 'employee-contacts', label: t('people.sections.contacts') },
    { id: 'employee-professional', label: t('people.sections.professional') },
    { id: 'employee-work-places', label: t('people.sections.workPlaces') },
    { id: 'employee-hours', label: t('people.sections.workingHours') },
    { id: 'employee-breaks', label: t('people.sections.breakTimes') },
    { id: 'employee-vacations', label: t('people.sections.vacations') },
  ];

  return (
    <form onSubmit={(e) => void submit((values) => onSubmit(values, { file: form.getValues('image'), remove: removeImage }))(e)} noValidate data-testid="employee-form">
      <SectionedForm sections={sections}>
        <Stack gap="lg">
          <PersonalSection
            id={sections[0]!.id}
            control={control}
            fields={FIELDS}
            currentImageUrl={currentImageUrl}
            imageRemoved={removeImage}
            onImageChange={(next) => setRemoveImage(next.removed)}
            typeField={<EmployeeTypeField control={control} variant={variant} />}
            more={<EmployeeLanguagesField control={control} />}
            after={<EmployeeAddressField control={control} />}
          />
          <EmployeeContactsSection id={sections[1]!.id} control={control} />
          <ProfessionalSection
            id={sections[2]!.id}
            control={control}
            fields={FIELDS}
            more={(isDoctor) => isDoctor && <EmployeeDoctorFields control={control} />}
            after={(isDoctor) => <EmployeeExperienceFields control={control} isDoctor={isDoctor} />}
          />
          <WorkPlacesSection id={sections[3]!.id} control={control} fields={FIELDS} />
          <HoursSection id={sections[4]!.id} control={control} name="workingHours" format={SHIFT_ROWS} />
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
            <EmployeeBreaksSection id={sections[5]!.id} control={control} />
            <EmployeeVacationsSection id={sections[6]!.id} control={control} />
          </SimpleGrid>
          <FormMessage message={serverError} />
          {Object.keys(formState.errors).length > 0 && formState.isSubmitted && (
            <Text c="red" size="sm" role="alert">
              {t('people.form.fixErrors')}
            </Text>
          )}
          <FormActions submitLabel={submitLabel} pending={formState.isSubmitting} onCancel={onCancel} submitTestId="employee-submit" />
        </Stack>
      </SectionedForm>
    </form>
  );
}
