import { lazy } from 'react';
import { useQuery } from '@tanstack/react-query';
import { loadPageTexts } from '@/lib/i18n';
import { fetchProfile, profileQueryKey, useSession } from '@/lib/session-context';

/**
 * A session the organisation holds to enrolment (its profile says `enrolmentRequired`) sees the enrolment screen and
 * nothing else: the shell and its pages, whose requests the API would refuse, are not rendered.
 */
export function useEnrolmentHeld(): boolean {
  const { user } = useSession();
  const profile = useQuery({ queryKey: profileQueryKey(user?.userId), queryFn: fetchProfile, enabled: Boolean(user), staleTime: 5 * 60_000 });
  return Boolean(user && profile.data?.enrolmentRequired);
}

export const EnrolmentPage = lazy(() =>
  Promise.all([import('@/features/security/pages/enrolment-page'), loadPageTexts()]).then(([page]) => page));

/** The step-up dialog the HTTP layer asks for a sensitive change (see lib/step-up.ts). */
export const StepUpHost = lazy(() => import('@/features/security/components/step-up-dialog'));
