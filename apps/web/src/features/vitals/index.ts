/** The vitals feature: what the encounter screen and the patient page embed. */
export { VitalsForm } from './components/vitals-form';
export { VitalsPanel } from './components/vitals-panel';
export { VitalTrendChart } from './components/vital-trend-chart';
/** A vital's value in the user's digits with its unit's decimals (the chart's vitals entries). */
export { formatVital } from './components/vital-format';
