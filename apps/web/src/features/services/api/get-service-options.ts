import { useLookup } from '@/lib/lookups';

export interface ClinicOption {
  _id: string;
  name: string;
}

export interface DoctorOption {
  _id: string;
  name: string;
  /** The clinics the doctor works at (the employees list reads them back by name). */
  clinics?: Array<{ _id: string; name: string }>;
}

/** The company's clinics for the service form's clinic select. */
export function useServiceClinics() {
  return useLookup<ClinicOption>('clinics', { sortBy: 'name', order: 'asc' });
}

/** Active doctors of the company, for the service form's doctors select. */
export function useServiceDoctors() {
  return useLookup<DoctorOption>('doctors', { isActive: true, sortBy: 'name', order: 'asc' });
}
