import {
  clinicInput, clinicListItem, clinicListQuery, clinicRecord, clinicUpdateInput, idParams, listSchema, okSchema, patientCountSchema,
} from '@clinic/shared';
import type { App, Deps } from '../../lib/app-types.js';
import { t } from '../../lib/i18n.js';
import { listEnvelope } from '../../lib/list.js';
import { deleteRoute, updateRoute } from '../../lib/record-routes.js';
import { requestContext } from '../../lib/request-context.js';
import { callerOf } from '../../plugins/auth.js';
import { clinicPatientCount, createClinic, deleteClinic, getClinic, listClinics, updateClinic } from './clinics.service.js';

export function clinicRoutes(app: App, deps: Deps) {
  const tags = ['clinics'];

  app.get('/api/clinics', {
    config: { permission: 'clinic_read' },
    schema: { tags, querystring: clinicListQuery, response: { 200: listSchema(clinicListItem) } },
    handler: async (req) => {
      const { data, total } = await listClinics(deps, callerOf(req), req.query);
      return listEnvelope(data, req.query, total);
    },
  });

  app.get('/api/clinics/:id', {
    config: { permission: 'clinic_read' },
    schema: { tags, params: idParams, response: { 200: okSchema(clinicRecord) } },
    handler: async (req) => ({ success: true as const, data: await getClinic(deps, callerOf(req), req.params.id) }),
  });

  app.get('/api/clinics/:id/patient-count', {
    config: { permission: 'clinic_read' },
    schema: { tags, params: idParams, response: { 200: okSchema(patientCountSchema) } },
    handler: async (req) => ({ success: true as const, data: await clinicPatientCount(deps, callerOf(req), req.params.id) }),
  });

  app.post('/api/clinics', {
    config: { permission: 'clinic_write' },
    schema: { tags, body: clinicInput, response: { 201: okSchema(clinicRecord) } },
    handler: async (req, reply) => {
      const data = await createClinic(deps, requestContext(req), callerOf(req), req.body);
      return reply.status(201).send({ success: true as const, message: t(req, 'success.org.clinicCreated'), data });
    },
  });

  updateRoute(app, '/api/clinics/:id', { tags, config: { permission: 'clinic_write' }, body: clinicUpdateInput, record: clinicRecord, message: 'success.org.clinicUpdated' },
    (ctx, caller, id, body) => updateClinic(deps, ctx, caller, id, body));

  deleteRoute(app, '/api/clinics/:id', { tags, config: { permission: 'clinic_write' }, message: 'success.org.clinicDeleted' },
    (ctx, caller, id) => deleteClinic(deps, ctx, caller, id));
}
