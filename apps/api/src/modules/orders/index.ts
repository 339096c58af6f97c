/** The orders module's public entry: what other modules may use of it (ESLint forbids reaching past it). */
export { orderRoutes } from './orders.routes.js';
