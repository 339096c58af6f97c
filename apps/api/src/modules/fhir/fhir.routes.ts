/**
 * HL7 FHIR R4 at /api/fhir/R4: the CapabilityStatement, read and search of the resources the clinic's data makes,
 * and the bulk export. Same bearer tokens as the rest of the API; every route needs `fhir_read`; refusals are
 * OperationOutcomes (see plugins/errors.ts).
 */
import { z } from 'zod';
import type { App, Deps } from '../../lib/app-types.js';
import { callerOf } from '../../plugins/auth.js';
import { capabilityStatement } from './fhir.capability.js';
import { registerExportRoutes } from './fhir.export.js';
import { FHIR_BASE, FHIR_JSON, fhirBase } from './fhir.http.js';
import { READ_TYPES, SEARCH_PARAMS, read, search, type SearchType } from './fhir.service.js';

const tags = ['fhir'];
const permission = 'fhir_read' as const;
const searchQuery = z.record(z.string(), z.union([z.string(), z.array(z.string())]));
const idParams = z.object({ id: z.string().max(64) });

export function fhirRoutes(app: App, deps: Deps) {
  app.get(`${FHIR_BASE}/metadata`, {
    config: { public: true },
    schema: { tags, summary: 'FHIR R4 CapabilityStatement: the resources, interactions and search parameters supported' },
    handler: async (req, reply) => reply.type(FHIR_JSON).send(capabilityStatement(fhirBase(req))),
  });

  for (const type of Object.keys(SEARCH_PARAMS) as SearchType[]) {
    app.get(`${FHIR_BASE}/${type}`, {
      config: { permission },
      schema: {
        tags, querystring: searchQuery,
        summary: `Search ${type} (FHIR searchset Bundle)`,
        description: `Parameters: ${['_count', '_offset', ...(type === 'Slot' ? [] : ['_id']), ...SEARCH_PARAMS[type]].join(', ')}. Unsupported parameters are refused.`,
      },
      handler: async (req, reply) => {
        const ctx = { deps, caller: callerOf(req), req, base: fhirBase(req) };
        return reply.type(FHIR_JSON).send(await search(ctx, type, req.query));
      },
    });
  }

  for (const type of READ_TYPES) {
    app.get(`${FHIR_BASE}/${type}/:id`, {
      config: { permission },
      schema: { tags, params: idParams, summary: `Read one ${type}` },
      handler: async (req, reply) => {
        const ctx = { deps, caller: callerOf(req), req, base: fhirBase(req) };
        return reply.type(FHIR_JSON).send(await read(ctx, type, req.params.id));
      },
    });
  }

  registerExportRoutes(app, deps);
}
