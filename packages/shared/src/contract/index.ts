import { billingSettingsRoutes } from './billing-settings.js';
import { cashBoxRoutes } from './cash-boxes.js';
import { claimRoutes } from './claims.js';
import { clinicRoutes } from './clinics.js';
import { companyRoutes } from './companies.js';
import { complexRoutes } from './complexes.js';
import { departmentRoutes } from './departments.js';
import { exportRoutes } from './exports.js';
import { invoiceRoutes } from './invoices.js';
import { patientRoutes } from './patients.js';
import { roleRoutes } from './roles.js';
import { serviceRoutes } from './services.js';
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
  companies: companyRoutes,
  complexes: complexRoutes,
  clinics: clinicRoutes,
  departments: departmentRoutes,
  services: serviceRoutes,
  roles: roleRoutes,
  exports: exportRoutes,
};
