import { specializationRoutes } from './specializations.js';

export * from './route.js';

/**
 * Every API route, by area. An area's file (`contract/<area>.ts`) holds its routes; this catalogue is what the API
 * registers and checks against, and what the web client calls.
 */
export const routes = {
  specializations: specializationRoutes,
};
