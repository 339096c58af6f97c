/** The CapabilityStatement: exactly what /api/fhir/R4 supports, derived from the same lists the routes use. */
import type { Resource } from './fhir.resources.js';
import { READ_TYPES, SEARCH_PARAMS, type SearchType } from './fhir.service.js';
import { CLINICAL_RESOURCES } from './clinical/registry.js';
import { WRITE_TYPES } from './fhir.write-routes.js';

const PARAM_TYPES: Record<string, string> = {
  _id: 'token', name: 'string', identifier: 'token', birthdate: 'date', gender: 'token', phone: 'token', email: 'token',
  active: 'token', practitioner: 'reference', location: 'reference', type: 'token', partof: 'reference', organization: 'reference',
  status: 'token', date: 'date', patient: 'reference', actor: 'reference', schedule: 'reference', start: 'date',
};

/** When this build's statement was written (a fixed date: the statement changes only with the code). */
const STATEMENT_DATE = '2026-11-28';

/** How a writable type is written: versioned updates (If-Match), conditional create for a Patient (on identifier). */
function writeCapabilities(type: string): Record<string, unknown> {
  const spec = WRITE_TYPES.find((w) => w.type === type);
  if (!spec) return {};
  return { versioning: 'versioned-update', readHistory: false, updateCreate: false, conditionalCreate: spec.conditional, conditionalUpdate: false };
}

export function capabilityStatement(base: string): Resource {
  return {
    resourceType: 'CapabilityStatement',
    status: 'active',
    date: STATEMENT_DATE,
    publisher: 'Clinic',
    kind: 'instance',
    software: { name: 'Clinic' },
    implementation: { description: 'Clinic FHIR R4 API', url: base },
    fhirVersion: '4.0.1',
    format: ['application/fhir+json', 'json'],
    rest: [{
      mode: 'server',
      security: {
        cors: false,
        service: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/restful-security-service', code: 'OAuth', display: 'OAuth' }] }],
        description: 'Bearer access tokens of the Clinic API; the fhir_read permission; data of the caller\'s organisation only; the clinical resources need clinical_read too; creating and updating a Patient needs patient_write, an Appointment appointment_write.',
      },
      resource: (Object.keys(SEARCH_PARAMS) as SearchType[]).map((type): { type: string; interaction: unknown[]; searchParam: unknown[] } & Record<string, unknown> => ({
        type,
        interaction: [
          ...((READ_TYPES as readonly string[]).includes(type) ? [{ code: 'read' }] : []),
          { code: 'search-type' },
          ...(WRITE_TYPES.some((w) => w.type === type) ? [{ code: 'create' }, { code: 'update' }] : []),
        ],
        ...writeCapabilities(type),
        searchParam: [...(type === 'Slot' ? [] : ['_id']), ...SEARCH_PARAMS[type]].map((name) => ({ name, type: PARAM_TYPES[name] ?? 'string' })),
      })).concat(CLINICAL_RESOURCES.map((spec) => ({
        type: spec.type,
        interaction: [{ code: 'read' }, { code: 'search-type' }],
        searchParam: [
          { name: '_id', type: 'token' }, { name: 'patient', type: 'reference' },
          ...Object.entries(spec.params).map(([name, type]) => ({ name, type })),
        ],
      }))),
      operation: [{ name: 'export', definition: 'http://hl7.org/fhir/uv/bulkdata/OperationDefinition/export' }],
    }],
  };
}
