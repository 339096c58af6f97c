import type { ReactNode } from 'react';
import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { companyInput, type CompanyInput, type CompanyValues } from '@clinic/shared';
import { FormActions } from '@/components/form/form-actions';
import { FormMessage } from '@/components/form/form-message';
import { SectionedForm } from '@/components/form/section-nav';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { ContactsSection, FinanceSection, HolidaysSection, LocationSection } from '@/features/organisation';
import { CommercialRecordSection, CompanyInfoSection, CompanySpecializationsSection } from './company-sections';

export { companyFormValues, emptyCompany } from './company-form-values';

interface CompanyFormProps {
  defaultValues: CompanyInput;
  submitLabel: string;
  onSubmit: (values: CompanyValues) => Promise<unknown>;
  onCancel?: () => void;
  /** Shown at the top of the first section (the logo upload on the edit page). */
  logo?: ReactNode;
}

/** Company information, commercial record, the edit tables and the map location, with an index of its sections. */
export function CompanyForm({ defaultValues, submitLabel, onSubmit, onCancel, logo }: CompanyFormProps) {
  const { t } = useTranslation();
  const { form, serverError, onSubmit: submit } = useSchemaForm<CompanyInput, CompanyValues>({ schema: companyInput, defaultValues });
  const { control, formState } = form;
  const sections = [
    { id: 'company-information', label: t('company.form.information') },
    { id: 'company-record', label: t('company.form.commercialRecord') },
    { id: 'company-contacts-section', label: t('organisation.contacts.title') },
    { id: 'company-holidays-section', label: t('organisation.holidays.title') },
    { id: 'company-specializations-section', label: t('organisation.specializationsTable.title') },
    { id: 'company-finance', label: t('organisation.finance.title') },
    { id: 'company-location-section', label: t('organisation.map.title') },
  ];

  return (
    <form onSubmit={submit(onSubmit)} noValidate data-testid="company-form">
      <SectionedForm sections={sections}>
        <Stack gap="lg">
          <CompanyInfoSection id={sections[0]!.id} control={control} logo={logo} />
          <CommercialRecordSection id={sections[1]!.id} control={control} />
          <ContactsSection id={sections[2]!.id} control={control} prefix="company" description={t('company.form.contactsHint')} person />
          <HolidaysSection id={sections[3]!.id} control={control} prefix="company" />
          <CompanySpecializationsSection id={sections[4]!.id} control={control} />
          <FinanceSection id={sections[5]!.id} control={control} prefix="company" />
          <LocationSection id={sections[6]!.id} control={control} prefix="company" name="locationGoogle" />
          <FormMessage message={serverError} />
          <FormActions submitLabel={submitLabel} pending={formState.isSubmitting} onCancel={onCancel} submitTestId="company-submit" />
        </Stack>
      </SectionedForm>
    </form>
  );
}
