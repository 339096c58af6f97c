import type { ReactNode } from 'react';
import { SimpleGrid } from '@mantine/core';
import { IconBuilding, IconCertificate, IconStethoscope } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { HIJRI_MODES, type CompanyInput } from '@clinic/shared';
import { DateField, SelectField, TextAreaField, TextField, type FormControl } from '@/components/form/fields';
import { FormSection } from '@/components/form/form-section';
import { EditableTable } from '@/components/form/editable-table';
import { newSpecialization, specializationColumns } from '@/features/organisation';

interface SectionProps {
  id: string;
  control: FormControl<CompanyInput>;
}

/** Name, establishment, address, vision, goals, overview and the people behind the company. */
export function CompanyInfoSection({ id, control, logo }: SectionProps & { logo?: ReactNode }) {
  const { t } = useTranslation();
  const f = (key: string) => t(`organisation.fields.${key}`);
  return (
    <FormSection id={id} icon={<IconBuilding size={20} />} title={t('company.form.information')} description={t('company.form.informationHint')}>
      {logo}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <TextField control={control} name="name" label={t('company.form.name')} required testId="company-name" />
        <DateField control={control} name="yearOfEstablishment" label={f('yearOfEstablishment')} required past testId="company-established" />
      </SimpleGrid>
      <TextField control={control} name="address" label={f('address')} required testId="company-address" />
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        <TextAreaField control={control} name="vision" label={f('vision')} required testId="company-vision" />
        <TextAreaField control={control} name="goals" label={f('goals')} required testId="company-goals" />
        <TextAreaField control={control} name="overview" label={f('overview')} required testId="company-overview" />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        <TextField control={control} name="Founder" label={t('company.form.founder')} testId="company-founder" />
        <TextField control={control} name="Key_member" label={t('company.form.keyMember')} testId="company-key-member" />
        <TextField control={control} name="Executives" label={t('company.form.executives')} testId="company-executives" />
      </SimpleGrid>
      <SelectField
        control={control}
        name="hijriMode"
        label={t('display.hijriMode.companyLabel')}
        description={t('display.hijriMode.companyHint')}
        allowDeselect={false}
        data={HIJRI_MODES.map((mode) => ({ value: mode, label: t(`display.hijriMode.${mode}`) }))}
        testId="company-hijri-mode"
      />
    </FormSection>
  );
}

export function CommercialRecordSection({ id, control }: SectionProps) {
  const { t } = useTranslation();
  return (
    <FormSection id={id} icon={<IconCertificate size={20} />} title={t('company.form.commercialRecord')} description={t('company.form.commercialRecordHint')}>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
        <TextField control={control} name="commercialRecord.recordNumber" label={t('company.record.recordNumber')} required testId="company-record-number" />
        <TextField control={control} name="commercialRecord.taxNumber" label={t('company.record.taxNumber')} required testId="company-tax-number" />
        <DateField control={control} name="commercialRecord.grantDate" label={t('company.record.grantDate')} required testId="company-grant-date" />
        <DateField control={control} name="commercialRecord.issueDate" label={t('company.record.issueDate')} required testId="company-issue-date" />
        <DateField control={control} name="commercialRecord.expirationDate" label={t('company.record.expirationDate')} required testId="company-expiration-date" />
      </SimpleGrid>
    </FormSection>
  );
}

export function CompanySpecializationsSection({ id, control }: SectionProps) {
  const { t } = useTranslation();
  return (
    <FormSection id={id} icon={<IconStethoscope size={20} />} title={t('organisation.specializationsTable.title')} description={t('company.form.specializationsHint')}>
      <EditableTable control={control} name="specializations" columns={specializationColumns(t)} newRow={newSpecialization as never} addLabel={t('organisation.specializationsTable.add')} emptyText={t('organisation.specializationsTable.empty')} data-testid="company-specializations" />
    </FormSection>
  );
}
