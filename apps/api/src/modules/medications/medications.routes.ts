import { routes } from '@clinic/shared';
import type { App, Deps } from '../../lib/app-types.js';
import { serve } from '../../lib/contract-routes.js';
import { t } from '../../lib/i18n.js';
import { listEnvelope } from '../../lib/list.js';
import { requestContext } from '../../lib/request-context.js';
import { callerOf } from '../../plugins/auth.js';
import { readCatalogueFile } from './catalogue-upload.js';
import { importCatalogue, listMedications, setMedicationStatus } from './catalogue.service.js';
import { addPatientMedication, closeMedication, listPatientMedications } from './patient-medications.service.js';

const r = routes.medications;
/** A patient or entry of another company is refused as one that does not exist. */
const neutral = { accessNeutral: true };

export function medicationRoutes(app: App, deps: Deps) {
  serve(app, r.list, async (req) => {
    const { data, total } = await listMedications(deps, callerOf(req), req.query);
    return listEnvelope(data, req.query, total);
  }, { schema: { description: 'The medication catalogue: search by name, generic name or Arabic name (Arabic letters folded), paged.' } });

  serve(app, r.import, async (req) => {
    const text = await readCatalogueFile(req);
    return { success: true as const, message: t(req, 'success.medicationCatalogueImported'), data: await importCatalogue(deps, requestContext(req), callerOf(req), text) };
  }, {
    schema: {
      consumes: ['multipart/form-data'],
      description: 'Imports the catalogue: multipart with `file`, a UTF-8 CSV (at most 2 MB, 5,000 drugs, checked by content) whose header names name, generic name, form, strength, Arabic name. Any bad line refuses the whole file (422 CATALOGUE_CSV_REJECTED, `fields` by `line.N`); drugs with the same name, form and strength are updated.',
    },
  });

  serve(app, r.setStatus, async (req) => ({
    success: true as const, data: await setMedicationStatus(deps, requestContext(req), callerOf(req), req.params.id, req.body),
  }));

  serve(app, r.patientList, async (req) => {
    const { data, total } = await listPatientMedications(deps, requestContext(req), callerOf(req), req.params.id, req.query);
    return listEnvelope(data, req.query, total);
  }, { config: neutral });

  serve(app, r.add, async (req, reply) => {
    const data = await addPatientMedication(deps, requestContext(req), callerOf(req), req.params.id, req.body);
    return reply.status(201).send({ success: true as const, message: t(req, 'success.medicationAdded'), data });
  }, { config: neutral });

  serve(app, r.stop, async (req) => ({
    success: true as const, message: t(req, 'success.medicationStopped'), data: await closeMedication(deps, requestContext(req), callerOf(req), req.params.id, 'stopped', req.body),
  }), { config: neutral });

  serve(app, r.complete, async (req) => ({
    success: true as const, message: t(req, 'success.medicationCompleted'), data: await closeMedication(deps, requestContext(req), callerOf(req), req.params.id, 'completed', req.body),
  }), { config: neutral });
}
