import { describe, expect, it } from 'vitest';
import { blockingDependents, createRefusal, levelLimit, planIncludes } from './organisation.domain.js';

describe('plan rules', () => {
  it('includes the levels at or below the plan', () => {
    expect(planIncludes('company', 'complex')).toBe(true);
    expect(planIncludes('complex', 'department')).toBe(true);
    expect(planIncludes('complex', 'company')).toBe(false);
    expect(planIncludes('department', 'complex')).toBe(false);
    expect(planIncludes('clinic', 'department')).toBe(false);
    expect(planIncludes('clinic', 'clinic')).toBe(true);
  });

  it('allows one record of the plan\'s own top level and any number below it', () => {
    expect(levelLimit('clinic', 'clinic')).toBe(1);
    expect(levelLimit('complex', 'complex')).toBe(1);
    expect(levelLimit('complex', 'clinic')).toBe(Number.POSITIVE_INFINITY);
    expect(levelLimit('company', 'complex')).toBe(Number.POSITIVE_INFINITY);
    expect(levelLimit('department', 'complex')).toBe(0);
  });

  it('says why a creation is refused', () => {
    expect(createRefusal(null, 'clinic', 0)?.code).toBe('PLAN_NOT_CHOSEN');
    expect(createRefusal('clinic', 'complex', 0)).toEqual({ code: 'PLAN_FORBIDS_LEVEL', key: 'errors.planForbidsLevel', level: 'complex' });
    expect(createRefusal('department', 'complex', 0)?.code).toBe('PLAN_FORBIDS_LEVEL');
    expect(createRefusal('clinic', 'clinic', 0)).toBeNull();
    expect(createRefusal('clinic', 'clinic', 1)).toEqual({ code: 'PLAN_LIMIT_REACHED', key: 'errors.org.planLimitReached', level: 'clinic' });
    expect(createRefusal('complex', 'complex', 1)?.code).toBe('PLAN_LIMIT_REACHED');
    expect(createRefusal('company', 'complex', 7)).toBeNull();
    expect(createRefusal('complex', 'clinic', 40)).toBeNull();
  });
});

describe('dependents', () => {
  it('lists only what blocks a deletion, structure first', () => {
    expect(blockingDependents({ staff: 2, appointments: 0, clinics: 3 })).toEqual([['clinics', 3], ['staff', 2]]);
    expect(blockingDependents({})).toEqual([]);
  });
});
