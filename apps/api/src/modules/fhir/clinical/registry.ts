/**
 * The clinical record's FHIR resources: one file per resource type, each describing its rows (one SQL source) and how
 * a row becomes the resource. The service (clinical.service.ts) does the rest the same way for every type: the
 * `clinical_read` check, company scope, `_id` / `patient` / paging, the audit of patient reads, read by id, the
 * CapabilityStatement entry and the bulk export. To add a type, write its file and add it to CLINICAL_RESOURCES.
 */
import { allergyIntoleranceResource } from './allergy-intolerance.js';
import { conditionResource } from './condition.js';
import { diagnosticReportResource } from './diagnostic-report.js';
import { encounterResource } from './encounter.js';
import { medicationRequestResource } from './medication-request.js';
import { observationResource } from './observation.js';
import { serviceRequestResource } from './service-request.js';
import type { ClinicalResource } from './types.js';

/** Every clinical type the FHIR API serves, in CapabilityStatement order. */
export const CLINICAL_RESOURCES: readonly ClinicalResource[] = [
  encounterResource,
  observationResource,
  conditionResource,
  allergyIntoleranceResource,
  medicationRequestResource,
  serviceRequestResource,
  diagnosticReportResource,
];

export const CLINICAL_TYPES: readonly string[] = CLINICAL_RESOURCES.map((r) => r.type);

export function clinicalResource(type: string): ClinicalResource | undefined {
  return CLINICAL_RESOURCES.find((r) => r.type === type);
}
