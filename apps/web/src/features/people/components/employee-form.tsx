import { useState } from 'react';
import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { employeeFormSchema } from '@clinic/shared';
import { FormActions } from '@/components/form/form-actions';
import { FormMessage } from '@/components/form/form-message';
import { SectionedForm } from '@/components/form/section-nav';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { EmployeeContactsSection } from './employee-contacts-section';
import type { EmployeeFormValues } from './employee-form-values';
import { EmployeePersonalSection } from './employee-personal-section';
import { EmployeeBreaksSection, EmployeeHoursSection, EmployeeVacationsSection } from './employee-schedule-sections';
import { EmployeeProfessionalSection, EmployeeWorkPlacesSection } from './employee-work-sections';

interface EmployeeFormProps {
  /** Doctors' form has the type fixed to Doctor. */
  variant: 'doctor' | 'staff';
  defaultValues: EmployeeFormValues;
  currentImageUrl?: string | null;
  submitLabel: string;
  /** Sends the validated form; a rejected ApiError with fields puts its messages on the fields. */
  onSubmit: (values: EmployeeFormValues, image: { file: File | null; remove: boolean }) => Promise<unknown>;
  onCancel: () => void;
}

/** The staff and doctor form: every field and rule of spec 000 section 5, with an index of its sections. */
export function EmployeeForm({ variant, defaultValues, currentImageUrl = null, submitLabel, onSubmit, onCancel }: EmployeeFormProps) {
  const { t } = useTranslation();
  const [removeImage, setRemoveImage] = useState(false);
  const { form, serverError, onSubmit: submit } = useSchemaForm<EmployeeFormValues>({ schema: employeeFormSchema, defaultValues });
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
    <form onSubmit={(e) => void submit((values) => onSubmit(values, { file: values.image, remove: removeImage }))(e)} noValidate data-testid="employee-form">
      <SectionedForm sections={sections}>
        <Stack gap="lg">
          <EmployeePersonalSection id={sections[0]!.id} control={control} variant={variant} currentImageUrl={currentImageUrl} imageRemoved={removeImage} onImageChange={(next) => setRemoveImage(next.removed)} />
          <EmployeeContactsSection id={sections[1]!.id} control={control} />
          <EmployeeProfessionalSection id={sections[2]!.id} control={control} />
          <EmployeeWorkPlacesSection id={sections[3]!.id} control={control} />
          <EmployeeHoursSection id={sections[4]!.id} control={control} />
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
