import { hasPermission, routes } from '@clinic/shared';
import type { App, Deps } from '../../lib/app-types.js';
import { serve } from '../../lib/contract-routes.js';
import { guardStream } from '../../lib/credential-liveness.js';
import { openEventStream } from '../../lib/event-stream.js';
import { t } from '../../lib/i18n.js';
import { listEnvelope } from '../../lib/list.js';
import { requestContext } from '../../lib/request-context.js';
import { callerOf } from '../../plugins/auth.js';
import { listNotifications, markAllRead, markRead, unreadCount } from './notifications.service.js';

const r = routes.notifications;
const accessNeutral = { config: { accessNeutral: true } };

export function notificationRoutes(app: App, deps: Deps) {
  const streams = new Set<{ end(): void }>();
  // Before the server waits for open connections to end: a stream never ends by itself.
  app.addHook('preClose', async () => {
    for (const s of streams) s.end();
  });

  serve(app, r.list, async (req) => {
    const { data, total } = await listNotifications(deps, requestContext(req), callerOf(req), req.query);
    return listEnvelope(data, req.query, total);
  });

  serve(app, r.unreadCount, async (req) => ({ success: true as const, data: { unread: await unreadCount(deps, callerOf(req)) } }));

  serve(app, r.read, async (req) => {
    await markRead(deps, callerOf(req), req.params.id);
    return { success: true as const, message: t(req, 'success.reminders.read') };
  }, accessNeutral);

  serve(app, r.readAll, async (req) => {
    await markAllRead(deps, callerOf(req));
    return { success: true as const, message: t(req, 'success.reminders.allRead') };
  }, accessNeutral);

  /**
   * Server-sent events for the signed-in caller (read with fetch, which sends the Authorization header):
   * `notification` when the caller's notifications changed, `appointment` when an appointment of the company
   * changed and `queue` when a clinic's waiting room changed (both for callers who may read appointments). Ids only;
   * the browser refetches. The stream ends when the access token lapses, and the browser reconnects with a fresh one.
   */
  serve(app, r.live, async (req, reply) => {
    const caller = callerOf(req);
    let seesAppointments = hasPermission(caller.permissions, 'appointment_read');
    // Filled once the stream is open; released when it closes.
    let release = () => {};
    const stream = openEventStream(req, reply, () => release());
    if (!stream) return;
    const { raw, send } = stream;
    const unsubscribe = deps.live?.subscribe((e) => {
      if (e.c !== caller.companyId) return;
      if (e.t === 'notification' && e.r?.includes(caller.id)) send('notification', {});
      if (e.t === 'appointment' && seesAppointments) send('appointment', { appointment: e.a ?? null, clinic: e.k ?? null });
      if (e.t === 'queue' && seesAppointments) send('queue', { clinic: e.k ?? null });
    });
    // At most an access token's life: the browser reconnects with its current token, so a sign-out or a
    // deactivation ends the stream within that time.
    const lapse = setTimeout(() => raw.end(), deps.config.accessTokenTtlSeconds * 1000);
    streams.add(raw);
    // Closed as soon as the person is deactivated, deleted or signed out, or the company closed.
    const claims = req.accessClaims!;
    const unguard = guardStream(deps, { companyId: caller.companyId, employeeId: caller.id, sessionVersion: claims.sv, familyId: claims.fam },
      () => raw.end(), (now) => { seesAppointments = hasPermission(now.permissions, 'appointment_read'); });
    release = () => {
      clearTimeout(lapse);
      unsubscribe?.();
      unguard();
      streams.delete(raw);
    };
  }, { config: { stream: true }, schema: { hide: true } });
}
