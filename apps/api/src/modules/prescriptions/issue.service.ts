import { addDays, unacknowledged, type Prescription, type PrescriptionIssueInput } from '@clinic/shared';
import type { Caller, Deps } from '../../lib/app-types.js';
import { clockNow } from '../../lib/app-types.js';
import { recordAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import type { RequestContext } from '../../lib/request-context.js';
import { inTransaction } from '../../lib/transaction.js';
import { staleRecord } from '../../lib/versioning.js';
import { lockAllergyState } from '../clinical-observations/index.js';
import { todayIn } from '../patients/index.js';
import { addToMedicationList, findMedications, markCancelled, markIssued, stopListedMedications } from './prescriptions.repository.js';
import { draftOf, medicationListRows, prescriptionNotFound, prescriptionOf, runChecks, storedAcknowledgements } from './prescriptions.service.js';

/**
 * Issues a draft: the checks run again inside the transaction (an allergy recorded a moment ago counts), every
 * warning must carry a reason (422 otherwise, nothing changes), then the status, the acknowledgements, the patient's
 * medication list and the audit row commit together. The patient's allergy lock is taken before the checks read: an
 * allergy being recorded is waited for and counted, one recorded after waits for the issue; two issues for one
 * patient run one after the other, the second checking against the first's medications.
 */
export async function issuePrescription(deps: Deps, ctx: RequestContext, caller: Caller, id: string, input: { acknowledgements: PrescriptionIssueInput['acknowledgements'] & object; version: number }): Promise<Prescription> {
  return inTransaction(deps.db, async (db) => {
    const draft = await draftOf(db, caller, id, input.version);
    await lockAllergyState(db, caller.companyId, draft.patient._id);
    const drugs = await findMedications(db, caller.companyId, draft.items.map((i) => i.medication));
    const byId = new Map(drugs.map((d) => [d.id, d]));
    // The names checked are those printed (the snapshot), with the catalogue's Arabic name.
    const { check, sensitive } = await runChecks(db, caller.companyId, draft.patient._id, draft.items.map((i) => ({ id: i.medication, name: i.name, genericName: i.genericName, nameAr: byId.get(i.medication)?.nameAr ?? i.nameAr })), caller.id);
    const acks = input.acknowledgements ?? [];
    const missing = unacknowledged(check.warnings, acks);
    if (missing.length) {
      const fields = Object.fromEntries(missing.map((w) => [`acknowledgements.${w.key}`, 'validation.prescriptions.reasonRequired']));
      throw new AppError(422, 'PRESCRIPTION_WARNINGS_NOT_ACKNOWLEDGED', 'errors.prescriptions.warningsNotAcknowledged', undefined, fields);
    }
    const now = clockNow(deps);
    const today = todayIn(caller.timeZone, now);
    const stored = storedAcknowledgements(check, new Map(acks.map((a) => [a.key, a.reason.trim()])), sensitive);
    if (!(await markIssued(db, caller.companyId, id, input.version, now, addDays(today, draft.validDays), stored))) throw staleRecord();
    await addToMedicationList(db, medicationListRows(draft, caller, today));
    const issued = (await prescriptionOf(db, caller.companyId, id))!;
    await recordAudit(db, ctx, {
      companyId: caller.companyId, actorId: caller.id, action: 'issue', entity: 'prescription', entityId: id,
      changes: { patient: issued.patient._id, after: { status: 'issued', validUntil: issued.validUntil, items: issued.items.length }, acknowledgements: stored, notices: check.notices },
    });
    return issued;
  });
}

/** Cancels an issued prescription (a reason is required); its entries still active on the patient's list are stopped. */
export async function cancelPrescription(deps: Deps, ctx: RequestContext, caller: Caller, id: string, input: { reason: string; version: number }): Promise<Prescription> {
  return inTransaction(deps.db, async (db) => {
    const p = await prescriptionOf(db, caller.companyId, id);
    if (!p) throw prescriptionNotFound();
    if (p.prescriber._id !== caller.id) throw new AppError(403, 'PRESCRIPTION_NOT_PRESCRIBER', 'errors.prescriptions.notPrescriber');
    if (p.status !== 'issued') throw new AppError(409, 'PRESCRIPTION_NOT_ISSUED', 'errors.prescriptions.notIssued');
    if (p.version !== input.version) throw staleRecord();
    const now = clockNow(deps);
    if (!(await markCancelled(db, caller.companyId, id, input.version, caller.id, input.reason, now))) throw staleRecord();
    const stopped = await stopListedMedications(db, caller.companyId, id, caller.id, input.reason, now, todayIn(caller.timeZone, now));
    const after = (await prescriptionOf(db, caller.companyId, id, caller.id))!;
    await recordAudit(db, ctx, {
      companyId: caller.companyId, actorId: caller.id, action: 'cancel', entity: 'prescription', entityId: id,
      changes: { patient: p.patient._id, before: { status: 'issued' }, after: { status: 'cancelled', reason: input.reason }, stoppedMedications: stopped },
    });
    return after;
  });
}
