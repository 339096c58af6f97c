import { useMemo } from 'react';
import type { Ref } from '@clinic/shared';
import { useClinicServices } from '@/features/appointments';

/** The clinic's doctors (those who provide one of its services) and its services, for transfers and the settings. */
export function useClinicPeople(clinicId: string | null) {
  const services = useClinicServices(clinicId);
  const rows = services.data;
  const people = useMemo(() => {
    const doctors = new Map<string, Ref>();
    for (const service of rows ?? []) for (const d of service.doctors) doctors.set(d._id, { _id: d._id, name: d.name });
    return {
      doctors: [...doctors.values()].sort((a, b) => a.name.localeCompare(b.name)),
      services: (rows ?? []).map((s) => ({ _id: s._id, name: s.name })),
    };
  }, [rows]);
  return { loading: services.isPending && Boolean(clinicId), ...people };
}
