import { healthStatus, probeStatus } from '../schemas/health.js';
import { route } from './route.js';

const tags = ['health'];

/** Whether the server and its database answer (503 when not), and the load balancer's probes; no sign-in needed. */
export const healthRoutes = {
  status: route({ method: 'GET', path: '/api/health', access: 'public', tags, response: { 200: healthStatus } }),
  live: route({ method: 'GET', path: '/api/health/live', access: 'public', tags, response: { 200: probeStatus } }),
  ready: route({ method: 'GET', path: '/api/health/ready', access: 'public', tags, response: { 200: probeStatus } }),
};
