import { routes } from '@clinic/shared';
import type { App, Deps } from '../../lib/app-types.js';
import { serve } from '../../lib/contract-routes.js';
import { t } from '../../lib/i18n.js';
import { listEnvelope } from '../../lib/list.js';
import { requestContext } from '../../lib/request-context.js';
import { callerOf } from '../../plugins/auth.js';
import { cancelPrescription, issuePrescription } from './issue.service.js';
import { checkItems, createPrescription, listPrescriptions, readPrescription, updatePrescription } from './prescriptions.service.js';
import { verifyPrescription } from './verify.service.js';

const r = routes.prescriptions;
/** A patient or prescription of another company is refused as one that does not exist; nothing here changes access. */
const neutral = { accessNeutral: true };

export function prescriptionRoutes(app: App, deps: Deps) {
  serve(app, r.list, async (req) => {
    const { data, total } = await listPrescriptions(deps, requestContext(req), callerOf(req), req.params.id, req.query);
    return listEnvelope(data, req.query, total);
  }, { config: neutral });

  serve(app, r.check, async (req) => ({
    success: true as const, data: await checkItems(deps, requestContext(req), callerOf(req), req.params.id, req.body.items.map((i) => i.medication)),
  }), { config: neutral, schema: { description: 'The checks before issuing: allergy and duplicate warnings per item, and what could not be checked (allergies not recorded, no class check, no current medications). Audited as a read of the patient.' } });

  serve(app, r.create, async (req, reply) => {
    const data = await createPrescription(deps, requestContext(req), callerOf(req), req.params.id, req.body);
    return reply.status(201).send({ success: true as const, message: t(req, 'success.prescriptions.created'), data });
  }, { config: neutral });

  serve(app, r.get, async (req) => ({ success: true as const, data: await readPrescription(deps, requestContext(req), callerOf(req), req.params.id) }), { config: neutral });

  serve(app, r.update, async (req) => ({
    success: true as const, message: t(req, 'success.prescriptions.updated'), data: await updatePrescription(deps, requestContext(req), callerOf(req), req.params.id, req.body),
  }), { config: neutral });

  serve(app, r.issue, async (req) => ({
    success: true as const, message: t(req, 'success.prescriptions.issued'), data: await issuePrescription(deps, requestContext(req), callerOf(req), req.params.id, req.body),
  }), { config: neutral, schema: { description: 'Issues a draft. Every warning the checks answer now needs an acknowledgement with a reason (422 PRESCRIPTION_WARNINGS_NOT_ACKNOWLEDGED otherwise); the items join the patient\'s medication list in the same transaction.' } });

  serve(app, r.cancel, async (req) => ({
    success: true as const, message: t(req, 'success.prescriptions.cancelled'), data: await cancelPrescription(deps, requestContext(req), callerOf(req), req.params.id, req.body),
  }), { config: neutral });

  serve(app, r.verify, async (req) => ({ success: true as const, data: await verifyPrescription(deps, requestContext(req), req.body.token) }), {
    schema: { description: 'Public: is this printed prescription genuine, and valid, expired or cancelled? Answers the dates and the clinic, never the patient or a drug. Unknown codes are limited per address (429).' },
  });
}
