import { okSchema } from '../schemas/common.js';
import { dashboardFigures, dashboardQuery } from '../schemas/dashboard.js';
import { route } from './route.js';

/** The figures of one clinic, the clinics of a complex, or the company, over clinic-local days. */
export const dashboardRoutes = {
  get: route({ method: 'GET', path: '/api/dashboard', access: 'dashboard_read', tags: ['dashboard'], query: dashboardQuery, response: { 200: okSchema(dashboardFigures) } }),
};
