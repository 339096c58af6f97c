import {
  DEFAULT_VITAL_RANGES, MEASURED_VITALS, ageGroupAt, bmiOf, canonicalUnit, effectiveRanges, flagVital, fromCanonical, toCanonical,
  type MeasuredVital, type Vital, type VitalRanges, type VitalRangesAnswer, type VitalRangesInput, type VitalReading, type VitalsInput,
  type VitalsListQuery, type VitalsSet,
} from '@clinic/shared';
import type { Db } from '../../db/client.js';
import type { Caller, Deps } from '../../lib/app-types.js';
import { recordAudit } from '../../lib/audit.js';
import { AppError } from '../../lib/errors.js';
import type { RequestContext } from '../../lib/request-context.js';
import { inTransaction } from '../../lib/transaction.js';
import {
  findRangeOverrides, findVitals, findVitalsSet, insertVitals, markVitalsInError, saveRangeOverrides, type VitalsInsert,
  type VitalsRow,
} from './observations.repository.js';
import { auditPatientRead, requireBirthDate } from './patient-access.js';
import { assertEncounterOfPatient } from '../encounters/index.js';

const setNotFound = () => new AppError(404, 'NOT_FOUND', 'errors.clinical.vitalsNotFound');

/** Where each vital lives in a stored row. */
const STORED: Record<Vital, (r: VitalsRow['row']) => number | null> = {
  height: (r) => r.heightCm, weight: (r) => r.weightKg, bmi: (r) => r.bmi, temperature: (r) => r.temperatureC, pulse: (r) => r.pulse,
  respiratoryRate: (r) => r.respiratoryRate, systolic: (r) => r.systolic, diastolic: (r) => r.diastolic, spo2: (r) => r.spo2,
  painScore: (r) => r.painScore, glucose: (r) => r.glucoseMmol,
};
const VITAL_ORDER: Vital[] = ['temperature', 'pulse', 'respiratoryRate', 'systolic', 'diastolic', 'spo2', 'painScore', 'glucose', 'height', 'weight', 'bmi'];

/** A stored set as the API reads it back: each value canonical and as entered, each flagged for the patient's age then. */
export function toVitalsSet(r: VitalsRow, dateOfBirth: string | null, ranges: VitalRanges): VitalsSet {
  const row = r.row;
  const group = ageGroupAt(dateOfBirth, row.takenAt);
  const readings: VitalReading[] = [];
  for (const vital of VITAL_ORDER) {
    const value = STORED[vital](row);
    if (value === null) continue;
    const enteredUnit = row.enteredUnits[vital] ?? canonicalUnit(vital);
    readings.push({ vital, value, unit: canonicalUnit(vital), enteredValue: fromCanonical(vital, value, enteredUnit), enteredUnit, flag: flagVital(vital, value, group, ranges) });
  }
  return {
    _id: row.id,
    patientId: row.patientId,
    encounterId: row.encounterId,
    takenAt: row.takenAt.toISOString(),
    recordedAt: row.recordedAt.toISOString(),
    recordedBy: row.recordedBy ? { _id: row.recordedBy, name: r.recorderName ?? '' } : null,
    ageGroup: group,
    readings,
    note: row.note,
    enteredInError: row.enteredInErrorAt
      ? { at: row.enteredInErrorAt.toISOString(), by: row.enteredInErrorBy ? { _id: row.enteredInErrorBy, name: r.markerName ?? '' } : null, reason: row.enteredInErrorReason ?? '' }
      : null,
  };
}

export async function rangesFor(db: Db, companyId: string): Promise<VitalRanges> {
  return effectiveRanges((await findRangeOverrides(db, companyId))?.ranges as Partial<VitalRanges> | undefined);
}

/** The patient's vitals, newest first (bounded); the read is audited as a read of the patient's record. */
export async function listVitals(deps: Deps, ctx: RequestContext, caller: Caller, patientId: string, q: VitalsListQuery): Promise<VitalsSet[]> {
  const dob = await requireBirthDate(deps.db, caller.companyId, patientId);
  const [rows, ranges] = await Promise.all([findVitals(deps.db, caller.companyId, patientId, q, caller.id), rangesFor(deps.db, caller.companyId)]);
  await auditPatientRead(deps.db, ctx, caller, patientId, 'vitals');
  return rows.map((r) => toVitalsSet(r, dob, ranges));
}

/** The latest set not entered in error, or null (no audit: the caller audits the read it is part of). */
export async function lastVitals(db: Db, companyId: string, patientId: string, dateOfBirth: string | null, viewer: string): Promise<VitalsSet | null> {
  const [rows, ranges] = await Promise.all([findVitals(db, companyId, patientId, { limit: 1 }, viewer), rangesFor(db, companyId)]);
  return rows[0] ? toVitalsSet(rows[0], dateOfBirth, ranges) : null;
}

