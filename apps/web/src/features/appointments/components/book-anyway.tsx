import { Checkbox } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useSession } from '@/lib/session-context';
import { isError } from '@/lib/http';

/** True when the refusal is the doctor's time being taken: the only one "book anyway" can override. */
export const isDoctorOverlap = (error: unknown) => isError(error, 'DOCTOR_DOUBLE_BOOKED');

/**
 * "Book anyway" after the doctor's time was refused, for holders of appointment_overbook only: the appointment is
 * then booked on top, marked overbooked and audited by the server (which refuses it to anyone else).
 */
export function BookAnyway({ shown, checked, onChange }: { shown: boolean; checked: boolean; onChange: (checked: boolean) => void }) {
  const { t } = useTranslation();
  const { can } = useSession();
  if (!shown || !can('appointment_overbook')) return null;
  return (
    <Checkbox
      color="orange"
      checked={checked}
      onChange={(e) => onChange(e.currentTarget.checked)}
      label={t('series.bookAnyway')}
      description={t('series.bookAnywayHint')}
      data-testid="book-anyway"
    />
  );
}
