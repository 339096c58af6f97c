import type { SessionUser } from '@clinic/shared';
import { landingPath } from '@/lib/landing';

/**
 * Inside the registration wizard, sign-in continues with the wizard. Outside it, the user lands on the screen of their
 * day: the start screen they chose in My profile, else the one their permissions suggest (lib/landing.ts).
 */
export function pathAfterLogin(user: Pick<SessionUser, 'permissions'> & { preferences?: { startScreen?: string | null } }, loginToRegister: boolean): string {
  if (loginToRegister) return '/register';
  return landingPath(user.permissions, user.preferences?.startScreen);
}
