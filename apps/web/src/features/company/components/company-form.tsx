import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconBuilding, IconBuildingBank, IconCalendarOff, IconCertificate, IconMapPin, IconPhone, IconStethoscope } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Controller, useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { companyInput, type CompanyInput, type CompanyRecord, type CompanyValues } from '@clinic/shared';
import { MapPicker } from '@/components/map-picker';
import { applyFieldErrors } from '@/lib/http';
import { EditableTable } from '@/features/organisation/components/editable-table';
import { DateField, TextAreaField, TextField } from '@/features/organisation/components/fields';
import { messageAt } from '@/features/organisation/components/form-errors';
import { FormSection } from '@/features/organisation/components/form-section';
import {
  bankColumns, cashBoxColumns, contactColumns, holidayColumns, insuranceColumns, newBankAccount, newCashBox, newContact, newHoliday, newInsurance,
  newPaymentMethod, newSpecialization, paymentColumns, specializationColumns,
} from '@/features/organisation/components/row-columns';

const resolver = zodResolver(companyInput) as unknown as Resolver<CompanyInput, unknown, CompanyValues>;

export function emptyCompany(overrides: Partial<CompanyInput> = {}): CompanyInput {
  return {
    name: '', address: '', yearOfEstablishment: '', goals: '', overview: '', vision: '',
    contactInfos: [{ type: 'email', value: '', subType: null }],
    holidays: [], specializations: [], bankAccount: [], insuranceCompany: [], cashBoxes: [], onlinePaymentMethods: [],
    commercialRecord: { recordNumber: '', grantDate: '', issueDate: '', expirationDate: '', taxNumber: '' },
    locationGoogle: { x: '', y: '' },
    Key_member: '', Founder: '', Executives: '',
    ...overrides,
  };
}

export function companyFormValues(c: CompanyRecord): CompanyInput {
  return emptyCompany({
    name: c.name, address: c.address ?? '', yearOfEstablishment: c.yearOfEstablishment ?? '', goals: c.goals ?? '', overview: c.overview ?? '',
    vision: c.vision ?? '', contactInfos: c.contactInfos as CompanyInput['contactInfos'], holidays: c.holidays, specializations: c.specializations,
    bankAccount: c.bankAccount as CompanyInput['bankAccount'], insuranceCompany: c.insuranceCompany as CompanyInput['insuranceCompany'],
    cashBoxes: c.cashBoxes as CompanyInput['cashBoxes'], onlinePaymentMethods: c.onlinePaymentMethods as CompanyInput['onlinePaymentMethods'],
    commercialRecord: c.commercialRecord ?? emptyCompany().commercialRecord, locationGoogle: c.locationGoogle ?? { x: '', y: '' },
    Key_member: c.Key_member ?? '', Founder: c.Founder ?? '', Executives: c.Executives ?? '',
  });
}

interface CompanyFormProps {
  defaultValues: CompanyInput;
  submitLabel: string;
  onSubmit: (values: CompanyValues) => Promise<unknown>;
  onCancel?: () => void;
  /** Shown at the top of the first section (the logo upload on the edit page). */
  logo?: ReactNode;
}

