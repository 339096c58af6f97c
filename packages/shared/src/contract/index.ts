import { billingSettingsRoutes } from './billing-settings.js';
import { cashBoxRoutes } from './cash-boxes.js';
import { claimRoutes } from './claims.js';
import { invoiceRoutes } from './invoices.js';
import { patientRoutes } from './patients.js';
import { specializationRoutes } from './specializations.js';

export * from './route.js';

/**
 * Every API route, by area. An area's file (`contract/<area>.ts`) holds its routes; this catalogue is what the API
 * registers and checks against, and what the web client calls.
 */
export const routes = {
  specializations: specializationRoutes,
  invoices: invoiceRoutes,
  cashBoxes: cashBoxRoutes,
  claims: claimRoutes,
  billingSettings: billingSettingsRoutes,
  patients: patientRoutes,
};
