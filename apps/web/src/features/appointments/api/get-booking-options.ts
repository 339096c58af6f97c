import type { ServiceRecord } from '@clinic/shared';
import { useLookup } from '@/lib/lookups';

/** A choice in a select: a record's id and name (and its public id where the list gives one). */
export interface Option {
  _id: string;
  name: string;
  publicId?: string;
}

/** Active clinics, oldest first (the calendar picks the first one). */
export function useClinicOptions() {
  return useLookup<Option>('clinics', { isActive: true, sortBy: 'publicId', order: 'asc' });
}

/** Active doctors of the company. */
export function useDoctorOptions() {
  return useLookup<Option>('doctors', { isActive: true, sortBy: 'name', order: 'asc' });
}

/** The active services of a clinic, each with its doctors. */
export function useClinicServices(clinicId: string | null) {
  return useLookup<ServiceRecord>('services', { clinic: clinicId ?? undefined, isActive: true, sortBy: 'name', order: 'asc' }, { enabled: Boolean(clinicId) });
}
