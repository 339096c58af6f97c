import { IconBuilding, IconBuildingCommunity, IconBuildingHospital } from '@tabler/icons-react';
import { PLAN_NUMBER, STORAGE_KEYS, planFromNumber, type Plan } from '@clinic/shared';

/** The three plans offered at registration, widest first. */
export const OFFERED_PLANS = [
  { plan: 'company', icon: IconBuilding },
  { plan: 'complex', icon: IconBuildingCommunity },
  { plan: 'clinic', icon: IconBuildingHospital },
] as const satisfies ReadonlyArray<{ plan: Plan; icon: unknown }>;

/** Stores the chosen plan as the wizard's number (1 clinic, 2 company, 3 complex, 4 department). */
export function storeSelectedPlan(plan: Plan): void {
  localStorage.setItem(STORAGE_KEYS.selectedPlan, String(PLAN_NUMBER[plan]));
}

/** The plan chosen on /SelectPlan; anything else means the Single Clinic plan. */
export function selectedPlan(): Plan {
  return planFromNumber(localStorage.getItem(STORAGE_KEYS.selectedPlan));
}
