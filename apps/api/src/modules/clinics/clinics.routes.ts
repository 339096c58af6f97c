import { routes } from '@clinic/shared';
import type { App, Deps } from '../../lib/app-types.js';
import { serve } from '../../lib/contract-routes.js';
import { t } from '../../lib/i18n.js';
import { listEnvelope } from '../../lib/list.js';
import { serveDelete, serveUpdate } from '../../lib/record-routes.js';
import { requestContext } from '../../lib/request-context.js';
import { callerOf } from '../../plugins/auth.js';
import { clinicPatientCount, createClinic, deleteClinic, getClinic, listClinics, updateClinic } from './clinics.service.js';

const r = routes.clinics;

export function clinicRoutes(app: App, deps: Deps) {
  serve(app, r.list, async (req) => {
    const { data, total } = await listClinics(deps, callerOf(req), req.query);
    return listEnvelope(data, req.query, total);
  });

  serve(app, r.get, async (req) => ({ success: true as const, data: await getClinic(deps, callerOf(req), req.params.id) }));

  serve(app, r.patientCount, async (req) => ({ success: true as const, data: await clinicPatientCount(deps, callerOf(req), req.params.id) }));

  serve(app, r.create, async (req, reply) => {
    const data = await createClinic(deps, requestContext(req), callerOf(req), req.body);
    return reply.status(201).send({ success: true as const, message: t(req, 'success.org.clinicCreated'), data });
  });

  serveUpdate(app, r.update, 'success.org.clinicUpdated', (ctx, caller, id, body) => updateClinic(deps, ctx, caller, id, body));

  serveDelete(app, r.remove, 'success.org.clinicDeleted', (ctx, caller, id) => deleteClinic(deps, ctx, caller, id));
}
