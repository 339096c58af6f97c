import { z } from 'zod';
import { idParams, okSchema } from '../schemas/common.js';
import {
  bookingDays, bookingDaysQuery, bookingPage, bookingPageInput, bookingSite, bookingSlugParams, bookingTimes, bookingTimesQuery,
  onlineBookingDone, onlineBookingInput, onlineBookingSettings, onlineBookingSettingsInput, phoneCodeInput, phoneCodeSent,
  visitDaysQuery, visitRescheduleInput, visitTimesQuery,
} from '../schemas/online-booking.js';
import { visitView, visitTokenQuery } from '../schemas/reminder.js';
import { route } from './route.js';

const tags = ['online booking'];

/** Staff: each clinic's online-booking settings and the organisation's public booking address. */
export const onlineBookingSettingsRoutes = {
  settings: route({ method: 'GET', path: '/api/clinics/:id/online-booking', access: 'clinic_read', tags, params: idParams, response: { 200: okSchema(onlineBookingSettings) } }),
  saveSettings: route({ method: 'PUT', path: '/api/clinics/:id/online-booking', access: 'clinic_write', tags, params: idParams, body: onlineBookingSettingsInput, response: { 200: okSchema(onlineBookingSettings) } }),
  page: route({ method: 'GET', path: '/api/companies/:id/booking-page', access: 'company_read', tags, params: idParams, response: { 200: okSchema(bookingPage) } }),
  savePage: route({ method: 'PUT', path: '/api/companies/:id/booking-page', access: 'company_write', tags, params: idParams, body: bookingPageInput, response: { 200: okSchema(bookingPage) } }),
};

/**
 * Patients booking themselves, without signing in: the page's offer, free days and times under the same rules as the
 * desk, a one-time code to the mobile number, the booking; from the patient's link: free times to move to, the move,
 * and the visit as a calendar file.
 */
export const onlineBookingRoutes = {
  site: route({ method: 'GET', path: '/api/public/book/:slug', access: 'public', tags, params: bookingSlugParams, response: { 200: okSchema(bookingSite) } }),
  days: route({ method: 'GET', path: '/api/public/book/:slug/days', access: 'public', tags, params: bookingSlugParams, query: bookingDaysQuery, response: { 200: okSchema(bookingDays) } }),
  times: route({ method: 'GET', path: '/api/public/book/:slug/times', access: 'public', tags, params: bookingSlugParams, query: bookingTimesQuery, response: { 200: okSchema(bookingTimes) } }),
  sendCode: route({ method: 'POST', path: '/api/public/book/:slug/code', access: 'public', tags, params: bookingSlugParams, body: phoneCodeInput, response: { 202: okSchema(phoneCodeSent) } }),
  book: route({ method: 'POST', path: '/api/public/book/:slug/appointments', access: 'public', tags, params: bookingSlugParams, body: onlineBookingInput, response: { 201: okSchema(onlineBookingDone) } }),
  visitDays: route({ method: 'GET', path: '/api/public/visit/days', access: 'public', tags, query: visitDaysQuery, response: { 200: okSchema(bookingDays) } }),
  visitTimes: route({ method: 'GET', path: '/api/public/visit/times', access: 'public', tags, query: visitTimesQuery, response: { 200: okSchema(bookingTimes) } }),
  // The visit as it now is, with a new patient's link signed for the new time (the one used lapses with the old time).
  rescheduleVisit: route({
    method: 'POST', path: '/api/public/visit/reschedule', access: 'public', tags, body: visitRescheduleInput, response: { 200: okSchema(visitView.extend({ link: z.string() })) },
  }),
  visitIcs: route({ method: 'GET', path: '/api/public/visit/ics', access: 'public', tags, query: visitTokenQuery, response: 'file' }),
};
