import { IMPORT_MAX_BYTES, importUploadFields, routes } from '@clinic/shared';
import type { App, Deps } from '../../lib/app-types.js';
import { serve } from '../../lib/contract-routes.js';
import { readCsvForm } from '../../lib/csv-import.js';
import { AppError } from '../../lib/errors.js';
import { t } from '../../lib/i18n.js';
import { safeDisplayName } from '../../lib/files.js';
import { requestContext } from '../../lib/request-context.js';
import { parseOrThrow } from '../../lib/validation.js';
import { callerOf } from '../../plugins/auth.js';
import { getImport, listImports, remapImport, startImport, tooLarge, undoImport, uploadImport } from './imports.service.js';

const r = routes.imports;
/** No write here changes accounts, roles or permissions: the caller cache stays. */
const neutral = { accessNeutral: true };

export function importRoutes(app: App, deps: Deps) {
  serve(app, r.list, async (req) => ({ success: true as const, ...(await listImports(deps, requestContext(req), callerOf(req), req.query)) }));
  serve(app, r.get, async (req) => ({ success: true as const, data: await getImport(deps, requestContext(req), callerOf(req), req.params.id) }));

  serve(app, r.upload, async (req, reply) => {
    const { fields, bytes } = await readCsvForm(req, { maxBytes: IMPORT_MAX_BYTES, tooLarge, fieldNames: ['kind', 'mapping', 'fileName'] });
    const input = parseOrThrow(importUploadFields, fields);
    if (!bytes) throw new AppError(422, 'VALIDATION_FAILED', 'errors.validation', undefined, { file: 'errors.imports.fileRequired' });
    const name = safeDisplayName(input.fileName ?? 'import');
    const data = await uploadImport(deps, requestContext(req), callerOf(req), input, { bytes, name });
    return reply.status(201).send({ success: true as const, message: t(req, 'success.imports.checked'), data });
  }, {
    config: neutral,
    schema: {
      consumes: ['multipart/form-data'],
      description: 'Uploads a CSV (UTF-8, or UTF-16 with its byte-order mark) or XLSX file (`file`, at most 10 MB) with `kind`, the original file name (`fileName`) and an optional `mapping` (JSON { field: column header }) and dry-runs every row: the batch answers in status `checked` with its report (the first 1,000 problems, counts exact). A file that cannot be read, in another encoding, with formula cells or without rows is refused (422) and nothing is kept.',
    },
  });

  serve(app, r.remap, async (req) => ({
    success: true as const, message: t(req, 'success.imports.checked'), data: await remapImport(deps, requestContext(req), callerOf(req), req.params.id, req.body),
  }), { config: neutral });

  serve(app, r.start, async (req, reply) => {
    const data = await startImport(deps, requestContext(req), callerOf(req), req.params.id, req.body);
    return reply.status(202).send({ success: true as const, message: t(req, 'success.imports.started'), data });
  }, { config: neutral });

  serve(app, r.undo, async (req) => ({
    success: true as const, message: t(req, 'success.imports.undone'), data: await undoImport(deps, requestContext(req), callerOf(req), req.params.id, req.body),
  }), { config: neutral });
}
