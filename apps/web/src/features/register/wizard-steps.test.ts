import { describe, expect, it } from 'vitest';
import { canGoBack, canGoForward, firstStepAfterSignIn, nextStep, previousStep, stepsFor } from './wizard-steps';

describe('registration wizard steps', () => {
  it('skips the levels the plan does not include', () => {
    expect(stepsFor('company')).toEqual([1, 2, 3, 4, 5]);
    expect(stepsFor('complex')).toEqual([1, 3, 4, 5]);
    expect(stepsFor('department')).toEqual([1, 4, 5]);
    expect(stepsFor('clinic')).toEqual([1, 5]);
  });

  it('starts after sign-in at the first step of the plan', () => {
    expect(firstStepAfterSignIn('company')).toBe(2);
    expect(firstStepAfterSignIn('complex')).toBe(3);
    expect(firstStepAfterSignIn('clinic')).toBe(5);
  });

  it('moves forward only past the complex and department steps, and back never before step 3', () => {
    expect(canGoForward(2)).toBe(false);
    expect(canGoForward(3)).toBe(true);
    expect(canGoForward(5)).toBe(false);
    expect(nextStep(3, 'complex')).toBe(4);
    expect(canGoBack(3, 'company')).toBe(false);
    expect(canGoBack(4, 'company')).toBe(true);
    expect(canGoBack(4, 'department')).toBe(false);
    expect(canGoBack(5, 'clinic')).toBe(false);
    expect(canGoBack(5, 'complex')).toBe(true);
    expect(previousStep(5, 'complex')).toBe(4);
  });
});
