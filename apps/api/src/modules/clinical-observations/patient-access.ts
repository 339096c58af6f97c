import type { Db } from '../../db/client.js';
import type { Caller } from '../../lib/app-types.js';
import { recordAudit } from '../../lib/audit.js';
import { notFound } from '../../lib/errors.js';
import type { RequestContext } from '../../lib/request-context.js';
import { patientBirthDate } from './observations.repository.js';

/** 404 unless the patient is one of the caller's company; answers the birth date (for flags by age). */
export async function requireBirthDate(db: Db, companyId: string, patientId: string): Promise<string> {
  const dob = await patientBirthDate(db, companyId, patientId);
  if (dob === undefined) throw notFound();
  return dob;
}

/** Every read of clinical content is written to the audit log as a read of the patient's record, naming the part read. */
export function auditPatientRead(db: Db, ctx: RequestContext, caller: Caller, patientId: string, part: string): Promise<void> {
  return recordAudit(db, ctx, { companyId: caller.companyId, actorId: caller.id, action: 'read', entity: 'patient', entityId: patientId, changes: { part } });
}
