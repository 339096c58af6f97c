import { randomBytes } from 'node:crypto';
import {
  addDays, checkPrescription, normalizeDrugName, type Language, type Prescription, type PrescriptionCheckResult,
  type PrescriptionCreate, type PrescriptionListQuery,
} from '@clinic/shared';
import type { Db } from '../../db/client.js';
import type { StoredAcknowledgement } from '../../db/schema/index.js';
import type { Caller, Deps } from '../../lib/app-types.js';
import { recordAudit } from '../../lib/audit.js';
import { AppError, notFound, validationFailed } from '../../lib/errors.js';
import type { RequestContext } from '../../lib/request-context.js';
import { inTransaction } from '../../lib/transaction.js';
import { staleRecord } from '../../lib/versioning.js';
import { allergyStateOf, auditPatientRead } from '../clinical-observations/index.js';
import { assertEncounterOfPatient, assertNotSensitiveEncounterFor } from '../encounters/index.js';
import { auditable, toPrescription } from './prescription-record.js';
import {
  clinicExists, findActiveMedications, findEmployee, findItems, findMaskedMedications, findMedications, findPatient, findPrescription, findPrescriptionPage,
  insertPrescription, replaceItems, updateDraft, type ItemInsert,
} from './prescriptions.repository.js';

export const prescriptionNotFound = () => new AppError(404, 'PRESCRIPTION_NOT_FOUND', 'errors.prescriptions.notFound');

async function requirePatient(db: Db, caller: Caller, patientId: string) {
  const patient = await findPatient(db, caller.companyId, patientId);
  if (!patient) throw notFound();
  return patient;
}

/** The catalogue drugs of the items, each in use; a field error per item otherwise. */
async function drugsOf(db: Db, companyId: string, ids: string[], requireActive: boolean) {
  const rows = await findMedications(db, companyId, [...new Set(ids)]);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const fields: Record<string, string> = {};
  ids.forEach((id, i) => {
    const drug = byId.get(id);
    if (!drug) fields[`items.${i}.medication`] = 'validation.prescriptions.medicationUnknown';
    else if (requireActive && !drug.isActive) fields[`items.${i}.medication`] = 'validation.prescriptions.medicationInactive';
  });
  if (Object.keys(fields).length) throw validationFailed(fields);
  return ids.map((id) => byId.get(id)!);
}

/**
 * The checks for these drugs against the patient's allergies and active medications, as they are in `db` now. Every
 * active medication is checked by its real names; a duplicate of one `viewerId` may not see (prescribed at another
 * doctor's sensitive encounter) is reported without its name, flagged `restricted`.
 */
export async function runChecks(
  db: Db, companyId: string, patientId: string, drugs: Array<{ id: string; name: string; genericName: string; nameAr: string }>, viewerId: string,
): Promise<{ check: PrescriptionCheckResult; sensitive: ReadonlySet<string> }> {
  const [allergies, active] = await Promise.all([allergyStateOf(db, companyId, patientId), findActiveMedications(db, companyId, patientId, viewerId)]);
  const restricted = new Set(active.filter((m) => m.restricted).map((m) => m.id));
  const result = checkPrescription({
    items: drugs.map((d) => ({ medicationId: d.id, name: d.name, genericName: d.genericName, nameAr: d.nameAr })),
    allergyState: allergies.state,
    allergies: allergies.allergies.map((a) => ({ id: a._id, substance: a.substance, substanceKey: a.substanceKey, status: a.status, severity: a.severity })),
    activeMedications: active,
  });
  return {
    check: {
      ...result,
      warnings: result.warnings.map((w) => (w.kind === 'duplicate' && restricted.has(w.patientMedicationId) ? { ...w, medicationName: '', restricted: true } : w)),
    },
    // The medications recorded at a sensitive encounter: what a prescription keeps never names them (see storedAcknowledgements).
    sensitive: new Set(active.filter((m) => m.sensitive).map((m) => m.id)),
  };
}

/** POST /api/patients/:id/prescriptions/check: the warnings and the "no data" notices, before anything is saved. */
export async function checkItems(deps: Deps, ctx: RequestContext, caller: Caller, patientId: string, medicationIds: string[]) {
  await requirePatient(deps.db, caller, patientId);
  const drugs = await drugsOf(deps.db, caller.companyId, medicationIds, false);
  const { check } = await runChecks(deps.db, caller.companyId, patientId, drugs, caller.id);
  await auditPatientRead(deps.db, ctx, caller, patientId, 'prescription_check');
  return check;
}

