import { PLANS, PLAN_TIER, type Plan } from '@clinic/shared';

/*
 * Plan rules of the organisation structure, as pure functions.
 * Levels ascend clinic < department < complex < company; a plan includes every level up to its own.
 * The plan's own top level exists once: a Single Clinic plan has one clinic, a Complex plan one complex,
 * a Department plan one department (the Company plan has one company by nature).
 */

export type Level = Plan;

export function asPlan(value: string | null | undefined): Plan | null {
  return (PLANS as readonly string[]).includes(value ?? '') ? (value as Plan) : null;
}

/** True when the plan includes the level. */
export function planIncludes(plan: Plan, level: Level): boolean {
  return PLAN_TIER[plan] >= PLAN_TIER[level];
}

/** How many records of a level the plan allows: one of its own top level, any number below it. */
export function levelLimit(plan: Plan, level: Level): number {
  if (!planIncludes(plan, level)) return 0;
  return plan === level ? 1 : Number.POSITIVE_INFINITY;
}

export type CreateRefusal =
  | { code: 'PLAN_NOT_CHOSEN'; key: 'errors.org.planNotChosen' }
  | { code: 'PLAN_FORBIDS_LEVEL'; key: 'errors.planForbidsLevel'; level: Level }
  | { code: 'PLAN_LIMIT_REACHED'; key: 'errors.org.planLimitReached'; level: Level };

/** Why the plan refuses one more record of a level, or null when it may be created. */
export function createRefusal(plan: string | null | undefined, level: Level, existing: number): CreateRefusal | null {
  const p = asPlan(plan);
  if (!p) return { code: 'PLAN_NOT_CHOSEN', key: 'errors.org.planNotChosen' };
  if (!planIncludes(p, level)) return { code: 'PLAN_FORBIDS_LEVEL', key: 'errors.planForbidsLevel', level };
  if (existing >= levelLimit(p, level)) return { code: 'PLAN_LIMIT_REACHED', key: 'errors.org.planLimitReached', level };
  return null;
}

export interface Dependents {
  appointments?: number;
  services?: number;
  staff?: number;
  clinics?: number;
  departments?: number;
  doctors?: number;
}

/** The non-zero dependents, in the order a person would check them. */
export function blockingDependents(d: Dependents): Array<[keyof Dependents, number]> {
  const order: Array<keyof Dependents> = ['departments', 'clinics', 'doctors', 'appointments', 'services', 'staff'];
  return order.filter((k) => (d[k] ?? 0) > 0).map((k) => [k, d[k] ?? 0]);
}