/** Company information, commercial record, the edit tables and the map location. */
export function CompanyForm({ defaultValues, submitLabel, onSubmit, onCancel, logo }: CompanyFormProps) {
  const { t } = useTranslation();
  const { control, handleSubmit, setError, formState: { errors, isSubmitting } } = useForm<CompanyInput, unknown, CompanyValues>({ resolver, defaultValues, mode: 'onTouched' });
  const f = (key: string) => t(`organisation.fields.${key}`);

  const submit = handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (error) {
      applyFieldErrors(error, setError);
    }
  });

  const table = (title: string, node: ReactNode) => (
    <Stack gap="xs">
      <Text fw={600} size="sm">{title}</Text>
      {node}
    </Stack>
  );

  return (
    <form onSubmit={submit} noValidate data-testid="company-form">
      <Stack gap="lg">
        <FormSection icon={<IconBuilding size={20} />} title={t('company.form.information')} hint={t('company.form.informationHint')}>
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
        </FormSection>

        <FormSection icon={<IconCertificate size={20} />} title={t('company.form.commercialRecord')} hint={t('company.form.commercialRecordHint')}>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
            <TextField control={control} name="commercialRecord.recordNumber" label={t('company.record.recordNumber')} required testId="company-record-number" />
            <TextField control={control} name="commercialRecord.taxNumber" label={t('company.record.taxNumber')} required testId="company-tax-number" />
            <DateField control={control} name="commercialRecord.grantDate" label={t('company.record.grantDate')} required testId="company-grant-date" />
            <DateField control={control} name="commercialRecord.issueDate" label={t('company.record.issueDate')} required testId="company-issue-date" />
            <DateField control={control} name="commercialRecord.expirationDate" label={t('company.record.expirationDate')} required testId="company-expiration-date" />
          </SimpleGrid>
        </FormSection>

        <FormSection icon={<IconPhone size={20} />} title={t('organisation.contacts.title')} hint={t('company.form.contactsHint')}>
          <EditableTable control={control} name="contactInfos" columns={contactColumns(t, { person: true })} newRow={() => newContact() as never} addLabel={t('organisation.contacts.add')} emptyText={t('organisation.contacts.empty')} data-testid="company-contacts" />
        </FormSection>

        <FormSection icon={<IconCalendarOff size={20} />} title={t('organisation.holidays.title')}>
          <EditableTable control={control} name="holidays" columns={holidayColumns(t)} newRow={newHoliday as never} addLabel={t('organisation.holidays.add')} emptyText={t('organisation.holidays.empty')} data-testid="company-holidays" />
        </FormSection>

        <FormSection icon={<IconStethoscope size={20} />} title={t('organisation.specializationsTable.title')} hint={t('company.form.specializationsHint')}>
          <EditableTable control={control} name="specializations" columns={specializationColumns(t)} newRow={newSpecialization as never} addLabel={t('organisation.specializationsTable.add')} emptyText={t('organisation.specializationsTable.empty')} data-testid="company-specializations" />
        </FormSection>

        <FormSection icon={<IconBuildingBank size={20} />} title={t('organisation.finance.title')} hint={t('organisation.finance.hint')}>
          <Stack gap="xl">
            {table(t('organisation.bank.title'), <EditableTable control={control} name="bankAccount" columns={bankColumns(t)} newRow={newBankAccount as never} addLabel={t('organisation.bank.add')} emptyText={t('organisation.bank.empty')} data-testid="company-banks" />)}
            {table(t('organisation.insurance.title'), <EditableTable control={control} name="insuranceCompany" columns={insuranceColumns(t)} newRow={newInsurance as never} addLabel={t('organisation.insurance.add')} emptyText={t('organisation.insurance.empty')} data-testid="company-insurance" />)}
            {table(t('organisation.cashBoxes.title'), <EditableTable control={control} name="cashBoxes" columns={cashBoxColumns(t)} newRow={newCashBox as never} addLabel={t('organisation.cashBoxes.add')} emptyText={t('organisation.cashBoxes.empty')} data-testid="company-cash-boxes" />)}
            {table(t('organisation.payments.title'), <EditableTable control={control} name="onlinePaymentMethods" columns={paymentColumns(t)} newRow={newPaymentMethod as never} addLabel={t('organisation.payments.add')} emptyText={t('organisation.payments.empty')} data-testid="company-payments" />)}
          </Stack>
        </FormSection>

        <FormSection icon={<IconMapPin size={20} />} title={t('organisation.map.title')} hint={t('organisation.map.sectionHint')}>
          <Controller
            control={control}
            name="locationGoogle"
            render={({ field }) => (
              <MapPicker value={field.value as never} onChange={field.onChange} required
                errors={{ x: messageAt(errors, 'locationGoogle.x'), y: messageAt(errors, 'locationGoogle.y'), location: messageAt(errors, 'locationGoogle') }} data-testid="company-location" />
            )}
          />
        </FormSection>

        <Group justify="flex-end" gap="sm">
          {onCancel && <Button variant="default" onClick={onCancel} disabled={isSubmitting}>{t('common.actions.cancel')}</Button>}
          <Button type="submit" loading={isSubmitting} data-testid="company-submit">{submitLabel}</Button>
        </Group>
      </Stack>
    </form>
  );
}
