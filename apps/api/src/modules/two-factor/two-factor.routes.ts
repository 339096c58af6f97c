import { routes } from '@clinic/shared';
import type { App, Deps } from '../../lib/app-types.js';
import { serve } from '../../lib/contract-routes.js';
import { t } from '../../lib/i18n.js';
import { requestContext } from '../../lib/request-context.js';
import { callerOf } from '../../plugins/auth.js';
import { getPolicy, updatePolicy } from './policy.service.js';
import * as factors from './two-factor.service.js';

const r = routes.twoFactor;

export function twoFactorRoutes(app: App, deps: Deps) {
  serve(app, r.status, async (req) => ({ success: true as const, data: await factors.status(deps, callerOf(req)) }));

  // Starting an enrolment changes nothing another request relies on; confirming it may release a held session.
  serve(app, r.enrolTotp, async (req) => ({ success: true as const, data: await factors.enrolTotp(deps, requestContext(req), callerOf(req)) }), {
    config: { accessNeutral: true },
  });

  serve(app, r.confirmTotp, async (req) => ({
    success: true as const, message: t(req, 'success.security.mfa.enabled'),
    data: await factors.confirmTotp(deps, requestContext(req), callerOf(req), req.body.code),
  }));

  serve(app, r.disableTotp, async (req) => {
    await factors.disableTotp(deps, requestContext(req), callerOf(req), req.body);
    return { success: true as const, message: t(req, 'success.security.mfa.disabled') };
  });

  serve(app, r.regenerateRecoveryCodes, async (req) => ({
    success: true as const, message: t(req, 'success.security.mfa.regenerated'),
    data: await factors.regenerateRecoveryCodes(deps, requestContext(req), callerOf(req)),
  }), { config: { accessNeutral: true } });

  // Not access-neutral: the session's cached caller must see its new proof of identity at the next request.
  serve(app, r.stepUp, async (req) => ({
    success: true as const, message: t(req, 'success.security.mfa.verified'),
    data: await factors.stepUp(deps, requestContext(req), callerOf(req), req.body),
  }));

  serve(app, r.signInTotp, async (req) => ({
    success: true as const, message: t(req, 'success.loggedIn'), data: await factors.signInWith(deps, requestContext(req), req.body.ticket, 'totp', req.body.code),
  }));
  serve(app, r.signInRecovery, async (req) => ({
    success: true as const, message: t(req, 'success.loggedIn'),
    data: await factors.signInWith(deps, requestContext(req), req.body.ticket, 'recovery', req.body.code),
  }));

  serve(app, r.getPolicy, async (req) => ({ success: true as const, data: await getPolicy(deps, callerOf(req)) }));
  serve(app, r.updatePolicy, async (req) => ({
    success: true as const, message: t(req, 'success.security.mfa.policySaved'), data: await updatePolicy(deps, requestContext(req), callerOf(req), req.body),
  }));
}
