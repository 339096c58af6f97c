import { resultDocumentInput, routes } from '@clinic/shared';
import type { App, Deps } from '../../lib/app-types.js';
import { serve } from '../../lib/contract-routes.js';
import { t } from '../../lib/i18n.js';
import { listEnvelope } from '../../lib/list.js';
import { readForm, usingForm, type MultipartSpec } from '../../lib/multipart.js';
import { requestContext } from '../../lib/request-context.js';
import { parseOrThrow } from '../../lib/validation.js';
import { callerOf } from '../../plugins/auth.js';
import { createCatalogueItem, listCatalogue, updateCatalogueItem } from './catalogue.service.js';
import {
  acknowledgeResults, cancelOrder, collectOrder, createOrder, getOrder, listPatientOrders, resultsToReview,
} from './orders.service.js';
import { attachResultDocument, enterResults, findByNumber } from './results.service.js';

const c = routes.orderCatalogue;
const r = routes.orders;
/** A patient or order of another company is refused as one that does not exist. */
const neutral = { accessNeutral: true };
/** A result document: PDF, JPG or PNG, checked by content (the files module's report checks). */
const RESULT_FORM: MultipartSpec = { files: { file: 'report' } };


export function orderRoutes(app: App, deps: Deps) {
  serve(app, c.list, async (req) => {
    const { data, total } = await listCatalogue(deps, callerOf(req), req.query);
    return listEnvelope(data, req.query, total);
  }, { schema: { description: 'The clinics\' order catalogue: search by code or name (English or Arabic), filter by clinic and kind.' } });

  serve(app, c.create, async (req, reply) => {
    const data = await createCatalogueItem(deps, requestContext(req), callerOf(req), req.body);
    return reply.status(201).send({ success: true as const, message: t(req, 'success.orders.catalogueSaved'), data });
  });

  serve(app, c.update, async (req) => ({
    success: true as const, message: t(req, 'success.orders.catalogueSaved'), data: await updateCatalogueItem(deps, requestContext(req), callerOf(req), req.params.id, req.body),
  }));

  serve(app, r.patientList, async (req) => {
    const { data, total } = await listPatientOrders(deps, requestContext(req), callerOf(req), req.params.id, req.query);
    return listEnvelope(data, req.query, total);
  }, { config: neutral });

  serve(app, r.create, async (req, reply) => {
    const data = await createOrder(deps, requestContext(req), callerOf(req), req.params.id, req.body);
    return reply.status(201).send({ success: true as const, message: t(req, 'success.orders.created', { number: data.number }), data });
  }, { config: neutral });

  serve(app, r.get, async (req) => ({ success: true as const, data: await getOrder(deps, requestContext(req), callerOf(req), req.params.id) }), { config: neutral });

  serve(app, r.cancel, async (req) => ({
    success: true as const, message: t(req, 'success.orders.cancelled'), data: await cancelOrder(deps, requestContext(req), callerOf(req), req.params.id, req.body),
  }), { config: neutral });

  serve(app, r.collect, async (req) => ({
    success: true as const, message: t(req, 'success.orders.collected'), data: await collectOrder(deps, requestContext(req), callerOf(req), req.params.id, req.body.version),
  }), { config: neutral });

  serve(app, r.acknowledge, async (req) => ({
    success: true as const, message: t(req, 'success.orders.acknowledged'), data: await acknowledgeResults(deps, requestContext(req), callerOf(req), req.params.id, req.body.version),
  }), { config: neutral });

  serve(app, r.byNumber, async (req) => ({ success: true as const, data: await findByNumber(deps, requestContext(req), callerOf(req), req.query.number) }), {
    schema: { description: 'The order a FULL order number names (e.g. LAB-2026-000123); a partial or unknown number is a 422 field error on `number`.' },
  });

  serve(app, r.enterResults, async (req) => ({
    success: true as const, message: t(req, 'success.orders.resulted'), data: await enterResults(deps, requestContext(req), callerOf(req), req.body),
  }), { schema: { description: 'Enters results per analyte against the FULL order number; flags are computed by the server; an abnormal result notifies the ordering doctor.' } });

  serve(app, r.attachResult, async (req) => {
    const caller = callerOf(req);
    const form = await readForm(req, deps, caller, RESULT_FORM);
    const data = await usingForm(form, () => {
      const { number, note } = parseOrThrow(resultDocumentInput, form.body);
      return attachResultDocument(deps, requestContext(req), caller, { number, note, file: form.files.file ?? null });
    });
    return { success: true as const, message: t(req, 'success.orders.resulted'), data };
  }, {
    schema: {
      consumes: ['multipart/form-data'],
      description: 'Attaches the result as a document: multipart with `file` (PDF, JPG or PNG, at most 10 MB, checked by content), `number` (the FULL order number) and `note`.',
    },
  });

  serve(app, r.mine, async (req) => {
    const { data, total } = await resultsToReview(deps, requestContext(req), callerOf(req), req.query);
    return listEnvelope(data, req.query, total);
  }, { schema: { description: 'The caller\'s results not yet acknowledged (orders they placed), abnormal first.' } });
}
