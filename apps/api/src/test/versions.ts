import type { TestContext } from './harness.js';

/** Tables whose records carry a version (optimistic concurrency); the company profile is keyed by its company. */
export type VersionedTable =
  | 'patients' | 'employees' | 'roles' | 'company_profiles' | 'clinic_collections' | 'departments' | 'clinics'
  | 'services' | 'specializations' | 'appointments' | 'appointment_series' | 'waitlist_entries';

/**
 * The stored version of a record, as a form that loaded it now would send it back; 1 for a record that does not
 * exist (or belongs to another company: the request is then refused for that, not for its version).
 */
export async function versionOf(ctx: TestContext, table: VersionedTable, id: string): Promise<number> {
  const key = table === 'company_profiles' ? 'company_id' : 'id';
  const rows = await ctx.database.query<{ version: number }>(`select version from "${table}" where ${key}::text = $1`, [id]);
  return rows[0]?.version ?? 1;
}

/** A JSON update body with the record's current version added, unless the body names one itself. */
export async function withVersion(ctx: TestContext, table: VersionedTable, id: string, payload: unknown): Promise<unknown> {
  const plain = payload !== null && typeof payload === 'object' && Object.getPrototypeOf(payload) === Object.prototype;
  if (!plain || 'version' in (payload as object)) return payload;
  return { version: await versionOf(ctx, table, id), ...(payload as Record<string, unknown>) };
}

const TABLE_OF_RESOURCE: Record<string, VersionedTable> = {
  patients: 'patients', employees: 'employees', roles: 'roles', companies: 'company_profiles', cliniccollections: 'clinic_collections',
  departments: 'departments', clinics: 'clinics', services: 'services', specializations: 'specializations', appointments: 'appointments',
  'appointment-series': 'appointment_series',
};

/**
 * The body of a request as a screen loaded now would send it: an update (PUT or PATCH of `/api/<records>/<id>`) gets
 * the record's current version unless it names one; everything else is left as it is.
 */
export async function asLoadedNow(ctx: TestContext, method: string, url: string, payload: unknown): Promise<unknown> {
  const match = /^\/api\/([a-z-]+)\/([^/?]+)$/.exec(url);
  const table = match ? TABLE_OF_RESOURCE[match[1]!] : undefined;
  if ((method !== 'PUT' && method !== 'PATCH') || !table) return payload;
  return withVersion(ctx, table, match![2]!, payload);
}
