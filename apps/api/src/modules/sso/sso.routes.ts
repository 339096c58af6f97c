import { routes } from '@clinic/shared';
import type { App, Deps } from '../../lib/app-types.js';
import { serve } from '../../lib/contract-routes.js';
import { t } from '../../lib/i18n.js';
import { requestContext } from '../../lib/request-context.js';
import { callerOf } from '../../plugins/auth.js';
import { browserCookie, browserKeyOf, exchangeHandoff, finishSso, ssoInfo, startSso } from './sso.flow.js';
import { getSsoSettings, saveSsoSettings, testSsoConnection } from './sso.settings.js';

const r = routes.sso;

export function ssoRoutes(app: App, deps: Deps) {
  serve(app, r.settings, async (req) => ({ success: true as const, data: await getSsoSettings(deps, callerOf(req)) }));

  serve(app, r.saveSettings, async (req) => ({
    success: true as const,
    message: t(req, 'success.security.sso.saved'),
    data: await saveSsoSettings(deps, requestContext(req), callerOf(req), req.body),
  }), { config: { accessNeutral: true } });

  serve(app, r.test, async (req) => ({
    success: true as const, message: t(req, 'success.security.sso.tested'), data: await testSsoConnection(deps, req.body.issuer),
  }), { config: { accessNeutral: true } });

  serve(app, r.info, async (req) => ({ success: true as const, data: await ssoInfo(deps, req.query.org) }));

  serve(app, r.start, async (req, reply) => {
    const { location, browserKey } = await startSso(deps, requestContext(req), req.query.org);
    if (browserKey) reply.header('set-cookie', browserCookie(deps, browserKey));
    return reply.redirect(location, 302);
  });

  serve(app, r.callback, async (req, reply) => reply.redirect(await finishSso(deps, requestContext(req), req.query, browserKeyOf(req.headers.cookie)), 302));

  serve(app, r.exchange, async (req, reply) => {
    const data = await exchangeHandoff(deps, req.body.code, browserKeyOf(req.headers.cookie));
    reply.header('set-cookie', browserCookie(deps, null));
    return { success: true as const, data };
  });
}
