/** Chart source: the patient's vital signs (index vital_signs_patient_taken_idx: company, patient, taken_at). */
import { VITAL_UNITS, canonicalUnit, fromCanonical, type ChartVital, type Vital } from '@clinic/shared';
import { employees, vitalSigns as v } from '../../../db/schema/index.js';
import { refOf } from '../../../lib/sql.js';
import { encounterExists, encounterLink, keyOf, newestFirst, shownAt, sourcePage, type ChartSource } from '../source.js';

const cols = { companyId: v.companyId, patientId: v.patientId, at: v.takenAt, id: v.id };

type Row = {
  systolic: number | null; diastolic: number | null; pulse: number | null; temperatureC: number | null; spo2: number | null;
  weightKg: number | null; glucoseMmol: number | null; enteredUnits: Record<string, string>;
};

/** The measurements the chart shows of a set, in the order shown, and where each is stored (canonical units). */
const SHOWN: Array<[Vital, (r: Row) => number | null]> = [
  ['systolic', (r) => r.systolic], ['diastolic', (r) => r.diastolic], ['pulse', (r) => r.pulse], ['temperature', (r) => r.temperatureC],
  ['spo2', (r) => r.spo2], ['weight', (r) => r.weightKg], ['glucose', (r) => r.glucoseMmol],
];

/** The unit a vital was entered in, when the row names one of its units; else its stored unit. */
function enteredUnit(vital: Vital, units: Record<string, string>): string {
  const entered = units[vital];
  return entered && (VITAL_UNITS[vital] as readonly string[]).includes(entered) ? entered : canonicalUnit(vital);
}

/** The set's main measurements as the vitals card shows them: each in the unit it was entered in. */
export function chartVitals(r: Row): ChartVital[] {
  return SHOWN.flatMap(([vital, stored]) => {
    const value = stored(r);
    if (value === null) return [];
    const unit = enteredUnit(vital, r.enteredUnits);
    return [{ vital, value: fromCanonical(vital, value, unit), unit }];
  });
}

export const vitalsSource: ChartSource = {
  kind: 'vitals',
  async entries(deps, q) {
    const rows = await sourcePage(deps, 'vitals', cols, q, (where) => deps.db.select({
      id: v.id, key: keyOf(v.takenAt), encounterId: v.encounterId, inError: v.enteredInErrorAt,
      systolic: v.systolic, diastolic: v.diastolic, pulse: v.pulse, temperatureC: v.temperatureC, spo2: v.spo2, weightKg: v.weightKg, glucoseMmol: v.glucoseMmol,
      enteredUnits: v.enteredUnits,
      encounterExists: encounterExists(v.companyId, v.encounterId), author: refOf(employees, v.companyId, v.recordedBy),
    }).from(v).where(where).orderBy(newestFirst(cols)));
    return rows.map((r) => ({
      kind: 'vitals' as const, _id: r.id, key: r.key, at: shownAt(r.key), title: null,
      detail: null, vitals: chartVitals(r), status: r.inError ? 'entered_in_error' : null, author: r.author,
      link: encounterLink(r.encounterId, r.encounterExists, q.patientId), encounter: null,
    }));
  },
};
