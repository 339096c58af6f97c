import { routes } from '@clinic/shared';
import { clockNow, type App, type Deps } from '../../lib/app-types.js';
import { serve } from '../../lib/contract-routes.js';
import { t } from '../../lib/i18n.js';
import { canonicalPhone } from '../../lib/phone.js';
import { requestContext } from '../../lib/request-context.js';
import { bookOnline } from './book.service.js';
import { bookingDays, bookingSite, bookingTimes, companyOfPage } from './booking-page.service.js';
import { sendCode } from './phone-codes.js';

const r = routes.onlineBooking;

/**
 * The public booking page (no sign-in). Its answers never depend on whether a number or a person is known to the
 * organisation. The patient's link's routes (free times, the move, the calendar file) are served with the patient's
 * page, in modules/reminders.
 */
export function onlineBookingRoutes(app: App, deps: Deps) {
  serve(app, r.site, async (req) => ({ success: true as const, data: await bookingSite(deps, req.params.slug) }));

  serve(app, r.days, async (req) => ({ success: true as const, data: await bookingDays(deps, req.params.slug, req.query, clockNow(deps)) }));

  serve(app, r.times, async (req) => ({ success: true as const, data: await bookingTimes(deps, req.params.slug, req.query, clockNow(deps)) }));

  serve(app, r.sendCode, async (req, reply) => {
    const company = await companyOfPage(deps.db, req.params.slug);
    const data = await sendCode(deps, {
      companyId: company.id, organisation: company.name, phone: canonicalPhone(req.body.phone), ip: req.ip, language: req.body.language, whatsapp: req.body.whatsapp,
    }, clockNow(deps));
    return reply.status(202).send({ success: true as const, message: t(req, 'success.bookingPage.codeSent'), data });
  });

  serve(app, r.book, async (req, reply) => {
    const { requested, ...data } = await bookOnline(deps, requestContext(req), req.params.slug, req.body, clockNow(deps));
    return reply.status(201).send({ success: true as const, message: t(req, requested ? 'success.bookingPage.requested' : 'success.bookingPage.booked'), data });
  });
}
