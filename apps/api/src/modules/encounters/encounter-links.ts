/**
 * What other parts of the clinical record check before they attach a row to an encounter: that the encounter is one
 * of the caller's company and belongs to the same patient. The database holds the same rule (a foreign key on company,
 * encounter and patient); this check answers it as a field error instead of a conflict.
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { encounters } from '../../db/schema/index.js';
import { AppError, validationFailed } from '../../lib/errors.js';
import { patientOfEncounter } from './encounters.repository.js';

export async function assertEncounterOfPatient(db: Db, companyId: string, encounterId: string | null | undefined, patientId: string, field = 'encounterId'): Promise<void> {
  if (!encounterId) return;
  if ((await patientOfEncounter(db, companyId, encounterId)) !== patientId) throw validationFailed({ [field]: 'validation.clinical.encounterOfPatient' });
}

/**
 * Refuses a change to what a signed encounter recorded (its diagnoses): a signed visit is corrected by an addendum.
 * Called inside the change's transaction: the encounter's row is read with a share lock, so a signature and the
 * change cannot cross (whichever commits first, the other sees it). `exclusive`: a lock the same changes of the
 * encounter take one after the other, for a change that counts what the encounter holds (its diagnoses' limit).
 */
export async function assertEncounterOpen(db: Db, companyId: string, encounterId: string, opts: { exclusive?: boolean } = {}): Promise<void> {
  const [row] = await db.select({ status: encounters.status }).from(encounters)
    .where(and(eq(encounters.companyId, companyId), eq(encounters.id, encounterId))).limit(1).for(opts.exclusive ? 'no key update' : 'share');
  if (row?.status === 'signed') throw new AppError(409, 'NOTE_SIGNED', 'errors.clinical.noteSigned');
}
