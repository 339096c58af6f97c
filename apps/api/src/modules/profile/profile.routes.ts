import { routes } from '@clinic/shared';
import type { App, Deps } from '../../lib/app-types.js';
import { serve } from '../../lib/contract-routes.js';
import { t } from '../../lib/i18n.js';
import { requestContext } from '../../lib/request-context.js';
import { callerOf } from '../../plugins/auth.js';
import { sessionUser, setPlan } from '../auth/index.js';
import { getEmployee } from '../employees/index.js';
import { changePassword, saveClinicChoice, savePreferences } from './profile.service.js';

const r = routes.profile;

export function profileRoutes(app: App, deps: Deps) {
  serve(app, r.get, async (req) => ({ success: true as const, data: await sessionUser(deps, callerOf(req)) }));

  /** The caller's own full record (My profile), whatever their permissions. */
  serve(app, r.details, async (req) => {
    const caller = callerOf(req);
    return { success: true as const, data: await getEmployee(deps, caller.companyId, caller.id) };
  });

  serve(app, r.update, async (req) => {
    const caller = await setPlan(deps, callerOf(req), req.body.plan);
    return { success: true as const, message: t(req, 'success.updated'), data: await sessionUser(deps, caller) };
  });

  /** The caller's own display settings (Hijri dates, digits); anyone signed in sets their own. */
  serve(app, r.preferences, async (req) => {
    const caller = callerOf(req);
    await savePreferences(deps, requestContext(req), caller, req.body);
    return { success: true as const, message: t(req, 'success.display.preferencesSaved'), data: await sessionUser(deps, caller) };
  });

  /** The clinic the caller last chose on a day's screen: opened first next time, on any device. */
  serve(app, r.clinic, async (req) => {
    const caller = callerOf(req);
    await saveClinicChoice(deps, requestContext(req), caller, req.body);
    return { success: true as const, data: await sessionUser(deps, caller) };
  });

  serve(app, r.password, async (req) => ({
    success: true as const,
    message: t(req, 'success.passwordChanged'),
    data: await changePassword(deps, requestContext(req), callerOf(req), req.body),
  }));
}
