import { CODE_IMPORT_MAX_BYTES, diagnosisCodeImportFields, routes } from '@clinic/shared';
import type { App, Deps } from '../../lib/app-types.js';
import { serve } from '../../lib/contract-routes.js';
import { t } from '../../lib/i18n.js';
import { readCsvForm } from '../../lib/csv-import.js';
import { requestContext } from '../../lib/request-context.js';
import { parseOrThrow } from '../../lib/validation.js';
import { callerOf } from '../../plugins/auth.js';
import { importCodes, installStarterCodes, searchCodes, summarizeCodes, tooLarge } from './diagnosis-codes.service.js';
import { addDiagnosis, addProblem, listEncounterDiagnoses, listProblems, removeDiagnosis, updateDiagnosis, updateProblem } from './problems.service.js';

const codes = routes.diagnosisCodes;
const p = routes.problems;
/** No write here changes accounts, roles or permissions: the caller cache stays. */
const neutral = { accessNeutral: true };

export function diagnosisRoutes(app: App, deps: Deps) {
  serve(app, codes.search, async (req) => ({ success: true as const, data: await searchCodes(deps, callerOf(req), req.query) }));
  serve(app, codes.summary, async (req) => ({ success: true as const, data: await summarizeCodes(deps, callerOf(req)) }));

  serve(app, codes.import, async (req) => {
    const { fields, bytes } = await readCsvForm(req, { maxBytes: CODE_IMPORT_MAX_BYTES, tooLarge, fieldNames: ['system'] });
    const { system } = parseOrThrow(diagnosisCodeImportFields, fields);
    const data = await importCodes(deps, requestContext(req), callerOf(req), system, bytes);
    return { success: true as const, message: t(req, 'success.diagnoses.imported'), data };
  }, {
    config: neutral,
    schema: {
      consumes: ['multipart/form-data', 'application/json'],
      description: 'Imports a code list: multipart with `file` (CSV, UTF-8: code, English title, Arabic title; an optional header row; at most 8 MB and 100,000 rows) and `system` (default ICD-10). All or nothing: 422 CODE_IMPORT_REJECTED names each bad line in `fields` (`line.<n>`). Importing again updates the titles.',
    },
  });

  serve(app, codes.installStarter, async (req) => ({
    success: true as const, message: t(req, 'success.diagnoses.imported'), data: await installStarterCodes(deps, requestContext(req), callerOf(req)),
  }), { config: neutral });

  serve(app, p.diagnoses, async (req) => ({
    success: true as const, data: await listEncounterDiagnoses(deps, requestContext(req), callerOf(req), req.params.id, req.query.encounterId),
  }));

  serve(app, p.addDiagnosis, async (req, reply) => {
    const data = await addDiagnosis(deps, requestContext(req), callerOf(req), req.params.id, req.body);
    return reply.status(201).send({ success: true as const, message: t(req, 'success.diagnoses.added'), data });
  }, { config: neutral });

  serve(app, p.updateDiagnosis, async (req) => ({
    success: true as const, message: t(req, 'success.diagnoses.updated'),
    data: await updateDiagnosis(deps, requestContext(req), callerOf(req), req.params.id, req.params.diagnosisId, req.body),
  }), { config: neutral });

  serve(app, p.removeDiagnosis, async (req) => {
    await removeDiagnosis(deps, requestContext(req), callerOf(req), req.params.id, req.params.diagnosisId);
    return { success: true as const, message: t(req, 'success.diagnoses.removed') };
  }, { config: neutral });

  serve(app, p.list, async (req) => ({ success: true as const, data: await listProblems(deps, requestContext(req), callerOf(req), req.params.id) }));

  serve(app, p.add, async (req, reply) => {
    const data = await addProblem(deps, requestContext(req), callerOf(req), req.params.id, req.body);
    return reply.status(201).send({ success: true as const, message: t(req, 'success.diagnoses.problemAdded'), data });
  }, { config: neutral });

  serve(app, p.update, async (req) => ({
    success: true as const, message: t(req, 'success.diagnoses.problemUpdated'),
    data: await updateProblem(deps, requestContext(req), callerOf(req), req.params.id, req.params.problemId, req.body),
  }), { config: neutral });
}