/** The prescription; with `viewerId`, its acknowledgements as that person may read them (acknowledgementsFor). */
export async function prescriptionOf(db: Db, companyId: string, id: string, viewerId?: string): Promise<Prescription | null> {
  const row = await findPrescription(db, companyId, id);
  if (!row) return null;
  const [acks] = viewerId ? await acknowledgementsFor(db, companyId, viewerId, [row.p.acknowledgements]) : [row.p.acknowledgements];
  return toPrescription({ ...row, p: { ...row.p, acknowledgements: acks! } }, await findItems(db, companyId, [id]));
}

/** A patient's prescriptions; one written at another doctor's sensitive encounter is masked (its items are not read). */
export async function listPrescriptions(deps: Deps, ctx: RequestContext, caller: Caller, patientId: string, q: PrescriptionListQuery) {
  await requirePatient(deps.db, caller, patientId);
  const { rows, total } = await findPrescriptionPage(deps.db, caller.companyId, patientId, q, caller.id);
  const items = await findItems(deps.db, caller.companyId, rows.filter((r) => !r.restricted).map((r) => r.p.id));
  const acks = await acknowledgementsFor(deps.db, caller.companyId, caller.id, rows.map((r) => r.p.acknowledgements));
  await auditPatientRead(deps.db, ctx, caller, patientId, 'prescriptions');
  return { data: rows.map((r, i) => toPrescription({ ...r, p: { ...r.p, acknowledgements: acks[i]! } }, items)), total };
}

/**
 * GET /api/prescriptions/:id (and its printout): the whole prescription. One written at another doctor's sensitive
 * encounter is refused (403 SENSITIVE_NOTE with the encounter's id) unless the caller holds a break-the-glass grant.
 */
export async function readPrescription(deps: Deps, ctx: RequestContext, caller: Caller, id: string): Promise<Prescription> {
  const p = await prescriptionOf(deps.db, caller.companyId, id, caller.id);
  if (!p) throw prescriptionNotFound();
  if (p.encounter) await assertNotSensitiveEncounterFor(deps.db, caller.companyId, p.encounter, caller.id, 'read');
  await auditPatientRead(deps.db, ctx, caller, p.patient._id, 'prescriptions');
  return p;
}

/** The patient's preferred language when it is Arabic or English, else the prescriber's own. */
function languageOf(details: unknown, fallback: Language): Language {
  const preferred = (details as { preferredLanguage?: string } | null)?.preferredLanguage;
  return preferred === 'Arabic' ? 'ar' : preferred === 'English' ? 'en' : fallback;
}

async function itemRows(db: Db, caller: Caller, items: PrescriptionCreate['items']): Promise<ItemInsert[]> {
  const drugs = await drugsOf(db, caller.companyId, items.map((i) => i.medication), true);
  return items.map((item, i) => {
    const d = drugs[i]!;
    return {
      medicationId: d.id, name: d.name, genericName: d.genericName, nameAr: d.nameAr, strength: d.strength, form: d.form,
      dose: String(item.dose), unit: item.unit, route: item.route, frequency: item.frequency, durationDays: item.durationDays,
      quantity: item.quantity, instructions: item.instructions ?? '',
    };
  });
}

async function requireClinicAndPrescriber(db: Db, caller: Caller, clinicId: string) {
  if (!(await clinicExists(db, caller.companyId, clinicId))) throw validationFailed({ clinic: 'validation.prescriptions.clinicUnknown' });
  if (!(await findEmployee(db, caller.companyId, caller.id))) throw new AppError(403, 'FORBIDDEN', 'errors.prescriptions.notAnEmployee');
}

/** A new draft, written by the caller (their staff record is the prescriber). */
export async function createPrescription(deps: Deps, ctx: RequestContext, caller: Caller, patientId: string, input: PrescriptionCreate): Promise<Prescription> {
  const patient = await requirePatient(deps.db, caller, patientId);
  await requireClinicAndPrescriber(deps.db, caller, input.clinic);
  await assertEncounterOfPatient(deps.db, caller.companyId, input.encounter, patientId, 'encounter');
  // Written at another doctor's sensitive encounter only by that doctor or through a break-the-glass grant.
  if (input.encounter) await assertNotSensitiveEncounterFor(deps.db, caller.companyId, input.encounter, caller.id);
  return inTransaction(deps.db, async (db) => {
    const items = await itemRows(db, caller, input.items);
    const id = await insertPrescription(db, {
      companyId: caller.companyId, patientId, prescriberId: caller.id, clinicId: input.clinic, encounterId: input.encounter ?? null,
      language: input.language ?? languageOf(patient.details, ctx.language), validDays: input.validDays ?? 30,
      verificationToken: randomBytes(24).toString('base64url'), createdBy: caller.id,
    });
    await replaceItems(db, caller.companyId, id, items);
    const record = (await prescriptionOf(db, caller.companyId, id))!;
    await recordAudit(db, ctx, { companyId: caller.companyId, actorId: caller.id, action: 'create', entity: 'prescription', entityId: id, changes: { patient: patientId, after: auditable(record) } });
    return record;
  });
}

