/**
 * Break-the-glass grants. Giving a reason to open another doctor's sensitive note (`breakTheGlass`) grants the
 * clinician what that encounter recorded for one shift: the note, its diagnoses and problems, its prescriptions,
 * orders and the medications they added show to them as to its doctor (every list unmasks them, single reads answer
 * them) until the grant expires. Reading the note again within the grant is audited as a read (`grant: true`) and
 * rings no one; once it has expired, the clinician gives a reason again. A grant ends with the clinician's account:
 * deactivation or the company's closing stamps it expired (lib/credential-liveness.ts), deleting the account removes it.
 */
import { and, eq, gt, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { encounterAccessGrants } from '../../db/schema/index.js';
import { qualified } from '../../lib/sql.js';

/** How long a grant lasts: a working shift, so a covering clinician keeps what they opened until they hand over. */
export const BREAK_GLASS_GRANT_HOURS = 8;

/** Who reads: an employee id, or the placeholder of a prepared statement that is given one. */
export type Viewer = string | Placeholder;

/**
 * True (in SQL) when `viewer` holds an unexpired grant for the encounter that `companyId` and `encounterId` name (read
 * on encounter_access_grants_lookup_idx).
 */
export function grantHeld(companyId: AnyPgColumn, encounterId: AnyPgColumn, viewer: Viewer): SQL<boolean> {
  return sql<boolean>`exists (select 1 from ${encounterAccessGrants} g where g.company_id = ${qualified(companyId)} and g.encounter_id = ${qualified(encounterId)}
    and g.employee_id = ${viewer}::uuid and g.expires_at > now())`;
}

/** Whether the employee holds an unexpired grant for the encounter. */
export async function holdsGrant(db: Db, companyId: string, encounterId: string, employeeId: string): Promise<boolean> {
  const g = encounterAccessGrants;
  const [row] = await db.select({ id: g.id }).from(g)
    .where(and(eq(g.companyId, companyId), eq(g.encounterId, encounterId), eq(g.employeeId, employeeId), gt(g.expiresAt, sql`now()`))).limit(1);
  return Boolean(row);
}

/** Grants the encounter to the employee from now for BREAK_GLASS_GRANT_HOURS, inside the break-the-glass transaction. */
export async function insertGrant(db: Db, grant: { companyId: string; encounterId: string; employeeId: string; reason: string }): Promise<Date> {
  const [row] = await db.insert(encounterAccessGrants).values({
    ...grant, grantedAt: sql`now()`, expiresAt: sql`now() + make_interval(hours => ${BREAK_GLASS_GRANT_HOURS})`,
  }).returning({ expiresAt: encounterAccessGrants.expiresAt });
  return row!.expiresAt;
}
