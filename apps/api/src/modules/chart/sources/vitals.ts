/** Chart source: the patient's vital signs (index vital_signs_patient_taken_idx: company, patient, taken_at). */
import { employees, vitalSigns as v } from '../../../db/schema/index.js';
import { refOf } from '../../../lib/sql.js';
import { encounterExists, encounterLink, keyOf, newestFirst, shownAt, sourcePage, type ChartSource } from '../source.js';

const cols = { companyId: v.companyId, patientId: v.patientId, at: v.takenAt, id: v.id };

type Row = { systolic: number | null; diastolic: number | null; pulse: number | null; temperatureC: number | null; spo2: number | null; weightKg: number | null; glucoseMmol: number | null };

/** The main measurements, written without words (numbers and units read the same in both languages). */
export function vitalsDigest(r: Row): string | null {
  const parts = [
    r.systolic !== null && r.diastolic !== null ? `${r.systolic}/${r.diastolic} mmHg` : null,
    r.pulse !== null ? `♥ ${r.pulse}/min` : null,
    r.temperatureC !== null ? `${r.temperatureC.toFixed(1)} °C` : null,
    r.spo2 !== null ? `SpO₂ ${r.spo2}%` : null,
    r.weightKg !== null ? `${Math.round(r.weightKg * 10) / 10} kg` : null,
    r.glucoseMmol !== null ? `${r.glucoseMmol} mmol/L` : null,
  ].filter((p): p is string => p !== null);
  return parts.length ? parts.join(' · ') : null;
}

export const vitalsSource: ChartSource = {
  kind: 'vitals',
  async entries(deps, q) {
    const rows = await sourcePage(deps, 'vitals', cols, q, (where) => deps.db.select({
      id: v.id, key: keyOf(v.takenAt), encounterId: v.encounterId, inError: v.enteredInErrorAt,
      systolic: v.systolic, diastolic: v.diastolic, pulse: v.pulse, temperatureC: v.temperatureC, spo2: v.spo2, weightKg: v.weightKg, glucoseMmol: v.glucoseMmol,
      encounterExists: encounterExists(v.companyId, v.encounterId), author: refOf(employees, v.companyId, v.recordedBy),
    }).from(v).where(where).orderBy(newestFirst(cols)));
    return rows.map((r) => ({
      kind: 'vitals' as const, _id: r.id, key: r.key, at: shownAt(r.key), title: null,
      detail: vitalsDigest(r), status: r.inError ? 'entered_in_error' : null, author: r.author,
      link: encounterLink(r.encounterId, r.encounterExists, q.patientId), encounter: null,
    }));
  },
};
