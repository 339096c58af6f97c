import { routes } from '@clinic/shared';
import type { App, Deps } from '../../lib/app-types.js';
import { serve } from '../../lib/contract-routes.js';
import { t } from '../../lib/i18n.js';
import { requestContext } from '../../lib/request-context.js';
import { callerOf } from '../../plugins/auth.js';
import {
  endMyOtherSessions, endMySession, endPersonSessionsAll, mySessions, saveSessionPolicy, sessionPolicy, sessionsOfPerson, signInHistoryOf,
} from './sessions.service.js';

const r = routes.sessions;

export function sessionRoutes(app: App, deps: Deps) {
  serve(app, r.mine, async (req) => ({ success: true as const, data: await mySessions(deps, callerOf(req)) }));

  serve(app, r.end, async (req) => ({
    success: true as const,
    message: t(req, 'success.security.sessionEnded'),
    data: await endMySession(deps, requestContext(req), callerOf(req), req.params.sessionId),
  }));

  serve(app, r.endOthers, async (req) => {
    const data = await endMyOtherSessions(deps, requestContext(req), callerOf(req));
    return { success: true as const, message: t(req, 'success.security.otherSessionsEnded', { count: data.ended }), data };
  });

  serve(app, r.myHistory, async (req) => {
    const caller = callerOf(req);
    return { success: true as const, data: await signInHistoryOf(deps, caller, caller.id, req.query) };
  });

  serve(app, r.rules, async (req) => ({ success: true as const, data: await sessionPolicy(deps, callerOf(req)) }));

  serve(app, r.ofEmployee, async (req) => ({ success: true as const, data: await sessionsOfPerson(deps, callerOf(req), req.params.id) }));

  serve(app, r.endAllOfEmployee, async (req) => {
    const data = await endPersonSessionsAll(deps, requestContext(req), callerOf(req), req.params.id);
    return { success: true as const, message: t(req, 'success.security.personSessionsEnded', { count: data.ended }), data };
  });

  serve(app, r.historyOfEmployee, async (req) => ({
    success: true as const, data: await signInHistoryOf(deps, callerOf(req), req.params.id, req.query),
  }));

  serve(app, r.policy, async (req) => ({ success: true as const, data: await sessionPolicy(deps, callerOf(req)) }));

  serve(app, r.savePolicy, async (req) => ({
    success: true as const,
    message: t(req, 'success.security.sessionPolicySaved'),
    data: await saveSessionPolicy(deps, requestContext(req), callerOf(req), req.body),
  }));
}
