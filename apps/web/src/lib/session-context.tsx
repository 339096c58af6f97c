import { createContext, Fragment, use, useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { hasPermission, type Permission, type Plan, type SessionUser } from '@clinic/shared';
import { getDisplay, setDisplay, subscribeDisplay } from './format/display';
import { getSessionSnapshot, readSession, storeProfile, subscribeSession, type StoredSession } from './session';

export interface SessionContextValue {
  /** The signed-in user as stored, or null when signed out. */
  user: StoredSession | null;
  permissions: string[];
  plan: Plan | null;
  isSignedIn: boolean;
  /** True when the user holds any of the permissions (`admin` holds them all). */
  can: (...anyOf: Permission[]) => boolean;
}

const SessionContext = createContext<SessionContextValue | null>(null);

export const profileQueryKey = (userId: string | undefined) => ['profile', userId] as const;

/** The signed-in user's profile, checked (the request and the contract come with the first read: profile-request.ts). */
export async function fetchProfile(): Promise<SessionUser> {
  return (await import('./profile-request')).requestProfile();
}

// A stored session reads its profile first thing: the request's chunk (with the contract) starts loading with the app
// rather than after the first render asks for it. A failure here is met again, and reported, by that first read.
if (typeof window !== 'undefined' && readSession()) import('./profile-request').catch(() => undefined);

/**
 * Makes a profile the session's own at once: the stored session (menu, plan, permissions) and the cached profile. A
 * profile read still in flight may have been answered before the change, so it is dropped first; otherwise it would
 * land afterwards and put the old plan back until the next reload.
 */
export async function applyProfile(queryClient: QueryClient, profile: SessionUser): Promise<void> {
  await queryClient.cancelQueries({ queryKey: ['profile'] });
  queryClient.setQueryData(profileQueryKey(profile._id), profile);
  storeProfile(profile);
}

/** Reads the profile from the server and makes it the session's own (for example when the registration wizard ends). */
export async function refreshSessionProfile(queryClient: QueryClient): Promise<SessionUser> {
  const profile = await fetchProfile();
  await applyProfile(queryClient, profile);
  return profile;
}

/** Exposes the stored session and refreshes permissions and plan from the profile once signed in. */
export function SessionProvider({ children }: { children: ReactNode }) {
  const user = useSyncExternalStore(subscribeSession, getSessionSnapshot, getSessionSnapshot);

  const profile = useQuery({
    queryKey: profileQueryKey(user?.userId),
    queryFn: fetchProfile,
    enabled: Boolean(user),
    staleTime: 5 * 60_000,
  });

  useEffect(() => {
    if (profile.data && readSession()) storeProfile(profile.data);
    if (profile.data?.preferences) setDisplay(profile.data.preferences);
  }, [profile.data]);
  // Dates and numbers are written with the display settings as they are drawn: a change redraws the pages.
  const display = useSyncExternalStore(subscribeDisplay, getDisplay);

  const value = useMemo<SessionContextValue>(() => {
    const permissions = user?.permissions ?? [];
    return {
      user,
      permissions,
      plan: user?.plan ?? null,
      isSignedIn: Boolean(user),
      can: (...anyOf) => hasPermission(permissions, ...anyOf),
    };
  }, [user]);

  return (
    <SessionContext value={value}>
      <Fragment key={`${display.hijriMode}|${display.digits}`}>{children}</Fragment>
    </SessionContext>
  );
}

export function useSession(): SessionContextValue {
  const value = use(SessionContext);
  if (!value) throw new Error('useSession must be used inside SessionProvider');
  return value;
}

/** The signed-in user's display settings as the profile gives them (undefined until it is read). */
export function useSessionPreferences(): SessionUser['preferences'] | undefined {
  const { user } = useSession();
  return useQuery({ queryKey: profileQueryKey(user?.userId), queryFn: fetchProfile, enabled: Boolean(user), staleTime: 5 * 60_000 }).data?.preferences;
}
