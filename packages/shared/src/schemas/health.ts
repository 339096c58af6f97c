import { z } from 'zod';

/** GET /api/health: the server answers and so does its database (`pglite` or `postgres`). */
export const healthStatus = z.object({ success: z.literal(true), data: z.object({ status: z.literal('ok'), database: z.string() }) });

/** GET /api/health/live and /api/health/ready: the load balancer's probes. */
export const probeStatus = z.object({ success: z.literal(true), data: z.object({ status: z.enum(['live', 'ready']) }) });
