import { useEffect, useMemo } from 'react';
import { useClinicOptions } from '../api/get-booking-options';
import { setCurrentWeek, weekOf, type ClinicWeek } from '@/lib/format/display';

/**
 * The week of a clinic (its first day and weekend days, from the clinics it can be chosen from). While a page shows
 * the clinic, the date pickers follow its week too.
 */
export function useClinicWeek(clinicId: string | null): ClinicWeek {
  const clinics = useClinicOptions();
  const row = clinics.data?.find((c) => c._id === clinicId) as { firstDayOfWeek?: number; weekendDays?: number[] } | undefined;
  const week = useMemo(() => weekOf(row), [row]);
  useEffect(() => setCurrentWeek(week), [week]);
  return week;
}
