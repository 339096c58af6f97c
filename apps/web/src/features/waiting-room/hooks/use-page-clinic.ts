import { useSearchParams } from 'react-router';
import { useClinicOptions } from '@/features/appointments';
import { useClinicChoice } from '@/lib/clinic-choice';

/**
 * The clinic a waiting-room screen shows: `?clinic=` when it names one of the user's clinics (a link from the board or
 * the clinic's page), else the one last chosen; choosing another one writes it into the address.
 */
export function usePageClinic() {
  const clinics = useClinicOptions();
  const { clinicId: remembered, choose } = useClinicChoice(clinics.data);
  const [params, setParams] = useSearchParams();
  const asked = params.get('clinic');
  const clinicId = asked && clinics.data?.some((c) => c._id === asked) ? asked : remembered;
  const pick = (id: string) => {
    choose(id);
    setParams((p) => { p.set('clinic', id); return p; }, { replace: true });
  };
  return { clinics, clinicId, pick };
}
