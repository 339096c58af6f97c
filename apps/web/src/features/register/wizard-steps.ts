import { planAllows, type Plan } from '@clinic/shared';

/*
 * The registration wizard's five steps: 1 administrator, 2 company, 3 medical complex, 4 department,
 * 5 clinic. A plan skips the levels it does not include (a Complex plan has no company step, a Single
 * Clinic plan goes straight from the administrator to the clinic).
 */
export type WizardStep = 1 | 2 | 3 | 4 | 5;

const LEVEL_OF_STEP: Record<WizardStep, Plan | null> = { 1: null, 2: 'company', 3: 'complex', 4: 'department', 5: null };

export function stepsFor(plan: Plan): WizardStep[] {
  return ([1, 2, 3, 4, 5] as const).filter((s) => {
    const level = LEVEL_OF_STEP[s];
    return !level || planAllows(plan, level);
  });
}

/** The first step after signing in. */
export function firstStepAfterSignIn(plan: Plan): WizardStep {
  return stepsFor(plan).find((s) => s > 1) ?? 5;
}

export function nextStep(step: WizardStep, plan: Plan): WizardStep | null {
  return stepsFor(plan).find((s) => s > step) ?? null;
}

export function previousStep(step: WizardStep, plan: Plan): WizardStep | null {
  return [...stepsFor(plan)].reverse().find((s) => s < step) ?? null;
}

/**
 * Going back never reaches the sign-in or company steps (both exist once), nor a step the plan skips:
 * Prev is off at step 3 and below and when the step before is not part of the plan.
 */
export function canGoBack(step: WizardStep, plan: Plan): boolean {
  if (step <= 3) return false;
  const prev = previousStep(step, plan);
  return prev !== null && prev >= 3;
}

/** Next only moves on from the complex and department steps (sign-in and company must be done). */
export function canGoForward(step: WizardStep): boolean {
  return step > 2 && step < 5;
}

export interface WizardProgress {
  step: WizardStep;
  companyId?: string;
  complex?: { _id: string; name: string };
  department?: { _id: string; name: string };
  clinics: Array<{ _id: string; name: string }>;
}

const KEY = 'registerWizard';

/** Progress survives a reload of the page (for this tab). */
export function loadProgress(): WizardProgress | null {
  try {
    const value = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as WizardProgress | null;
    return value && [1, 2, 3, 4, 5].includes(value.step) ? { ...value, clinics: value.clinics ?? [] } : null;
  } catch {
    return null;
  }
}

export function saveProgress(progress: WizardProgress): void {
  sessionStorage.setItem(KEY, JSON.stringify(progress));
}

export function clearProgress(): void {
  sessionStorage.removeItem(KEY);
}
