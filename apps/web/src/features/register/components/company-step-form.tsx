import { Stack, Text } from '@mantine/core';
import { IconBuilding } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { registrationCompanyInput, type RegistrationCompanyInput, type RegistrationCompanyValues } from '@clinic/shared';
import { TextField } from '@/components/form/fields';
import { FormActions } from '@/components/form/form-actions';
import { FormMessage } from '@/components/form/form-message';
import { FormSection } from '@/components/form/form-section';
import { useSchemaForm } from '@/components/form/use-schema-form';

/** The wizard's company step: the name only; the details, record and location are completed later in Company info. */
export function CompanyStepForm({ onSubmit }: { onSubmit: (values: RegistrationCompanyValues) => Promise<unknown> }) {
  const { t } = useTranslation();
  const { form, serverError, onSubmit: submit } = useSchemaForm<RegistrationCompanyInput, RegistrationCompanyValues>({
    schema: registrationCompanyInput,
    defaultValues: { name: '' },
  });
  return (
    <form onSubmit={submit(onSubmit)} noValidate data-testid="company-form">
      <Stack gap="lg" maw={640}>
        <FormSection icon={<IconBuilding size={20} />} title={t('company.form.information')}>
          <TextField control={form.control} name="name" label={t('company.form.name')} required autoComplete="organization" testId="company-name" />
          <Text size="sm" c="dimmed">
            {t('register.companyLater')}
          </Text>
        </FormSection>
        <FormMessage message={serverError} />
        <FormActions submitLabel={t('register.createCompany')} pending={form.formState.isSubmitting} sticky={false} submitTestId="company-submit" />
      </Stack>
    </form>
  );
}
