import { effectiveHijriMode, START_SCREENS, type SessionUser, type StartScreen } from '@clinic/shared';
import type { Caller, Deps } from '../../lib/app-types.js';
import { unauthorized } from '../../lib/errors.js';
import { openingClinicOf } from './opening-clinic.js';
import { findSessionEmployee, roleNamesOf } from './auth.repository.js';

/** The session user as sign-in and GET /profile return it. */
export async function sessionUser(deps: Deps, caller: Caller): Promise<SessionUser> {
  const found = await findSessionEmployee(deps.db, caller.companyId, caller.id);
  if (!found) throw unauthorized();
  const { emp, companyHijriMode } = found;
  const roleNames = await roleNamesOf(deps.db, caller.companyId, caller.id);
  return {
    _id: emp.id,
    publicId: emp.publicId,
    name: emp.name,
    username: emp.username,
    email: emp.email,
    roles: roleNames,
    plan: (caller.plan as SessionUser['plan']) ?? null,
    employeeType: emp.employeeType as SessionUser['employeeType'],
    permissions: caller.permissions,
    companyId: emp.companyId,
    image: emp.image,
    preferences: { ...preferencesOf(emp, companyHijriMode), clinicId: await openingClinicOf(deps.db, caller.companyId, emp.id, emp.lastClinicId) },
    ...(caller.session?.enrolmentRequired && { enrolmentRequired: true }),
  };
}

/** The display settings a session carries: the user's own Hijri mode (or the company's) and digits. */
export function preferencesOf(
  emp: { hijriMode: string | null; digits: string; startScreen: string | null },
  companyHijriMode: string,
): Omit<SessionUser['preferences'], 'clinicId'> {
  const override = effectiveHijriMode(emp.hijriMode, 'off');
  return {
    hijriMode: effectiveHijriMode(emp.hijriMode, companyHijriMode),
    hijriModeOverride: emp.hijriMode === null ? null : override,
    companyHijriMode: effectiveHijriMode(null, companyHijriMode),
    digits: emp.digits === 'arab' ? 'arab' : 'latn',
    startScreen: (START_SCREENS as readonly string[]).includes(emp.startScreen ?? '') ? (emp.startScreen as StartScreen) : null,
  };
}
