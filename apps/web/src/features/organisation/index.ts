/**
 * What other features use of the organisation feature: the parts the company, complexes, departments and clinics share
 * (their query keys, option lists, form sections, detail blocks and the onboarding frame).
 */
export { browserTimeZone, formatDate, timeZones } from './org-format';
export { useComplexOptions, useDepartmentOptions, usePersonOptions, useSpecializationOptions, type Option } from './api/get-options';
export { listParams, orgKeys, type OrgListQuery } from '@/lib/org-keys';
export {
  bankColumns, cashBoxColumns, contactColumns, holidayColumns, insuranceColumns, newBankAccount, newCashBox, newContact, newHoliday, newInsurance,
  newPaymentMethod, newSpecialization, paymentColumns, specializationColumns,
} from './components/row-columns';
export { ContactsSection, FinanceSection, HolidaysSection, LocationSection } from './components/org-form-sections';
export { establishedText, HolidaysTable, WorkingDaysGrid, WorkingHoursGrid } from './components/org-details';
export { ContactsCard, OrgRecordDetails, type OrgRecordDetailsProps } from './components/org-record-details';
export { FinanceSummary } from './components/finance-summary';
export { OnboardingLayout } from './components/onboarding-layout';
