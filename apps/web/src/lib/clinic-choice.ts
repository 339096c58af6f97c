import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { routes, type SessionUser } from '@clinic/shared';
import { call } from './api-client';
import { applyProfile, fetchProfile, profileQueryKey, useSession } from './session-context';

export interface ClinicChoice {
  /** The clinic shown: chosen here, else the one the profile says to open, else the first on the list; null while unknown. */
  clinicId: string | null;
  /** Shows a clinic and remembers it on the server, so it opens first next time, on any device. */
  choose: (clinicId: string) => void;
}

/** Remembers on the server the clinic last chosen on a day's screen; the answer is the refreshed profile. */
export async function saveClinicChoice(clinicId: string): Promise<SessionUser> {
  return (await call(routes.profile.clinic, { body: { clinicId } }, { silent: true })).data;
}

/**
 * The clinic of a day's screen (the board, the calendar, the cash boxes, My day). It opens on the clinic the profile
 * names (the last one chosen, else the first the user works at) when it is among `options`, the clinics this screen
 * may show; otherwise on the first of them. It waits for the profile, so a screen never starts on another clinic first.
 */
export function useClinicChoice(options: ReadonlyArray<{ _id: string }> | undefined): ClinicChoice {
  const { user } = useSession();
  const queryClient = useQueryClient();
  const profile = useQuery({ queryKey: profileQueryKey(user?.userId), queryFn: fetchProfile, enabled: Boolean(user), staleTime: 5 * 60_000 });
  const [choice, setChoice] = useState<string | null>(null);
  const remembered = profile.data?.preferences.clinicId ?? null;
  const waiting = profile.isPending && Boolean(user);
  const listed = (id: string | null) => (id && options?.some((o) => o._id === id) ? id : null);
  const clinicId = listed(choice) ?? (waiting ? null : (listed(remembered) ?? options?.[0]?._id ?? null));

  const choose = (id: string) => {
    setChoice(id);
    if (id === remembered) return;
    // Remembering is a convenience: a failure leaves this screen as chosen, and says nothing.
    saveClinicChoice(id)
      .then((profile) => applyProfile(queryClient, profile))
      .catch(() => undefined);
  };
  return { clinicId, choose };
}
