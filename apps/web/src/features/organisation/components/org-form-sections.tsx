import { Stack, Text } from '@mantine/core';
import { IconBuildingBank, IconCalendarOff, IconMapPin, IconPhone } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import type { ArrayPath, FieldPath, FieldValues } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { FormControl } from '@/components/form/fields';
import { FormSection } from '@/components/form/form-section';
import { EditableTable } from '@/components/form/editable-table';
import { MapField } from '@/components/form/map-field';
import {
  bankColumns, cashBoxColumns, contactColumns, holidayColumns, insuranceColumns, newBankAccount, newCashBox, newContact, newHoliday, newInsurance,
  newPaymentMethod, paymentColumns,
} from './row-columns';

/*
 * The sections the company and clinic forms share: contacts, holidays, the finance tables and the map location.
 * `prefix` names their test ids ("company", "clinic"); the forms' values differ, their row lists do not.
 */

interface SectionProps<T extends FieldValues> {
  id: string;
  control: FormControl<T>;
  prefix: string;
  description?: string;
}

export function ContactsSection<T extends FieldValues>({ id, control, prefix, description, person }: SectionProps<T> & { person?: boolean }) {
  const { t } = useTranslation();
  return (
    <FormSection id={id} icon={<IconPhone size={20} />} title={t('organisation.contacts.title')} description={description ?? t('organisation.contacts.hint')}>
      <EditableTable control={control} name={'contactInfos' as ArrayPath<T>} columns={contactColumns(t, { person })} newRow={() => newContact() as never} addLabel={t('organisation.contacts.add')} emptyText={t('organisation.contacts.empty')} data-testid={`${prefix}-contacts`} />
    </FormSection>
  );
}

export function HolidaysSection<T extends FieldValues>({ id, control, prefix, description }: SectionProps<T>) {
  const { t } = useTranslation();
  return (
    <FormSection id={id} icon={<IconCalendarOff size={20} />} title={t('organisation.holidays.title')} description={description}>
      <EditableTable control={control} name={'holidays' as ArrayPath<T>} columns={holidayColumns(t)} newRow={newHoliday as never} addLabel={t('organisation.holidays.add')} emptyText={t('organisation.holidays.empty')} data-testid={`${prefix}-holidays`} />
    </FormSection>
  );
}

function Titled({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        {title}
      </Text>
      {children}
    </Stack>
  );
}

/** Bank accounts, insurance companies, cash boxes and online payment methods; `full` shows every column (clinics). */
export function FinanceSection<T extends FieldValues>({ id, control, prefix, full = false }: SectionProps<T> & { full?: boolean }) {
  const { t } = useTranslation();
  return (
    <FormSection id={id} icon={<IconBuildingBank size={20} />} title={t('organisation.finance.title')} description={t('organisation.finance.hint')}>
      <Stack gap="xl">
        <Titled title={t('organisation.bank.title')}>
          <EditableTable control={control} name={'bankAccount' as ArrayPath<T>} columns={bankColumns(t, full)} newRow={newBankAccount as never} addLabel={t('organisation.bank.add')} emptyText={t('organisation.bank.empty')} data-testid={`${prefix}-banks`} />
        </Titled>
        <Titled title={t('organisation.insurance.title')}>
          <EditableTable control={control} name={'insuranceCompany' as ArrayPath<T>} columns={insuranceColumns(t, full)} newRow={newInsurance as never} addLabel={t('organisation.insurance.add')} emptyText={t('organisation.insurance.empty')} data-testid={`${prefix}-insurance`} />
        </Titled>
        <Titled title={t('organisation.cashBoxes.title')}>
          <EditableTable control={control} name={'cashBoxes' as ArrayPath<T>} columns={cashBoxColumns(t, full)} newRow={newCashBox as never} addLabel={t('organisation.cashBoxes.add')} emptyText={t('organisation.cashBoxes.empty')} data-testid={`${prefix}-cash-boxes`} />
        </Titled>
        <Titled title={t('organisation.payments.title')}>
          <EditableTable control={control} name={'onlinePaymentMethods' as ArrayPath<T>} columns={paymentColumns(t, full)} newRow={newPaymentMethod as never} addLabel={t('organisation.payments.add')} emptyText={t('organisation.payments.empty')} data-testid={`${prefix}-payments`} />
        </Titled>
      </Stack>
    </FormSection>
  );
}

/** The map location; `name` is the form's location field ("locationGoogle" for the company, "locationGoogl" for clinics). */
export function LocationSection<T extends FieldValues>({ id, control, prefix, name }: SectionProps<T> & { name: FieldPath<T> }) {
  const { t } = useTranslation();
  return (
    <FormSection id={id} icon={<IconMapPin size={20} />} title={t('organisation.map.title')} description={t('organisation.map.sectionHint')}>
      <MapField control={control} name={name} required testId={`${prefix}-location`} />
    </FormSection>
  );
}
