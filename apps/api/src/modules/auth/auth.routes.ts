import { routes } from '@clinic/shared';
import type { App, Deps } from '../../lib/app-types.js';
import { serve } from '../../lib/contract-routes.js';
import { t } from '../../lib/i18n.js';
import { requestContext } from '../../lib/request-context.js';
import * as auth from './auth.service.js';

const r = routes.auth;

export function authRoutes(app: App, deps: Deps) {
  serve(app, r.login, async (req) => ({ success: true as const, message: t(req, 'success.loggedIn'), data: await auth.login(deps, requestContext(req), req.body) }));

  serve(app, r.refreshToken, async (req) => ({ success: true as const, data: await auth.refresh(deps, requestContext(req), req.body.refreshToken) }));

  serve(app, r.logout, async (req) => {
    await auth.logout(deps, requestContext(req), req.body?.refreshToken);
    return { success: true as const, message: t(req, 'success.loggedOut') };
  });
}
