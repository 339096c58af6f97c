/** Where the FHIR API lives and how it answers. */
import type { FastifyRequest } from 'fastify';

export const FHIR_BASE = '/api/fhir/R4';
export const FHIR_JSON = 'application/fhir+json; charset=utf-8';

/** The absolute base the links of a Bundle start with, as the client reached this server. */
export function fhirBase(req: FastifyRequest): string {
  return `${req.protocol}://${req.host}${FHIR_BASE}`;
}
