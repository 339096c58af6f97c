import { isSecondFactorChallenge, routes } from '@clinic/shared';
import type { App, Deps } from '../../lib/app-types.js';
import { serve } from '../../lib/contract-routes.js';
import { AppError } from '../../lib/errors.js';
import { t } from '../../lib/i18n.js';
import { requestContext } from '../../lib/request-context.js';
import { login } from '../auth/index.js';
import { signUp } from './signup.service.js';

export function signupRoutes(app: App, deps: Deps) {
  /** Creates a new organisation and its first administrator, and signs them in (the login answer). */
  serve(app, routes.auth.signup, async (req) => {
    const ctx = requestContext(req);
    await signUp(deps, ctx, req.body);
    // The new administrator is signed in as by the sign-in form (the same answer, audit entry and throttle).
    const data = await login(deps, ctx, { email: req.body.username, password: req.body.password });
    // A new account has no second factor yet, so the answer is a sign-in.
    if (isSecondFactorChallenge(data)) throw new AppError(500, 'INTERNAL', 'errors.unexpected');
    return { success: true as const, message: t(ctx, 'success.org.signedUp'), data };
  }, {
    route: {
      // Closed installations refuse before looking at the body.
      onRequest: async () => {
        if (!deps.config.allowSignup) throw new AppError(403, 'SIGNUP_DISABLED', 'errors.signupDisabled');
      },
    },
  });
}
