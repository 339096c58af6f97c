import type { ChartEntry, ChartVital } from '@clinic/shared';
import { strengthAndFormText, type MedicationTexts } from '@/features/medications';
import { formatVital } from '@/features/vitals';

/** The signs the chart puts before a measurement that its unit alone does not name. */
const PREFIX: Partial<Record<ChartVital['vital'], string>> = { pulse: '♥ ', spo2: 'SpO₂ ' };

/** A unit as the vitals card labels it (`vitals.unitLabels.*`: "ملم زئبق", "/د", "°م", "كغ"), else as sent. */
function unitLabel(unit: string, texts: MedicationTexts): string {
  const key = `vitals.unitLabels.${unit.replace('/', '_')}`;
  return texts.exists(key) ? texts.t(key) : unit;
}

/** A value and its unit: a rate or a per cent is written against its number ("72/min", "97%"), any other unit after a space. */
function withUnit(value: string, unit: string, texts: MedicationTexts): string {
  const label = unitLabel(unit, texts);
  return /^[/%٪]/.test(label) ? `${value}${label}` : `${value} ${label}`;
}

/** A vitals entry's measurements, each a part: the pressure as one ("120/80 mmHg"), the others in the order sent. */
function vitalsParts(vitals: ChartVital[], lang: string, texts: MedicationTexts): string[] {
  const number = (r: ChartVital) => formatVital(r.vital, r.value, r.unit, lang);
  const systolic = vitals.find((r) => r.vital === 'systolic');
  const diastolic = vitals.find((r) => r.vital === 'diastolic');
  return vitals.flatMap((r) => {
    if (systolic && diastolic) {
      if (r === diastolic) return [];
      if (r === systolic) return [withUnit(`${number(systolic)}/${number(diastolic)}`, systolic.unit, texts)];
    }
    return [`${PREFIX[r.vital] ?? ''}${withUnit(number(r), r.unit, texts)}`];
  });
}

/**
 * An entry's detail in the interface language, as parts to show apart (each isolated in its own direction): a vitals
 * entry's measurements with the vitals card's unit labels and the user's digits, a medication's strength and form
 * translated; a code or free text (`detail`: a diagnosis's code, a reaction) as it is.
 */
export function entryDetailParts(entry: Pick<ChartEntry, 'detail' | 'vitals' | 'medication'>, lang: string, texts: MedicationTexts): string[] {
  const medication = entry.medication ? strengthAndFormText(entry.medication.strength, entry.medication.form, lang, texts) : '';
  return [
    ...(entry.vitals ? vitalsParts(entry.vitals, lang, texts) : []),
    ...(medication ? [medication] : []),
    ...(entry.detail ? [entry.detail] : []),
  ];
}