/** The draft as it is now, or the reason it may not be changed: not found, not the caller's, no longer a draft. */
export async function draftOf(db: Db, caller: Caller, id: string, version: number): Promise<Prescription> {
  const p = await prescriptionOf(db, caller.companyId, id);
  if (!p) throw prescriptionNotFound();
  if (p.prescriber._id !== caller.id) throw new AppError(403, 'PRESCRIPTION_NOT_PRESCRIBER', 'errors.prescriptions.notPrescriber');
  if (p.status !== 'draft') throw new AppError(409, 'PRESCRIPTION_NOT_DRAFT', 'errors.prescriptions.notDraft');
  if (p.version !== version) throw staleRecord();
  return p;
}

export async function updatePrescription(
  deps: Deps, ctx: RequestContext, caller: Caller, id: string, input: Pick<PrescriptionCreate, 'items' | 'clinic'> & { language: Language; validDays: number; version: number },
): Promise<Prescription> {
  await requireClinicAndPrescriber(deps.db, caller, input.clinic);
  return inTransaction(deps.db, async (db) => {
    const before = await draftOf(db, caller, id, input.version);
    const items = await itemRows(db, caller, input.items);
    if (!(await updateDraft(db, caller.companyId, id, input.version, { clinicId: input.clinic, language: input.language, validDays: input.validDays }))) throw staleRecord();
    await replaceItems(db, caller.companyId, id, items);
    const after = (await prescriptionOf(db, caller.companyId, id))!;
    await recordAudit(db, ctx, { companyId: caller.companyId, actorId: caller.id, action: 'update', entity: 'prescription', entityId: id, changes: { patient: after.patient._id, before: auditable(before), after: auditable(after) } });
    return after;
  });
}

/** The rows the patient's medication list gains when a prescription is issued. */
export function medicationListRows(p: Prescription, caller: Caller, today: string) {
  return p.items.map((i) => ({
    companyId: caller.companyId, patientId: p.patient._id, medicationId: i.medication, name: i.name, genericName: i.genericName, strength: i.strength, form: i.form,
    nameKey: normalizeDrugName(i.name), genericKey: normalizeDrugName(i.genericName), dose: String(i.dose), unit: i.unit, route: i.route, frequency: i.frequency,
    startDate: today, endDate: addDays(today, i.durationDays - 1), notes: i.instructions, source: 'prescription', prescriptionId: p._id,
    encounterId: p.encounter, createdBy: caller.id,
  }));
}

/**
 * The acknowledgements kept with the prescription: each warning, in words, with its reason. A duplicate of a medication
 * recorded at a sensitive encounter (`sensitive`) is kept unnamed even when the prescriber may see it: the new
 * prescription is read by every clinician, for good, and its words must not carry what the sensitive visit hides.
 */
export function storedAcknowledgements(check: PrescriptionCheckResult, reasons: Map<string, string>, sensitive: ReadonlySet<string>): StoredAcknowledgement[] {
  return check.warnings.map((w) => ({
    key: w.key, kind: w.kind, item: w.item,
    text: w.kind === 'allergy' ? `${w.drugName}: allergy to ${w.substance}${w.severity ? ` (${w.severity})` : ''}`
      : w.restricted || sensitive.has(w.patientMedicationId) ? restrictedDuplicate(w.drugName) : `${w.drugName}: duplicate of ${w.medicationName}`,
    reason: reasons.get(w.key) ?? '',
    ...(w.kind === 'duplicate' ? { patientMedicationId: w.patientMedicationId, drugName: w.drugName } : {}),
  }));
}

const restrictedDuplicate = (drugName: string) => `${drugName}: duplicate of a restricted medication`;

/**
 * Acknowledgements as `viewerId` may read them: a duplicate of a medication that is masked for them now (its visit
 * marked sensitive after the prescription was issued) no longer names it. One statement for all of them.
 */
export async function acknowledgementsFor(db: Db, companyId: string, viewerId: string, lists: StoredAcknowledgement[][]): Promise<StoredAcknowledgement[][]> {
  const ids = [...new Set(lists.flat().flatMap((a) => (a.patientMedicationId ? [a.patientMedicationId] : [])))];
  const masked = await findMaskedMedications(db, companyId, ids, viewerId);
  if (masked.size === 0) return lists;
  return lists.map((list) => list.map((a) => (a.patientMedicationId && masked.has(a.patientMedicationId) ? { ...a, text: restrictedDuplicate(a.drugName ?? '') } : a)));
}
