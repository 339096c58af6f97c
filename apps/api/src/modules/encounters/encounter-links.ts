/**
 * What other parts of the clinical record check before they attach a row to an encounter: that the encounter is one
 * of the caller's company and belongs to the same patient. The database holds the same rule (a foreign key on company,
 * encounter and patient); this check answers it as a field error instead of a conflict.
 */
import type { Db } from '../../db/client.js';
import { validationFailed } from '../../lib/errors.js';
import { patientOfEncounter } from './encounters.repository.js';

export async function assertEncounterOfPatient(db: Db, companyId: string, encounterId: string | null | undefined, patientId: string, field = 'encounterId'): Promise<void> {
  if (!encounterId) return;
  if ((await patientOfEncounter(db, companyId, encounterId)) !== patientId) throw validationFailed({ [field]: 'validation.clinical.encounterOfPatient' });
}
