import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { clinicInput, type ClinicInput, type ClinicValues, type Plan } from '@clinic/shared';
import { FormActions } from '@/components/form/form-actions';
import { FormMessage } from '@/components/form/form-message';
import { SectionedForm } from '@/components/form/section-nav';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { ContactsSection, FinanceSection, HolidaysSection, LocationSection } from '@/features/organisation';
import { ClinicAboutSection, ClinicGeneralSection, ClinicHoursSection } from './clinic-sections';

export { clinicFormValues, emptyClinic } from './clinic-form-values';

interface ClinicFormProps {
  defaultValues: ClinicInput;
  plan: Plan | null;
  submitLabel: string;
  /** Sends the validated clinic; a rejected ApiError with field messages puts them on the fields. */
  onSubmit: (values: ClinicValues) => Promise<unknown>;
  onCancel?: () => void;
  /** Resets to these values after a successful save (forms inside the wizard stay on the page). */
  resetOnSuccess?: boolean;
  /** The index of sections beside the form (default); the wizard's narrow step leaves it out. */
  sectionIndex?: boolean;
}

export function ClinicForm({ defaultValues, plan, submitLabel, onSubmit, onCancel, resetOnSuccess, sectionIndex = true }: ClinicFormProps) {
  const { t } = useTranslation();
  const { form, serverError, onSubmit: submit } = useSchemaForm<ClinicInput, ClinicValues>({ schema: clinicInput, defaultValues });
  const { control, formState, reset } = form;
  const sections = [
    { id: 'clinic-general', label: t('clinics.form.general') },
    { id: 'clinic-about', label: t('clinics.form.about') },
    { id: 'clinic-hours', label: t('clinics.form.workingHours') },
    { id: 'clinic-holidays-section', label: t('organisation.holidays.title') },
    { id: 'clinic-contacts-section', label: t('organisation.contacts.title') },
    { id: 'clinic-finance', label: t('organisation.finance.title') },
    { id: 'clinic-location-section', label: t('organisation.map.title') },
  ];

  const body = (
    <Stack gap="lg">
      <ClinicGeneralSection id={sections[0]!.id} control={control} plan={plan} />
      <ClinicAboutSection id={sections[1]!.id} control={control} />
      <ClinicHoursSection id={sections[2]!.id} control={control} />
      <HolidaysSection id={sections[3]!.id} control={control} prefix="clinic" description={t('clinics.form.holidaysHint')} />
      <ContactsSection id={sections[4]!.id} control={control} prefix="clinic" />
      <FinanceSection id={sections[5]!.id} control={control} prefix="clinic" full />
      <LocationSection id={sections[6]!.id} control={control} prefix="clinic" name="locationGoogl" />
      <FormMessage message={serverError} />
      <FormActions submitLabel={submitLabel} pending={formState.isSubmitting} onCancel={onCancel} submitTestId="clinic-submit" />
    </Stack>
  );

  return (
    <form
      onSubmit={submit(async (values) => {
        await onSubmit(values);
        if (resetOnSuccess) reset(defaultValues);
      })}
      noValidate
      data-testid="clinic-form"
    >
      {sectionIndex ? <SectionedForm sections={sections}>{body}</SectionedForm> : body}
    </form>
  );
}
