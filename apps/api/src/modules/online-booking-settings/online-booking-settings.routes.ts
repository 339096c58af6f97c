import { routes } from '@clinic/shared';
import type { App, Deps } from '../../lib/app-types.js';
import { serve } from '../../lib/contract-routes.js';
import { t } from '../../lib/i18n.js';
import { requestContext } from '../../lib/request-context.js';
import { callerOf } from '../../plugins/auth.js';
import { getBookingPage, getOnlineBookingSettings, saveBookingPage, saveOnlineBookingSettings } from './online-booking-settings.service.js';

const r = routes.onlineBookingSettings;
const accessNeutral = { config: { accessNeutral: true } };

export function onlineBookingSettingsRoutes(app: App, deps: Deps) {
  serve(app, r.settings, async (req) => ({ success: true as const, data: await getOnlineBookingSettings(deps, callerOf(req), req.params.id) }));

  serve(app, r.saveSettings, async (req) => ({
    success: true as const,
    message: t(req, 'success.onlineBooking.settingsSaved'),
    data: await saveOnlineBookingSettings(deps, requestContext(req), callerOf(req), req.params.id, req.body),
  }), accessNeutral);

  serve(app, r.page, async (req) => ({ success: true as const, data: await getBookingPage(deps, callerOf(req), req.params.id) }));

  serve(app, r.savePage, async (req) => ({
    success: true as const,
    message: t(req, 'success.onlineBooking.pageSaved'),
    data: await saveBookingPage(deps, requestContext(req), callerOf(req), req.params.id, req.body),
  }), accessNeutral);
}
