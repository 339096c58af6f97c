import {
  healthReportSchema,
  idParams,
  listSchema,
  okSchema,
  patientDeleteResult,
  patientDetails,
  patientListItem,
  patientListQuery,
  patientNoteInput,
  patientNoteSchema,
} from '@clinic/shared';
import type { App, Deps } from '../../lib/app-types.js';
import { t } from '../../lib/i18n.js';
import { listEnvelope } from '../../lib/list.js';
import { callerOf } from '../../plugins/auth.js';
import {
  addHealthReport,
  addPatientNote,
  createPatient,
  deletePatient,
  listPatients,
  readPatient,
  updatePatient,
} from './patients.service.js';

const tags = ['patients'];
/** The patient form arrives as multipart (`name[i][key]` flattening, picture in `image`) or as JSON. */
const formBody = { consumes: ['multipart/form-data', 'application/json'] };

export function patientRoutes(app: App, deps: Deps) {
  app.get('/api/patients', {
    config: { permission: 'patient_read' },
    schema: { tags, querystring: patientListQuery, response: { 200: listSchema(patientListItem) } },
    handler: async (req) => {
      const { data, total } = await listPatients(deps, callerOf(req).companyId, req.query);
      return listEnvelope(data, req.query, total);
    },
  });

  app.get('/api/patients/:id', {
    config: { permission: 'patient_read' },
    schema: { tags, params: idParams, response: { 200: okSchema(patientDetails) } },
    handler: async (req) => ({ success: true as const, data: await readPatient(deps, req, req.params.id) }),
  });

  app.post('/api/patients', {
    config: { permission: 'patient_write', accessNeutral: true },
    schema: { tags, ...formBody, response: { 201: okSchema(patientDetails) } },
    handler: async (req, reply) => {
      const data = await createPatient(deps, req);
      return reply.status(201).send({ success: true as const, message: t(req, 'success.patientCreated'), data });
    },
  });

  app.put('/api/patients/:id', {
    config: { permission: 'patient_write', accessNeutral: true },
    schema: { tags, ...formBody, params: idParams, response: { 200: okSchema(patientDetails) } },
    handler: async (req) => ({ success: true as const, message: t(req, 'success.patientUpdated'), data: await updatePatient(deps, req, req.params.id) }),
  });

  app.delete('/api/patients/:id', {
    config: { permission: 'patient_write', accessNeutral: true },
    schema: { tags, params: idParams, response: { 200: okSchema(patientDeleteResult) } },
    handler: async (req) => {
      const data = await deletePatient(deps, req, req.params.id);
      const message = t(req, data.outcome === 'deleted' ? 'success.patientDeleted' : 'success.patientDeactivated');
      return { success: true as const, message, data };
    },
  });

  app.post('/api/patients/:id/notes', {
    config: { permission: 'patient_write', accessNeutral: true },
    schema: { tags, params: idParams, body: patientNoteInput, response: { 201: okSchema(patientNoteSchema) } },
    handler: async (req, reply) => {
      const data = await addPatientNote(deps, req, req.params.id, req.body.body);
      return reply.status(201).send({ success: true as const, message: t(req, 'success.patientNoteAdded'), data });
    },
  });

  app.post('/api/patients/:id/documents', {
    config: { permission: 'patient_write', accessNeutral: true },
    schema: {
      tags,
      consumes: ['multipart/form-data'],
      description: 'Uploads a health report: multipart with `file` (PDF, JPG or PNG, at most 10 MB, checked by content) and `title`.',
      params: idParams,
      response: { 201: okSchema(healthReportSchema) },
    },
    handler: async (req, reply) => {
      const data = await addHealthReport(deps, req, req.params.id);
      return reply.status(201).send({ success: true as const, message: t(req, 'success.patientReportUploaded'), data });
    },
  });
}
