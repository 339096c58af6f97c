/**
 * Quick registration: a walk-in registered with name, mobile, date of birth and sex, marked incomplete until the
 * full patient form is saved for them (see `updatePatient`). Self-booking creates the same kind of patient.
 */
import { sql } from 'drizzle-orm';
import type { PatientDetails, QuickPatientData } from '@clinic/shared';
import type { Db } from '../../db/client.js';
import type { Caller, Deps } from '../../lib/app-types.js';
import { recordAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import { canonicalPhone } from '../../lib/phone.js';
import { nextPublicId } from '../../lib/public-id.js';
import type { RequestContext } from '../../lib/request-context.js';
import { insertPatient, phoneAndBirthHolder } from './patients.repository.js';
import { loadDetails, viewOf } from './patients.service.js';

/** First key of the advisory lock that serialises quick registrations of one mobile and birth date. */
const QUICK_LOCK_NAMESPACE = 7311;

function alreadyRegistered(holder: { id: string; publicId: string; name: string }) {
  const params = { name: holder.name, publicId: holder.publicId };
  return new AppError(409, 'DUPLICATE_PATIENT', 'errors.patientQuickDuplicate', params,
    { phone: { key: 'validation.patientQuickDuplicate', params } }, { patientId: holder.id, publicId: holder.publicId });
}

/**
 * Creates an incomplete patient, refusing (409, with the existing patient's id) when a patient of the company
 * already has this mobile number and date of birth. The check and the insert run under one lock per mobile and
 * date, so two desks registering the same walk-in at once make one patient.
 */
export async function createQuickPatient(deps: Deps, ctx: RequestContext, caller: Caller, data: QuickPatientData): Promise<PatientDetails> {
  const companyId = caller.companyId;
  // One form per number, so that the check below finds the patient however either number was typed.
  const phone = canonicalPhone(data.phone);
  const id = await deps.db.transaction(async (tx) => {
    const db = tx as unknown as Db;
    const key = `${companyId}:${phone}:${data.dateOfBirth}`;
    await db.execute(sql`select pg_advisory_xact_lock(${QUICK_LOCK_NAMESPACE}::int, hashtext(${key}))`);
    const holder = await phoneAndBirthHolder(db, companyId, phone, data.dateOfBirth);
    if (holder) throw alreadyRegistered(holder);
    const publicId = await nextPublicId(db, companyId, 'patient', 'PAT');
    const row = await insertPatient(db, {
      companyId,
      publicId,
      name: data.name,
      identity: '',
      phone,
      dateOfBirth: data.dateOfBirth,
      gender: data.gender,
      incomplete: true,
      createdBy: caller.id,
    });
    await recordAudit(db, ctx, {
      companyId, actorId: caller.id, action: 'create', entity: 'patient', entityId: row.id, changes: { after: { publicId, ...viewOf(row) } },
    });
    return row.id;
  });
  return (await loadDetails(deps, caller, id))!;
}
