/** The online-booking module's public entry: the public booking page's routes, and its free times (the demo's seed books them). */
export { onlineBookingRoutes } from './online-booking.routes.js';
export { loadOffer, offerStarts } from './free-times.js';
export { rescheduleVisit, visitDays, visitIcs, visitTimes } from './visit-moves.js';
export { cleanUpPhoneCodes } from './phone-codes.js';
