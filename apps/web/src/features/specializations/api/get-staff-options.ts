import { useLookup } from '@/lib/lookups';

export interface StaffOption {
  _id: string;
  name: string;
  employeeType: string;
  jobTitle?: string | null;
}

/** Every active employee of the company, for the required-staff multi-select. */
export function useStaffOptions() {
  return useLookup<StaffOption>('staff', { isActive: true, sortBy: 'name', order: 'asc' });
}
