/**
 * What FHIR creates and updates share: the body must be a resource of the route's type, a change names the version
 * it was based on (If-Match: W/"n"; 412 otherwise), the API's refusals keep their code and translated message and
 * name the FHIR element at fault (the OperationOutcome's `expression`), and the write needs the API's own write
 * permission besides fhir_read.
 */
import { hasPermission, STALE_RECORD, type Permission } from '@clinic/shared';
import type { Caller } from '../../lib/app-types.js';
import { AppError, forbidden } from '../../lib/errors.js';

/** What a write answers: the record's id, and whether it was made (201) or already there or changed (200). */
export interface Written { id: string; created: boolean }

export const asList = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined || v === null ? [] : [v]);

/** 403 unless the caller may also write the record through the API (patient_write, appointment_write). */
export function requireWrite(caller: Caller, permission: Permission): void {
  if (!hasPermission(caller.permissions, permission)) throw forbidden();
}

/** The body as a resource of `type` (400 for anything else: an array, text, another resource type). */
export function resourceOf(body: unknown, type: string): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body) || (body as { resourceType?: unknown }).resourceType !== type) {
    throw new AppError(400, 'FHIR_NOT_A_RESOURCE', 'errors.fhir.notAResource', { type });
  }
  return body as Record<string, unknown>;
}

/**
 * An update's body names the record of its address (FHIR's update rule: 400 otherwise). Checked once the record is
 * found, so an unknown id, or another company's, is a 404 whatever the body holds.
 */
export function sameId(r: Record<string, unknown>, id: string): void {
  if (r.id !== id) throw new AppError(400, 'FHIR_ID_MISMATCH', 'errors.fhir.idMismatch');
}

/** The version of an If-Match header (`W/"3"`, `"3"` or `3`); undefined when none was sent, 412 when unreadable. */
export function ifMatchVersion(header: string | undefined): number | undefined {
  if (header === undefined) return undefined;
  const m = /^\s*(?:W\/)?"?(\d{1,9})"?\s*$/.exec(header);
  if (!m) throw new AppError(412, 'FHIR_VERSION_MISMATCH', 'errors.fhir.versionMismatch', { version: header.slice(0, 20) });
  return Number(m[1]);
}

/** The version the change is based on: the one If-Match names (412 when the record has moved on), else the current one. */
export function checkVersion(current: number, ifMatch: number | undefined): number {
  if (ifMatch !== undefined && ifMatch !== current) throw new AppError(412, 'FHIR_VERSION_MISMATCH', 'errors.fhir.versionMismatch', { version: ifMatch });
  return ifMatch ?? current;
}

export const etag = (version: number | string | undefined) => `W/"${version ?? 1}"`;

/**
 * Runs a service call and tells its refusals in FHIR's terms: each field error under the FHIR element it came from,
 * and a change that lost a race with another (409 STALE_RECORD) as the 412 a stale If-Match gets.
 */
export async function inFhirTerms<T>(elements: Record<string, string>, run: () => Promise<T>, ifMatch?: number): Promise<T> {
  try {
    return await run();
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    if (err.code === STALE_RECORD) throw new AppError(412, 'FHIR_VERSION_MISMATCH', 'errors.fhir.versionMismatch', { version: ifMatch ?? '?' });
    if (!err.fields) throw err;
    const fields: NonNullable<AppError['fields']> = {};
    for (const [path, message] of Object.entries(err.fields)) {
      const element = elements[path.split('.')[0]!] ?? path;
      fields[element] ??= message;
    }
    throw new AppError(err.status, err.code, err.messageKey, err.params, fields, err.data);
  }
}
