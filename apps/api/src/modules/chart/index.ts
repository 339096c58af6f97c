/** The chart module's public entry: the patient's timeline across the clinical record. */
export { chartRoutes } from './chart.routes.js';
