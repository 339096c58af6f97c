/**
 * FHIR R4 create and update of Patient and Appointment (conditional create of a Patient on its identifier). Each
 * route needs fhir_read, as every FHIR route does, and the API's own write permission (patient_write,
 * appointment_write), checked first: a caller without it learns nothing about the record. Bodies are FHIR JSON
 * (application/fhir+json or application/json) within the API's body limit; the answer is the resource as a read
 * gives it, with Location and ETag.
 */
import { z } from 'zod';
import type { Permission } from '@clinic/shared';
import type { App, Caller, Deps } from '../../lib/app-types.js';
import { requestContext, type RequestContext } from '../../lib/request-context.js';
import { callerOf } from '../../plugins/auth.js';
import { FHIR_BASE, FHIR_JSON, fhirBase } from './fhir.http.js';
import type { Resource } from './fhir.resources.js';
import { read } from './fhir.service.js';
import { createFhirAppointment, updateFhirAppointment } from './fhir.write-appointment.js';
import { createFhirPatient, updateFhirPatient } from './fhir.write-patient.js';
import { etag, ifMatchVersion, requireWrite, resourceOf, type Written } from './fhir.write.js';

const tags = ['fhir'];
/** Every FHIR route's permission; the write's own is checked by the handler (any one of a list would do for the route). */
const config = { permission: 'fhir_read' as const, accessNeutral: true };
const idParams = z.object({ id: z.string().max(64) });
const header = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

type Create = (deps: Deps, ctx: RequestContext, caller: Caller, r: Record<string, unknown>, ifNoneExist: string | undefined) => Promise<Written>;
type Update = (deps: Deps, ctx: RequestContext, caller: Caller, id: string, r: Record<string, unknown>, ifMatch: number | undefined) => Promise<Written>;

/** What each writable type is written by and needs. */
export const WRITE_TYPES: ReadonlyArray<{ type: 'Patient' | 'Appointment'; permission: Permission; create: Create; update: Update; conditional: boolean }> = [
  { type: 'Patient', permission: 'patient_write', create: createFhirPatient, update: updateFhirPatient, conditional: true },
  { type: 'Appointment', permission: 'appointment_write', create: (deps, ctx, caller, r) => createFhirAppointment(deps, ctx, caller, r), update: updateFhirAppointment, conditional: false },
];

export function fhirWriteRoutes(app: App, deps: Deps) {
  // FHIR's own media type, read as JSON, only on these routes.
  void app.register(async (scope) => {
    scope.addContentTypeParser('application/fhir+json', { parseAs: 'string' }, scope.getDefaultJsonParser('error', 'error'));

    for (const spec of WRITE_TYPES) {
      const answer = async (ctx: RequestContext, caller: Caller, written: Written) => {
        const resource: Resource = await read(deps, ctx, caller, spec.type, written.id);
        const version = (resource.meta as { versionId?: string } | undefined)?.versionId;
        return {
          resource,
          headers: { location: `${fhirBase(ctx)}/${spec.type}/${written.id}/_history/${version ?? 1}`, etag: etag(version) },
        };
      };

      scope.post(`${FHIR_BASE}/${spec.type}`, {
        config,
        schema: {
          tags,
          summary: `Create a ${spec.type} (needs ${spec.permission} too)${spec.conditional ? '; If-None-Exist: identifier=system|value creates only when no patient has it' : ''}`,
        },
        handler: async (req, reply) => {
          const caller = callerOf(req);
          requireWrite(caller, spec.permission);
          const ctx = requestContext(req);
          const r = resourceOf(req.body, spec.type);
          const written = await spec.create(deps, ctx, caller, r, spec.conditional ? header(req.headers['if-none-exist']) : undefined);
          const { resource, headers } = await answer(ctx, caller, written);
          return reply.status(written.created ? 201 : 200).headers(headers).type(FHIR_JSON).send(resource);
        },
      });

      scope.put(`${FHIR_BASE}/${spec.type}/:id`, {
        config,
        schema: { tags, params: idParams, summary: `Update a ${spec.type} (needs ${spec.permission} too; If-Match: W/"version" or 412)` },
        handler: async (req, reply) => {
          const caller = callerOf(req);
          requireWrite(caller, spec.permission);
          const ctx = requestContext(req);
          const { id } = req.params as z.infer<typeof idParams>;
          const r = resourceOf(req.body, spec.type);
          const written = await spec.update(deps, ctx, caller, id, r, ifMatchVersion(header(req.headers['if-match'])));
          const { resource, headers } = await answer(ctx, caller, written);
          return reply.headers(headers).type(FHIR_JSON).send(resource);
        },
      });
    }
  });
}
