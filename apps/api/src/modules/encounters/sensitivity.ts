/**
 * What other parts of the record recorded at a sensitive encounter (its diagnoses, the problems they made) show to
 * anyone but the encounter's doctor: the row itself (so a list never hides that it exists), without what it says.
 * A list masks in its own statement: it left-joins the encounter and its note by primary key (`sensitiveEncounter`,
 * `sensitiveNote`, `joinOn`) and selects each revealing column through `unlessMasked`, so nothing masked leaves the
 * database and no row costs a query of its own.
 */
import { and, eq, sql, type Placeholder, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.js';
import { encounterNotes, encounters } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';

export const sensitiveEncounter = alias(encounters, 'sensitive_e');
export const sensitiveNote = alias(encounterNotes, 'sensitive_n');

/** The join conditions of the encounter (and its note) a row names; a row without an encounter joins nothing. */
export const joinOn = {
  encounter: (companyId: AnyPgColumn, encounterId: AnyPgColumn) => and(eq(sensitiveEncounter.companyId, companyId), eq(sensitiveEncounter.id, encounterId)),
  note: (companyId: AnyPgColumn, encounterId: AnyPgColumn) => and(eq(sensitiveNote.companyId, companyId), eq(sensitiveNote.encounterId, encounterId)),
};

/** Who reads: an employee id, or the placeholder of a prepared statement that is given one. */
type Viewer = string | Placeholder;

/** True when the joined encounter's note is sensitive and the viewer is not its doctor. */
export function maskedFor(viewer: Viewer): SQL<boolean> {
  return sql<boolean>`(coalesce(${sensitiveNote.sensitive}, false) and ${sensitiveEncounter.doctorId} is distinct from ${viewer}::uuid)`;
}

/** The column, or null when the row is masked for `viewer`. */
export function unlessMasked<T>(column: AnyPgColumn, viewer: Viewer): SQL<T | null> {
  return sql<T | null>`case when ${maskedFor(viewer)} then null else ${column} end`;
}

/**
 * Refuses (403 SENSITIVE_NOTE, like the note itself) a change by anyone but its doctor to what a sensitive encounter
 * recorded: they could not see what they change, and the answer would show it.
 */
export async function assertNotSensitiveEncounterFor(db: Db, companyId: string, encounterId: string, callerId: string): Promise<void> {
  const [row] = await db.select({ doctorId: encounters.doctorId, sensitive: encounterNotes.sensitive }).from(encounters)
    .innerJoin(encounterNotes, and(eq(encounterNotes.companyId, encounters.companyId), eq(encounterNotes.encounterId, encounters.id)))
    .where(and(eq(encounters.companyId, companyId), eq(encounters.id, encounterId))).limit(1);
  if (row?.sensitive && row.doctorId !== callerId) {
    throw new AppError(403, 'SENSITIVE_NOTE', 'errors.clinical.sensitiveRecord', undefined, undefined, { encounterId });
  }
}
