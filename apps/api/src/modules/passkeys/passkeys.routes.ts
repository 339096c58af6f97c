import { routes } from '@clinic/shared';
import type { App, Deps } from '../../lib/app-types.js';
import { serve } from '../../lib/contract-routes.js';
import { t } from '../../lib/i18n.js';
import { requestContext } from '../../lib/request-context.js';
import { callerOf } from '../../plugins/auth.js';
import { listOwn, register, registrationOptions, remove, rename } from './passkeys.service.js';
import { passwordlessOptions, passwordlessSignIn, secondStep, secondStepOptions, stepUp, stepUpOptions } from './passkeys.sign-in.js';

const r = routes.passkeys;

export function passkeyRoutes(app: App, deps: Deps) {
  serve(app, r.list, async (req) => ({ success: true as const, data: await listOwn(deps, callerOf(req)) }));
  serve(app, r.registerOptions, async (req) => ({ success: true as const, data: await registrationOptions(deps, callerOf(req)) }));
  serve(app, r.register, async (req) => ({
    success: true as const, message: t(req, 'success.passkeys.added'), data: await register(deps, requestContext(req), callerOf(req), req.body),
  }));
  serve(app, r.rename, async (req) => ({
    success: true as const, message: t(req, 'success.passkeys.renamed'), data: await rename(deps, requestContext(req), callerOf(req), req.params.id, req.body.name),
  }));
  serve(app, r.remove, async (req) => {
    await remove(deps, requestContext(req), callerOf(req), req.params.id);
    return { success: true as const, message: t(req, 'success.passkeys.removed') };
  });

  serve(app, r.stepUpOptions, async (req) => ({ success: true as const, data: await stepUpOptions(deps, callerOf(req)) }));
  serve(app, r.stepUp, async (req) => {
    await stepUp(deps, requestContext(req), callerOf(req), req.body);
    return { success: true as const, message: t(req, 'success.passkeys.verified') };
  });

  serve(app, r.signInOptions, async () => ({ success: true as const, data: await passwordlessOptions(deps) }));
  serve(app, r.signIn, async (req) => ({
    success: true as const, message: t(req, 'success.loggedIn'), data: await passwordlessSignIn(deps, requestContext(req), req.body),
  }));
  serve(app, r.secondStepOptions, async (req) => ({ success: true as const, data: await secondStepOptions(deps, req.body.ticket) }));
  serve(app, r.secondStep, async (req) => ({
    success: true as const, message: t(req, 'success.loggedIn'), data: await secondStep(deps, requestContext(req), req.body),
  }));
}
