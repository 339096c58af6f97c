import { routes } from '@clinic/shared';
import type { App, Deps } from '../../lib/app-types.js';
import { recordAudit } from '../../lib/audit.js';
import { serve } from '../../lib/contract-routes.js';
import { t } from '../../lib/i18n.js';
import { requestContext } from '../../lib/request-context.js';
import { callerOf } from '../../plugins/auth.js';
import { statementCsv, statementFileName } from './doctor-shares.csv.js';
import { createPayout, createRule, getStatement, listDoctors, listRules, withdrawRule } from './doctor-shares.service.js';

const r = routes.doctorShares;
/** None of these changes who may do what: the signed-in callers stay cached. */
const neutral = { config: { accessNeutral: true } };

/* The doctor's share: rules, a doctor's statement of a period (and its CSV), payouts. */
export function doctorShareRoutes(app: App, deps: Deps) {
  serve(app, r.doctors, async (req) => ({ success: true as const, data: await listDoctors(deps, callerOf(req)) }),
    { schema: { description: 'The doctors whose share the caller may see: every doctor with doctor_share_read_all, else the caller if a doctor.' } });

  serve(app, r.rules, async (req) => ({ success: true as const, data: await listRules(deps, callerOf(req), req.query) }));

  serve(app, r.createRule, async (req, reply) => {
    const data = await createRule(deps, requestContext(req), callerOf(req), req.body);
    return reply.status(201).send({ success: true as const, message: t(req, 'success.doctorShares.ruleCreated'), data });
  }, { ...neutral, schema: { description: 'From today or later in the company\'s time zone (422 DOCTOR_SHARE_RULE_BACKDATED otherwise).' } });

  serve(app, r.withdrawRule, async (req) => {
    await withdrawRule(deps, requestContext(req), callerOf(req), req.params.id);
    return { success: true as const, message: t(req, 'success.doctorShares.ruleWithdrawn') };
  }, neutral);

  serve(app, r.statement, async (req) => ({ success: true as const, data: await getStatement(deps, requestContext(req), callerOf(req), req.query) }));

  serve(app, r.statementCsv, async (req, reply) => {
    const ctx = requestContext(req);
    const caller = callerOf(req);
    const statement = await getStatement(deps, ctx, caller, req.query);
    await recordAudit(deps.db, ctx, {
      companyId: caller.companyId, actorId: caller.id, action: 'export', entity: 'doctor_share', entityId: req.query.doctor,
      changes: { filters: { from: req.query.from, to: req.query.to }, rows: statement.entries.length },
    });
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${statementFileName(statement)}"`)
      .header('cache-control', 'no-store')
      .send(statementCsv(ctx, statement));
  });

  serve(app, r.createPayout, async (req, reply) => {
    const data = await createPayout(deps, requestContext(req), callerOf(req), req.body);
    return reply.status(201).send({ success: true as const, message: t(req, 'success.doctorShares.payoutRecorded'), data });
  }, neutral);
}
