import { useQuery } from '@tanstack/react-query';
import type { ApiList } from '@clinic/shared';
import { http } from '@/lib/http';

export interface StaffOption {
  _id: string;
  name: string;
  employeeType: string;
  jobTitle?: string | null;
}

/** Every employee of the company, for the required-staff multi-select. */
export function useStaffOptions() {
  return useQuery({
    queryKey: ['specialities', 'options', 'staff'],
    queryFn: ({ signal }) =>
      http.get<ApiList<StaffOption>>('/employees', { signal, query: { allData: true, isActive: true, sortBy: 'name', order: 'asc' } }).then((r) => r.data),
    staleTime: 60_000,
  });
}
