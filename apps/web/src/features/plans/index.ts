/** What other features use of the plans feature. */
export { selectedPlan } from './plans';
