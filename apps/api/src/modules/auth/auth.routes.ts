import { loginInput, loginResult, logoutInput, messageOnlySchema, okSchema, refreshInput, refreshResult } from '@clinic/shared';
import type { App, Deps } from '../../lib/app-types.js';
import { t } from '../../lib/i18n.js';
import { requestContext } from '../../lib/request-context.js';
import * as auth from './auth.service.js';

export function authRoutes(app: App, deps: Deps) {
  app.post('/api/auth/login', {
    config: { public: true },
    schema: { tags: ['auth'], body: loginInput, response: { 200: okSchema(loginResult) } },
    handler: async (req) => ({ success: true as const, message: t(req, 'success.loggedIn'), data: await auth.login(deps, requestContext(req), req.body) }),
  });

  app.post('/api/auth/refresh-token', {
    config: { public: true },
    schema: { tags: ['auth'], body: refreshInput, response: { 200: okSchema(refreshResult) } },
    handler: async (req) => ({ success: true as const, data: await auth.refresh(deps, requestContext(req), req.body.refreshToken) }),
  });

  app.post('/api/auth/logout', {
    config: { public: true },
    schema: { tags: ['auth'], body: logoutInput.optional(), response: { 200: messageOnlySchema } },
    handler: async (req) => {
      await auth.logout(deps, requestContext(req), req.body?.refreshToken);
      return { success: true as const, message: t(req, 'success.loggedOut') };
    },
  });
}
