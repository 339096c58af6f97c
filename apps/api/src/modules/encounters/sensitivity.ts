/**
 * What other parts of the record recorded at a sensitive encounter (its diagnoses, the problems they made, its
 * prescriptions, orders and the medications they added) show to anyone but the encounter's doctor and the clinicians
 * holding a break-the-glass grant for it (access-grants.ts): the row itself (so a list never hides that it exists),
 * without what it says.
 * A list masks in its own statement: it left-joins the encounter and its note by primary key (`sensitiveEncounter`,
 * `sensitiveNote`, `joinOn`) and selects each revealing column through `unlessMasked` (or `blankIfMasked`), so nothing
 * masked leaves the database and no row costs a query of its own.
 */
import { and, eq, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { encounterNotes, encounters } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { grantHeld, type Viewer } from './access-grants.js';

export const sensitiveEncounter = alias(encounters, 'sensitive_e');
export const sensitiveNote = alias(encounterNotes, 'sensitive_n');

/** The join conditions of the encounter (and its note) a row names; a row without an encounter joins nothing. */
export const joinOn = {
  encounter: (companyId: AnyPgColumn, encounterId: AnyPgColumn) => and(eq(sensitiveEncounter.companyId, companyId), eq(sensitiveEncounter.id, encounterId)),
  note: (companyId: AnyPgColumn, encounterId: AnyPgColumn) => and(eq(sensitiveNote.companyId, companyId), eq(sensitiveNote.encounterId, encounterId)),
};

/**
 * True when the joined encounter's note is sensitive, the viewer is not its doctor and holds no unexpired grant for
 * it. The grant is looked up last, so only the rows of another doctor's sensitive encounter cost that look-up.
 */
export function maskedFor(viewer: Viewer): SQL<boolean> {
  return sql<boolean>`(coalesce(${sensitiveNote.sensitive}, false) and ${sensitiveEncounter.doctorId} is distinct from ${viewer}::uuid
    and not ${grantHeld(sensitiveEncounter.companyId, sensitiveEncounter.id, viewer)})`;
}

/** The column, or null when the row is masked for `viewer`. */
export function unlessMasked<T>(column: AnyPgColumn, viewer: Viewer): SQL<T | null> {
  return sql<T | null>`case when ${maskedFor(viewer)} then null else ${column} end`;
}

/** A text column the answer keeps as text: '' when the row is masked for `viewer`. */
export function blankIfMasked(column: AnyPgColumn, viewer: Viewer): SQL<string> {
  return sql<string>`case when ${maskedFor(viewer)} then '' else ${column} end`;
}

/**
 * Refuses (403 SENSITIVE_NOTE with the encounter's id, like the note itself) to anyone `maskedFor` masks a change to
 * what a sensitive encounter recorded (`use: 'change'`: they could not see what they change, and the answer would show
 * it) or the read of one such record by its id (`use: 'read'`: a prescription, an order). The encounter's doctor and a
 * holder of a grant for it pass.
 */
export async function assertNotSensitiveEncounterFor(db: Db, companyId: string, encounterId: string, callerId: string, use: 'change' | 'read' = 'change'): Promise<void> {
  const [row] = await db.select({ masked: maskedFor(callerId) }).from(sensitiveEncounter)
    .innerJoin(sensitiveNote, joinOn.note(sensitiveEncounter.companyId, sensitiveEncounter.id))
    .where(and(eq(sensitiveEncounter.companyId, companyId), eq(sensitiveEncounter.id, encounterId))).limit(1);
  if (row?.masked) {
    throw new AppError(403, 'SENSITIVE_NOTE', use === 'read' ? 'errors.clinical.sensitiveRead' : 'errors.clinical.sensitiveRecord', undefined, undefined, { encounterId });
  }
}

/**
 * Whether the visit of an appointment has a note its doctor marked sensitive: what leaves the building about that visit
 * (a webhook's appointment record) then goes without the visit's reason, as the FHIR Appointment and Encounter do.
 */
export async function visitMarkedSensitive(db: Db, companyId: string, appointmentId: string): Promise<boolean> {
  const [row] = await db.select({ sensitive: sensitiveNote.sensitive }).from(sensitiveEncounter)
    .innerJoin(sensitiveNote, joinOn.note(sensitiveEncounter.companyId, sensitiveEncounter.id))
    .where(and(eq(sensitiveEncounter.companyId, companyId), eq(sensitiveEncounter.appointmentId, appointmentId))).limit(1);
  return row?.sensitive === true;
}
