import { routes } from '@clinic/shared';
import type { App, Deps } from '../../lib/app-types.js';
import { serve } from '../../lib/contract-routes.js';
import { t } from '../../lib/i18n.js';
import { requestContext } from '../../lib/request-context.js';
import { callerOf } from '../../plugins/auth.js';
import { createAllergy, readAllergies, recordNoKnownAllergies, updateAllergy } from './allergies.service.js';
import { readClinicalSummary } from './summary.service.js';
import { listVitals, markEnteredInError, readRanges, recordVitals, saveRanges } from './vitals.service.js';

const v = routes.vitals;
const a = routes.allergies;

/** Vitals, allergies and the part of the patient header they feed. */
export function clinicalObservationRoutes(app: App, deps: Deps) {
  serve(app, v.list, async (req) => ({ success: true as const, data: await listVitals(deps, requestContext(req), callerOf(req), req.params.id, req.query) }));

  serve(app, v.record, async (req, reply) => {
    const data = await recordVitals(deps, requestContext(req), callerOf(req), req.params.id, req.body);
    return reply.status(201).send({ success: true as const, message: t(req, 'success.clinical.vitalsRecorded'), data });
  });

  serve(app, v.enteredInError, async (req) => {
    const data = await markEnteredInError(deps, requestContext(req), callerOf(req), req.params.id, req.params.vitalsId, req.body.reason);
    return { success: true as const, message: t(req, 'success.clinical.vitalsEnteredInError'), data };
  });

  serve(app, v.ranges, async (req) => ({ success: true as const, data: await readRanges(deps, callerOf(req)) }));

  serve(app, v.setRanges, async (req) => {
    const data = await saveRanges(deps, requestContext(req), callerOf(req), req.body);
    return { success: true as const, message: t(req, 'success.clinical.rangesSaved'), data };
  });

  serve(app, a.list, async (req) => ({ success: true as const, data: await readAllergies(deps, requestContext(req), callerOf(req), req.params.id) }));

  serve(app, a.create, async (req, reply) => {
    const data = await createAllergy(deps, requestContext(req), callerOf(req), req.params.id, req.body);
    return reply.status(201).send({ success: true as const, message: t(req, 'success.clinical.allergyRecorded'), data });
  });

  serve(app, a.update, async (req) => {
    const data = await updateAllergy(deps, requestContext(req), callerOf(req), req.params.id, req.params.allergyId, req.body);
    return { success: true as const, message: t(req, 'success.clinical.allergyUpdated'), data };
  });

  serve(app, a.noKnownAllergies, async (req) => {
    const data = await recordNoKnownAllergies(deps, requestContext(req), callerOf(req), req.params.id);
    return { success: true as const, message: t(req, 'success.clinical.noKnownAllergiesRecorded'), data };
  });

  serve(app, routes.clinicalSummary.get, async (req) => ({ success: true as const, data: await readClinicalSummary(deps, requestContext(req), callerOf(req), req.params.id) }));
}
