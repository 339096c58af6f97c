/**
 * HL7 FHIR R4 at /api/fhir/R4: the CapabilityStatement, read and search of the resources the clinic's data makes,
 * the bulk export, and create and update of Patient and Appointment (fhir.write-routes.ts). Same bearer tokens as the rest of the API; every route needs `fhir_read`; refusals are
 * OperationOutcomes (see plugins/errors.ts).
 */
import { z } from 'zod';
import type { App, Deps } from '../../lib/app-types.js';
import { requestContext } from '../../lib/request-context.js';
import { callerOf } from '../../plugins/auth.js';
import { capabilityStatement } from './fhir.capability.js';
import { NDJSON, cancelExport, exportStatus, openExportFile, startExport, stopExports } from './fhir.export.js';
import { FHIR_BASE, FHIR_JSON, fhirBase } from './fhir.http.js';
import { READ_TYPES, SEARCH_PARAMS, read, searchBody, type SearchType } from './fhir.service.js';
import { readClinical, searchClinical } from './clinical/clinical.service.js';
import { CLINICAL_RESOURCES } from './clinical/registry.js';
import { fhirWriteRoutes } from './fhir.write-routes.js';

const tags = ['fhir'];
const permission = 'fhir_read' as const;
const searchQuery = z.record(z.string(), z.union([z.string(), z.array(z.string())]));
const idParams = z.object({ id: z.string().max(64) });
const fileParams = z.object({ id: z.string().max(64), type: z.string().max(40) });

export function fhirRoutes(app: App, deps: Deps) {
  // A shutdown marks the exports this server is writing interrupted, before the database closes.
  app.addHook('onClose', () => stopExports(deps));

  app.get(`${FHIR_BASE}/metadata`, {
    config: { public: true },
    schema: { tags, summary: 'FHIR R4 CapabilityStatement: the resources, interactions and search parameters supported' },
    handler: async (req, reply) => reply.type(FHIR_JSON).send(capabilityStatement(fhirBase(requestContext(req)))),
  });

  for (const type of Object.keys(SEARCH_PARAMS) as SearchType[]) {
    app.get(`${FHIR_BASE}/${type}`, {
      config: { permission },
      schema: {
        tags, querystring: searchQuery,
        summary: `Search ${type} (FHIR searchset Bundle)`,
        description: `Parameters: ${['_count', '_offset', ...(type === 'Slot' ? [] : ['_id']), ...SEARCH_PARAMS[type]].join(', ')}. Unsupported parameters are refused.`,
      },
      handler: async (req, reply) => reply.type(FHIR_JSON).send(await searchBody(deps, requestContext(req), callerOf(req), type, req.query)),
    });
  }

  for (const type of READ_TYPES) {
    app.get(`${FHIR_BASE}/${type}/:id`, {
      config: { permission },
      schema: { tags, params: idParams, summary: `Read one ${type}` },
      handler: async (req, reply) => reply.type(FHIR_JSON).send(await read(deps, requestContext(req), callerOf(req), type, req.params.id)),
    });
  }

  // The clinical record (registry.ts): fhir_read to reach the routes, and clinical_read, checked by the service.
  for (const spec of CLINICAL_RESOURCES) {
    app.get(`${FHIR_BASE}/${spec.type}`, {
      config: { permission },
      schema: {
        tags, querystring: searchQuery,
        summary: `Search ${spec.type} (FHIR searchset Bundle; needs clinical_read too)`,
        description: `Parameters: ${['_count', '_offset', '_id', 'patient', ...Object.keys(spec.params)].join(', ')}. Unsupported parameters are refused.`,
      },
      handler: async (req, reply) => {
        const ctx = requestContext(req);
        return reply.type(FHIR_JSON).send(await searchClinical(deps, ctx, callerOf(req), spec, req.query, fhirBase(ctx)));
      },
    });
    app.get(`${FHIR_BASE}/${spec.type}/:id`, {
      config: { permission },
      schema: { tags, params: idParams, summary: `Read one ${spec.type} (needs clinical_read too)` },
      handler: async (req, reply) => {
        const ctx = requestContext(req);
        return reply.type(FHIR_JSON).send(await readClinical(deps, ctx, callerOf(req), spec, req.params.id, fhirBase(ctx)));
      },
    });
  }

  fhirWriteRoutes(app, deps);

  app.get(`${FHIR_BASE}/$export`, {
    config: { permission },
    schema: { tags, querystring: searchQuery, summary: 'Bulk Data export kick-off (_type, _since, _outputFormat): 202 with Content-Location' },
    handler: async (req, reply) => {
      const { statusUrl } = await startExport(deps, requestContext(req), callerOf(req), req.query, req.url);
      return reply.status(202).header('content-location', statusUrl).type(FHIR_JSON)
        .send({ resourceType: 'OperationOutcome', issue: [{ severity: 'information', code: 'informational', diagnostics: 'Export started' }] });
    },
  });

  app.get(`${FHIR_BASE}/$export-status/:id`, {
    config: { permission },
    schema: { tags, params: idParams },
    handler: async (req, reply) => {
      const status = await exportStatus(deps, requestContext(req), callerOf(req), req.params.id);
      if (status.running) return reply.status(202).header('x-progress', 'in progress').header('retry-after', '2').send();
      return reply.header('expires', status.expires.toUTCString()).send(status.manifest);
    },
  });

  app.delete(`${FHIR_BASE}/$export-status/:id`, {
    config: { permission },
    schema: { tags, params: idParams },
    handler: async (req, reply) => {
      await cancelExport(deps, callerOf(req), req.params.id);
      return reply.status(202).send();
    },
  });

  app.get(`${FHIR_BASE}/$export-file/:id/:type`, {
    config: { permission },
    schema: { tags, params: fileParams },
    handler: async (req, reply) => {
      const { content, bytes } = await openExportFile(deps, callerOf(req), req.params.id, req.params.type, requestContext(req));
      if (bytes !== null) reply.header('content-length', bytes);
      return reply.type(NDJSON).send(content);
    },
  });
}
