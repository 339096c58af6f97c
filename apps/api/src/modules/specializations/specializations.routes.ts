import {
  idParams, listSchema, okSchema, specializationCreateInput, specializationDetails, specializationListQuery,
  specializationRecord, specializationUpdateInput,
} from '@clinic/shared';
import type { App, Deps } from '../../lib/app-types.js';
import { t } from '../../lib/i18n.js';
import { listEnvelope } from '../../lib/list.js';
import { deleteRoute, updateRoute } from '../../lib/record-routes.js';
import { requestContext } from '../../lib/request-context.js';
import { callerOf } from '../../plugins/auth.js';
import {
  createSpecialization, deleteSpecialization, getSpecialization, listSpecializations, updateSpecialization,
} from './specializations.service.js';

const tags = ['specializations'];
const ok = okSchema(specializationDetails);
// Forms of other areas (employees, clinics) list specialities for their selects.
const readers = ['speciality_read', 'employee_read', 'clinic_read'] as const;

export function specializationRoutes(app: App, deps: Deps) {
  app.get('/api/specializations', {
    config: { permission: readers },
    schema: { tags, querystring: specializationListQuery, response: { 200: listSchema(specializationRecord) } },
    handler: async (req) => {
      const { data, total } = await listSpecializations(deps, callerOf(req), req.query);
      return listEnvelope(data, req.query, total);
    },
  });

  app.get('/api/specializations/:id', {
    config: { permission: readers },
    schema: { tags, params: idParams, response: { 200: ok } },
    handler: async (req) => ({ success: true as const, data: await getSpecialization(deps, callerOf(req), req.params.id) }),
  });

  app.post('/api/specializations', {
    config: { permission: 'speciality_write' },
    schema: { tags, body: specializationCreateInput, response: { 201: ok } },
    handler: async (req, reply) => {
      const data = await createSpecialization(deps, requestContext(req), callerOf(req), req.body);
      return reply.status(201).send({ success: true as const, message: t(req, 'success.scheduling.specialityCreated'), data });
    },
  });

  updateRoute(app, '/api/specializations/:id', { tags, config: { permission: 'speciality_write' }, body: specializationUpdateInput, record: specializationDetails, message: 'success.scheduling.specialityUpdated', methods: ['put', 'patch'] },
    (ctx, caller, id, body) => updateSpecialization(deps, ctx, caller, id, body));

  deleteRoute(app, '/api/specializations/:id', { tags, config: { permission: 'speciality_write' }, message: 'success.scheduling.specialityDeleted' },
    (ctx, caller, id) => deleteSpecialization(deps, ctx, caller, id));
}
