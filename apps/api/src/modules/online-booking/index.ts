/** The online-booking module's public entry: the public booking page's routes. */
export { onlineBookingRoutes } from './online-booking.routes.js';
