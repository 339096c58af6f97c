import type { TFunction } from 'i18next';
import { CONTACT_TYPES, PAYMENT_TYPES, TRANSACTION_TYPES } from '@clinic/shared';
import type { EditableColumn } from '@/components/form/editable-table';

/* Columns and blank rows of the editable tables shared by the company, complex, department and clinic forms. */

export function contactColumns(t: TFunction, opts: { person?: boolean; subTypeRequired?: boolean } = {}): EditableColumn[] {
  const columns: EditableColumn[] = [
    { key: 'type', label: t('organisation.contacts.type'), kind: 'select', required: true, width: 130, options: CONTACT_TYPES.map((v) => ({ value: v, label: t(`organisation.contacts.types.${v}`) })) },
    { key: 'value', label: t('organisation.contacts.value'), required: true, width: 220 },
    { key: 'subType', label: t('organisation.contacts.subType'), required: opts.subTypeRequired, width: 160, placeholder: t('organisation.contacts.subTypePlaceholder') },
  ];
  if (opts.person) {
    columns.push(
      { key: 'name', label: t('organisation.contacts.name'), width: 160 },
      { key: 'email', label: t('organisation.contacts.email'), kind: 'email', width: 200 },
      { key: 'phone', label: t('organisation.contacts.phone'), kind: 'tel', width: 160 },
      { key: 'designation', label: t('organisation.contacts.designation'), width: 160 },
    );
  }
  return columns;
}
/** A blank contact row: a phone, with an empty subtype where the form asks for one (departments) and none otherwise. */
export function newContact(withSubType: true): { type: 'phone'; value: string; subType: string };
export function newContact(withSubType?: false): { type: 'phone'; value: string; subType: null };
export function newContact(withSubType = false) {
  return { type: 'phone' as const, value: '', subType: withSubType ? '' : null };
}

export function holidayColumns(t: TFunction): EditableColumn[] {
  return [
    { key: 'name', label: t('organisation.holidays.name'), required: true, width: 200 },
    { key: 'date', label: t('organisation.holidays.date'), kind: 'date', required: true, width: 190 },
    { key: 'reason', label: t('organisation.holidays.reason'), required: true, width: 240 },
  ];
}
export const newHoliday = () => ({ name: '', date: '', reason: '' });

export function specializationColumns(t: TFunction): EditableColumn[] {
  return [
    { key: 'name', label: t('organisation.specializationsTable.name'), required: true, width: 200 },
    { key: 'description', label: t('organisation.specializationsTable.description'), required: true, width: 320 },
  ];
}
export const newSpecialization = () => ({ name: '', description: '' });

export function bankColumns(t: TFunction, full = false): EditableColumn[] {
  const columns: EditableColumn[] = [
    { key: 'accountName', label: t('organisation.bank.accountName'), required: true, width: 180 },
    { key: 'accountNumber', label: t('organisation.bank.accountNumber'), required: true, width: 230 },
    { key: 'bankName', label: t('organisation.bank.bankName'), required: true, width: 170 },
    { key: 'swiftCode', label: t('organisation.bank.swiftCode'), required: true, width: 130 },
  ];
  if (full) {
    columns.push(
      { key: 'bankAddress', label: t('organisation.bank.bankAddress'), width: 200 },
      { key: 'accountType', label: t('organisation.bank.accountType'), width: 140 },
      { key: 'isActive', label: t('organisation.fields.active'), kind: 'switch', width: 80 },
    );
  }
  return columns;
}
export const newBankAccount = () => ({ accountName: '', accountNumber: '', bankName: '', swiftCode: '', isActive: true });

export function insuranceColumns(t: TFunction, full = false): EditableColumn[] {
  const columns: EditableColumn[] = [
    { key: 'companyName', label: t('organisation.insurance.companyName'), required: true, width: 180 },
    { key: 'companyPhone', label: t('organisation.insurance.companyPhone'), kind: 'tel', required: true, width: 160 },
    { key: 'companyEmail', label: t('organisation.insurance.companyEmail'), kind: 'email', required: true, width: 210 },
  ];
  if (full) {
    columns.push(
      { key: 'coveragePercentage', label: t('organisation.insurance.coverage'), kind: 'number', min: 0, max: 100, width: 110 },
      { key: 'coveredServices', label: t('organisation.insurance.coveredServices'), kind: 'tags', width: 200 },
      { key: 'contractStartDate', label: t('organisation.insurance.contractStart'), kind: 'date', width: 170 },
      { key: 'contractEndDate', label: t('organisation.insurance.contractEnd'), kind: 'date', width: 170 },
      { key: 'contactPerson', label: t('organisation.insurance.contactPerson'), width: 160 },
      { key: 'isActive', label: t('organisation.fields.active'), kind: 'switch', width: 80 },
    );
  }
  return columns;
}
export const newInsurance = () => ({ companyName: '', companyPhone: '', companyEmail: '', coveredServices: [], coverageDetails: [], isActive: true });

export function cashBoxColumns(t: TFunction, full = false): EditableColumn[] {
  const columns: EditableColumn[] = [
    { key: 'name', label: t('organisation.cashBoxes.name'), required: true, width: 200 },
    { key: 'pic', label: t('organisation.cashBoxes.pic'), required: true, width: 180 },
  ];
  if (full) {
    columns.push(
      { key: 'location', label: t('organisation.cashBoxes.location'), width: 160 },
      { key: 'currency', label: t('organisation.cashBoxes.currency'), width: 100, placeholder: 'SAR' },
      { key: 'totalBalance', label: t('organisation.cashBoxes.totalBalance'), kind: 'number', width: 130 },
      { key: 'isActive', label: t('organisation.fields.active'), kind: 'switch', width: 80 },
    );
  }
  return columns;
}
export const newCashBox = () => ({ name: '', pic: '', isActive: true, transactionHistory: [] });

export function paymentColumns(t: TFunction, full = false): EditableColumn[] {
  const columns: EditableColumn[] = [
    { key: 'companyName', label: t('organisation.payments.companyName'), required: true, width: 180 },
    { key: 'processingFees', label: t('organisation.payments.processingFees'), kind: 'number', min: 0, max: 100, required: true, width: 140 },
  ];
  if (full) {
    columns.push(
      { key: 'type', label: t('organisation.payments.type'), kind: 'select', width: 170, options: PAYMENT_TYPES.map((v) => ({ value: v, label: t(`organisation.payments.types.${v}`) })) },
      { key: 'transactionType', label: t('organisation.payments.transactionType'), kind: 'select', width: 160, options: TRANSACTION_TYPES.map((v) => ({ value: v, label: t(`organisation.payments.transactionTypes.${v}`) })) },
      { key: 'supportedCurrencies', label: t('organisation.payments.currencies'), kind: 'tags', width: 170 },
      { key: 'isActive', label: t('organisation.fields.active'), kind: 'switch', width: 80 },
    );
  }
  return columns;
}
export const newPaymentMethod = () => ({ companyName: '', processingFees: '', supportedCurrencies: [], securityFeatures: [], isActive: true });

