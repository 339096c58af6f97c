/** Where the FHIR API lives and how it answers. */

export const FHIR_BASE = '/api/fhir/R4';
export const FHIR_JSON = 'application/fhir+json; charset=utf-8';

/** The absolute base the links of a Bundle start with: PUBLIC_URL (never the Host a client sent). */
export function fhirBase(ctx: { readonly origin: string }): string {
  return `${ctx.origin}${FHIR_BASE}`;
}