/** The stored columns of an entered set: canonical values, BMI derived, the units entered kept for display. */
export function vitalsColumns(input: VitalsInput): Omit<VitalsInsert, 'patientId' | 'recordedBy'> {
  const units: Record<string, string> = {};
  const value = (vital: MeasuredVital): number | null => {
    const v = input[vital];
    if (v === null || v === undefined) return null;
    const unit = (input as Record<string, unknown>)[`${vital}Unit`] as string | undefined ?? canonicalUnit(vital);
    if (unit !== canonicalUnit(vital)) units[vital] = unit;
    return toCanonical(vital, v, unit);
  };
  const c = Object.fromEntries(MEASURED_VITALS.map((v) => [v, value(v)])) as Record<MeasuredVital, number | null>;
  if (units.height || units.weight) units.bmi = 'kg/m2';
  return {
    encounterId: input.encounterId ?? null,
    ...(input.takenAt ? { takenAt: new Date(input.takenAt) } : {}),
    heightCm: c.height, weightKg: c.weight, bmi: bmiOf(c.height, c.weight), temperatureC: c.temperature, pulse: c.pulse,
    respiratoryRate: c.respiratoryRate, systolic: c.systolic, diastolic: c.diastolic, spo2: c.spo2, painScore: c.painScore, glucoseMmol: c.glucose,
    enteredUnits: units,
    note: input.note || null,
  };
}

/**
 * Records a set of vitals. BMI is derived from the set's height and weight; when the set has a weight but no height,
 * the patient's last height is used (adults' height changes slowly; children's sets are measured together).
 */
export async function recordVitals(deps: Deps, ctx: RequestContext, caller: Caller, patientId: string, input: VitalsInput): Promise<VitalsSet> {
  const dob = await requireBirthDate(deps.db, caller.companyId, patientId);
  await assertEncounterOfPatient(deps.db, caller.companyId, input.encounterId, patientId);
  const columns = vitalsColumns(input);
  if (columns.weightKg && !columns.heightCm && ageGroupAt(dob, new Date()) === 'adult') {
    const [withHeight] = await findVitals(deps.db, caller.companyId, patientId, { vital: 'height', limit: 1 }, null);
    columns.bmi = bmiOf(withHeight?.row.heightCm, columns.weightKg);
  }
  return inTransaction(deps.db, async (db) => {
    const id = await insertVitals(db, caller.companyId, { ...columns, patientId, recordedBy: caller.id });
    const row = await findVitalsSet(db, caller.companyId, patientId, id, null);
    const set = toVitalsSet(row!, dob, await rangesFor(db, caller.companyId));
    await recordAudit(db, ctx, {
      companyId: caller.companyId, actorId: caller.id, action: 'create', entity: 'vital_signs', entityId: id,
      changes: { after: { patientId, encounterId: set.encounterId, takenAt: set.takenAt, readings: Object.fromEntries(set.readings.map((x) => [x.vital, x.value])), enteredUnits: columns.enteredUnits } },
    });
    return set;
  });
}

/** Marks a set entered in error (kept, hidden from lists and charts unless asked for), once; audited with the reason. */
export async function markEnteredInError(deps: Deps, ctx: RequestContext, caller: Caller, patientId: string, id: string, reason: string): Promise<VitalsSet> {
  const dob = await requireBirthDate(deps.db, caller.companyId, patientId);
  return inTransaction(deps.db, async (db) => {
    if (!(await markVitalsInError(db, caller.companyId, patientId, id, caller.id, reason))) {
      if (await findVitalsSet(db, caller.companyId, patientId, id, caller.id)) throw new AppError(409, 'CONFLICT', 'errors.clinical.vitalsAlreadyInError');
      throw setNotFound();
    }
    const row = await findVitalsSet(db, caller.companyId, patientId, id, caller.id);
    await recordAudit(db, ctx, { companyId: caller.companyId, actorId: caller.id, action: 'entered_in_error', entity: 'vital_signs', entityId: id, changes: { patientId, reason } });
    return toVitalsSet(row!, dob, await rangesFor(db, caller.companyId));
  });
}

export async function readRanges(deps: Deps, caller: Caller): Promise<VitalRangesAnswer> {
  const row = await findRangeOverrides(deps.db, caller.companyId);
  const overrides = (row?.ranges ?? {}) as Partial<VitalRanges>;
  return {
    defaults: DEFAULT_VITAL_RANGES,
    overrides: { adult: overrides.adult ?? {}, child: overrides.child ?? {} },
    effective: effectiveRanges(overrides),
    updatedAt: row?.updatedAt.toISOString() ?? null,
    updatedBy: row?.updatedBy ? { _id: row.updatedBy, name: row.updaterName ?? '' } : null,
  };
}

/** Replaces the company's overrides (a vital left out keeps the default); audited with before and after. */
export async function saveRanges(deps: Deps, ctx: RequestContext, caller: Caller, input: VitalRangesInput): Promise<VitalRangesAnswer> {
  await inTransaction(deps.db, async (db) => {
    const before = (await findRangeOverrides(db, caller.companyId))?.ranges ?? {};
    await saveRangeOverrides(db, caller.companyId, input, caller.id);
    await recordAudit(db, ctx, { companyId: caller.companyId, actorId: caller.id, action: 'update', entity: 'vital_reference_ranges', entityId: caller.companyId, changes: { before, after: input } });
  });
  return readRanges(deps, caller);
}

