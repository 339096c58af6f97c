import { PATIENT_JSON_FIELDS, patientInput, patientReportInput, patientUpdateInput, routes } from '@clinic/shared';
import type { App, Deps } from '../../lib/app-types.js';
import { serve } from '../../lib/contract-routes.js';
import { t } from '../../lib/i18n.js';
import { listEnvelope } from '../../lib/list.js';
import { readForm, usingForm, type MultipartSpec } from '../../lib/multipart.js';
import { requestContext } from '../../lib/request-context.js';
import { parseOrThrow } from '../../lib/validation.js';
import { callerOf } from '../../plugins/auth.js';
import {
  addHealthReport,
  addPatientNote,
  createPatient,
  deletePatient,
  listPatients,
  readPatient,
  requirePatient,
  updatePatient,
} from './patients.service.js';
import { createQuickPatient } from './patients.quick.js';
import { mergePatients, patientRecordCounts } from './patients.merge.js';

const r = routes.patients;
/** Writes are refused the same way whether or not the patient exists in another company. */
const neutral = { accessNeutral: true };
/** The patient form arrives as multipart (`name[i][key]` flattening, picture in `image`) or as JSON. */
const formBody = { consumes: ['multipart/form-data', 'application/json'] };
const PATIENT_FORM: MultipartSpec = { files: { image: 'image' }, jsonFields: [...PATIENT_JSON_FIELDS] };
const REPORT_FORM: MultipartSpec = { files: { file: 'report' } };


export function patientRoutes(app: App, deps: Deps) {
  serve(app, r.list, async (req) => {
    const { data, total } = await listPatients(deps, callerOf(req).companyId, req.query);
    return listEnvelope(data, req.query, total);
  });

  serve(app, r.get, async (req) => ({ success: true as const, data: await readPatient(deps, requestContext(req), callerOf(req), req.params.id) }));

  serve(app, r.create, async (req, reply) => {
    const caller = callerOf(req);
    const form = await readForm(req, deps, caller, PATIENT_FORM);
    const data = await usingForm(form, () =>
      createPatient(deps, requestContext(req), caller, parseOrThrow(patientInput, form.body), form.files.image ?? null));
    return reply.status(201).send({ success: true as const, message: t(req, 'success.patientCreated'), data });
  }, { config: neutral, schema: formBody });

  serve(app, r.quick, async (req, reply) => {
    const data = await createQuickPatient(deps, requestContext(req), callerOf(req), req.body);
    return reply.status(201).send({ success: true as const, message: t(req, 'success.patientQuickCreated'), data });
  }, {
    config: neutral,
    schema: {
      description: 'Quick registration of a walk-in (name, mobile, date of birth, sex): the patient is marked incomplete until the full form is saved. 409 DUPLICATE_PATIENT (with `data.patientId`) when the company already has a patient with this mobile and date of birth.',
    },
  });

  serve(app, r.update, async (req) => {
    const caller = callerOf(req);
    await requirePatient(deps, caller, req.params.id);
    const form = await readForm(req, deps, caller, PATIENT_FORM);
    const data = await usingForm(form, () =>
      updatePatient(deps, requestContext(req), caller, req.params.id, parseOrThrow(patientUpdateInput, form.body), form.files.image ?? null));
    return { success: true as const, message: t(req, 'success.patientUpdated'), data };
  }, { config: neutral, schema: formBody });

  serve(app, r.remove, async (req) => {
    const data = await deletePatient(deps, requestContext(req), callerOf(req), req.params.id);
    const message = t(req, data.outcome === 'deleted' ? 'success.patientDeleted' : 'success.patientDeactivated');
    return { success: true as const, message, data };
  }, { config: neutral });

  serve(app, r.recordCounts, async (req) => ({ success: true as const, data: await patientRecordCounts(deps, callerOf(req), req.params.id) }));

  serve(app, r.merge, async (req) => {
    const data = await mergePatients(deps, requestContext(req), callerOf(req), req.params.id, req.body);
    return { success: true as const, message: t(req, 'success.patientMerged', { publicId: data.publicId }), data };
  }, {
    config: neutral,
    schema: {
      description: 'Merges the patient of the path (a duplicate) into `into`: every appointment, series, waitlist entry, note, report, invoice, claim and clinical row moves to it in one transaction, its empty fields are filled from the duplicate, and the duplicate is removed; both audited. 409 STALE_RECORD when either record changed since `version` / `intoVersion`; 409 PATIENT_MERGE_CLASH when active appointments of the two overlap; 422 when `into` is the same patient; 404 when either is not the company\'s.',
    },
  });

  serve(app, r.addNote, async (req, reply) => {
    const data = await addPatientNote(deps, requestContext(req), callerOf(req), req.params.id, req.body.body);
    return reply.status(201).send({ success: true as const, message: t(req, 'success.patientNoteAdded'), data });
  }, { config: neutral });

  serve(app, r.uploadDocument, async (req, reply) => {
    const caller = callerOf(req);
    await requirePatient(deps, caller, req.params.id);
    const form = await readForm(req, deps, caller, REPORT_FORM);
    const data = await usingForm(form, () => {
      const { title } = parseOrThrow(patientReportInput, form.body);
      return addHealthReport(deps, requestContext(req), caller, req.params.id, { title, file: form.files.file ?? null });
    });
    return reply.status(201).send({ success: true as const, message: t(req, 'success.patientReportUploaded'), data });
  }, {
    config: neutral,
    schema: {
      consumes: ['multipart/form-data'],
      description: 'Uploads a health report: multipart with `file` (PDF, JPG or PNG, at most 10 MB, checked by content) and `title`.',
    },
  });
}
