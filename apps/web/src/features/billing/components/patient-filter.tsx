import { useTranslation } from 'react-i18next';
import { PatientSelect } from '@/components/patient-select';

/** The list's patient filter: a patient searched on the server, or all patients. */
export function PatientFilter({ value, onChange }: { value: string | null; onChange: (value: string | null) => void }) {
  const { t } = useTranslation();
  return (
    <PatientSelect
      aria-label={t('finance.list.patient')}
      placeholder={t('finance.list.patient')}
      value={value}
      onChange={onChange}
      clearable
      nothingFoundMessage={t('finance.form.noPatients')}
      w={{ base: '100%', xs: 200 }}
      data-testid="invoices-patient-filter"
    />
  );
}
