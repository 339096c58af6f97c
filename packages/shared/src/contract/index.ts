import { auditRoutes } from './audit.js';
import { authRoutes } from './auth.js';
import { employeeRoutes } from './employees.js';
import { fileRoutes } from './files.js';
import { healthRoutes } from './health.js';
import { invitationRoutes } from './invitations.js';
import { profileRoutes } from './profile.js';
import { specializationRoutes } from './specializations.js';

export * from './route.js';

/**
 * Every API route, by area. An area's file (`contract/<area>.ts`) holds its routes; this catalogue is what the API
 * registers and checks against, and what the web client calls.
 */
export const routes = {
  specializations: specializationRoutes,
  employees: employeeRoutes,
  invitations: invitationRoutes,
  profile: profileRoutes,
  auth: authRoutes,
  health: healthRoutes,
  files: fileRoutes,
  audit: auditRoutes,
};
