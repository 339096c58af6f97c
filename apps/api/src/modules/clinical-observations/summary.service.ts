import type { ClinicalSummary } from '@clinic/shared';
import type { Caller, Deps } from '../../lib/app-types.js';
import type { RequestContext } from '../../lib/request-context.js';
import { allergyStateOf } from './allergies.service.js';
import { auditPatientRead, requireBirthDate } from './patient-access.js';
import { lastVitals } from './vitals.service.js';

/** What the patient header shows of vitals and allergies: the allergy state and the last vitals; one audited read. */
export async function readClinicalSummary(deps: Deps, ctx: RequestContext, caller: Caller, patientId: string): Promise<ClinicalSummary> {
  const dob = await requireBirthDate(deps.db, caller.companyId, patientId);
  const [allergies, vitals] = await Promise.all([
    allergyStateOf(deps.db, caller.companyId, patientId),
    lastVitals(deps.db, caller.companyId, patientId, dob, caller.id),
  ]);
  await auditPatientRead(deps.db, ctx, caller, patientId, 'clinical_summary');
  return { allergies, lastVitals: vitals };
}
