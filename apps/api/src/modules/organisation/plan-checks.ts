import { count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { clinicCollections, clinics, departments } from '../../db/schema/index.js';
import type { Caller } from '../../lib/app-types.js';
import { AppError } from '../../lib/errors.js';
import { t } from '../../lib/i18n.js';
import type { RequestContext } from '../../lib/request-context.js';
import { blockingDependents, createRefusal, type Dependents, type Level } from './organisation.domain.js';

/** What the plan allows at each level of the organisation, and refusing a delete that others still depend on. */

const levelTables = { complex: clinicCollections, department: departments, clinic: clinics } as const;

/** Refuses (403) creating one more record of a level when the caller's plan does not allow it (named in the context's language). */
export async function assertPlanAllows(db: Db, ctx: RequestContext, caller: Caller, level: Exclude<Level, 'company'>) {
  const table = levelTables[level];
  const [row] = await db.select({ n: count() }).from(table).where(eq(table.companyId, caller.companyId));
  const refusal = createRefusal(caller.plan, level, row?.n ?? 0);
  if (!refusal) return;
  if (refusal.code === 'PLAN_NOT_CHOSEN') throw new AppError(403, refusal.code, refusal.key);
  const params = refusal.code === 'PLAN_FORBIDS_LEVEL'
    ? { level: t(ctx, `errors.org.levels.${level}`) }
    : { level: t(ctx, `errors.org.level.${level}`) };
  throw new AppError(403, refusal.code, refusal.key, params);
}

/** 409 naming what still depends on the record, in the caller's language. */
export function assertNoDependents(ctx: RequestContext, dependents: Dependents) {
  const what = dependentsText(ctx, dependents);
  if (what) throw new AppError(409, 'IN_USE', 'errors.inUse', { what });
}

/** The non-zero dependents as a counted list ("2 clinics, 1 doctor"), in the caller's language; '' when none. */
export function dependentsText(ctx: RequestContext, dependents: Dependents): string {
  return blockingDependents(dependents)
    .map(([kind, n]) => t(ctx, `errors.org.dependents.${kind}`, { count: n }))
    .join(t(ctx, 'errors.org.dependents.separator'));
}
