import { describe, expect, it } from 'vitest';
import { patientMedicationInput } from '../schemas/medication.js';
import {
  FREQUENCY_CODES, computeQuantity, dosesPerDay, doseText, drugIngredients, drugMatchesSubstance, durationText, frequencyText,
  isFrequencyCode, normalizeDrugName, routeText, MEDICATION_ROUTES,
} from './medications.js';

describe('frequencies', () => {
  it('stores codes and writes them out in the patient\'s language', () => {
    expect(frequencyText('BID', 'en')).toBe('twice daily');
    expect(frequencyText('BID', 'ar')).toBe('مرتين يومياً');
    expect(frequencyText('TID', 'ar')).toBe('ثلاث مرات يومياً');
    expect(frequencyText('QHS', 'en')).toBe('at bedtime');
    expect(frequencyText('PRN', 'ar')).toBe('عند الحاجة');
  });

  it('writes every code and every route in both languages (no key shown as text)', () => {
    for (const code of FREQUENCY_CODES) {
      for (const lang of ['en', 'ar']) expect(frequencyText(code, lang)).not.toContain('medications.');
    }
    for (const route of MEDICATION_ROUTES) {
      for (const lang of ['en', 'ar']) expect(routeText(route, lang)).not.toContain('medications.');
    }
  });

  it('knows the doses a day of each code, and that PRN and STAT have none', () => {
    expect(dosesPerDay('OD')).toBe(1);
    expect(dosesPerDay('BID')).toBe(2);
    expect(dosesPerDay('Q8H')).toBe(3);
    expect(dosesPerDay('Q4H')).toBe(6);
    expect(dosesPerDay('PRN')).toBeNull();
    expect(dosesPerDay('STAT')).toBeNull();
    expect(isFrequencyCode('BID')).toBe(true);
    expect(isFrequencyCode('toString')).toBe(false);
  });
});

describe('doses and durations', () => {
  it('writes amounts with their unit and counted forms with the plural forms', () => {
    expect(doseText(500, 'mg', 'en')).toBe('500 mg');
    expect(doseText(500, 'mg', 'ar')).toBe('500 ملغ');
    expect(doseText(1, 'tablet', 'en')).toBe('1 tablet');
    expect(doseText(2, 'tablet', 'en')).toBe('2 tablets');
    expect(doseText(1, 'tablet', 'ar')).toBe('قرص واحد');
    expect(doseText(2, 'tablet', 'ar')).toBe('قرصان');
    expect(doseText(3, 'tablet', 'ar')).toBe('3 أقراص');
    expect(doseText(0.5, 'tablet', 'ar')).toBe('0.5 قرص');
  });

  it('writes durations with Arabic plural forms', () => {
    expect(durationText({ value: 1, unit: 'days' }, 'ar')).toBe('يوم واحد');
    expect(durationText({ value: 2, unit: 'days' }, 'ar')).toBe('يومان');
    expect(durationText({ value: 5, unit: 'days' }, 'ar')).toBe('5 أيام');
    expect(durationText({ value: 14, unit: 'days' }, 'ar')).toBe('14 يومًا');
    expect(durationText({ value: 3, unit: 'months' }, 'ar')).toBe('3 أشهر');
    expect(durationText({ value: 2, unit: 'weeks' }, 'en')).toBe('2 weeks');
    expect(durationText({ value: 1, unit: 'weeks' }, 'en')).toBe('1 week');
  });
});

describe('quantity', () => {
  it('is dose x doses a day x days, rounded up', () => {
    expect(computeQuantity({ dose: 1, frequency: 'TID', duration: { value: 7, unit: 'days' } })).toEqual({ ok: true, quantity: 21 });
    expect(computeQuantity({ dose: 2, frequency: 'BID', duration: { value: 1, unit: 'weeks' } })).toEqual({ ok: true, quantity: 28 });
    expect(computeQuantity({ dose: 0.5, frequency: 'OD', duration: { value: 5, unit: 'days' } })).toEqual({ ok: true, quantity: 3 });
    expect(computeQuantity({ dose: 1, frequency: 'OD', duration: { value: 1, unit: 'months' } })).toEqual({ ok: true, quantity: 30 });
    expect(computeQuantity({ dose: 1, frequency: 'WEEKLY', duration: { value: 4, unit: 'weeks' } })).toEqual({ ok: true, quantity: 4 });
    expect(computeQuantity({ dose: 1, frequency: 'QOD', duration: { value: 5, unit: 'days' } })).toEqual({ ok: true, quantity: 3 });
  });

  it('says it cannot compute rather than guess', () => {
    expect(computeQuantity({ dose: 1, frequency: 'PRN', duration: { value: 5, unit: 'days' } })).toEqual({ ok: false, reason: 'asNeeded' });
    expect(computeQuantity({ dose: 1, frequency: 'STAT', duration: { value: 1, unit: 'days' } })).toEqual({ ok: false, reason: 'singleDose' });
    expect(computeQuantity({ dose: 0, frequency: 'BID', duration: { value: 5, unit: 'days' } })).toEqual({ ok: false, reason: 'invalid' });
    expect(computeQuantity({ dose: 1, frequency: 'BID', duration: { value: 0, unit: 'days' } })).toEqual({ ok: false, reason: 'invalid' });
  });
});

describe('drug names for matching', () => {
  it('ignores case, spacing, strength and salts', () => {
    expect(normalizeDrugName('  Amoxicillin   500 mg ')).toBe('amoxicillin');
    expect(normalizeDrugName('PARACETAMOL 120mg/5ml')).toBe('paracetamol');
    expect(normalizeDrugName('Metformin HCl 850mg')).toBe('metformin');
    expect(normalizeDrugName('Amlodipine besylate 5 mg')).toBe('amlodipine');
    expect(normalizeDrugName('Hydrocortisone 1%')).toBe('hydrocortisone');
    expect(normalizeDrugName('Insulin glargine 100 IU/mL')).toBe('insulin glargine');
  });

  it('splits combinations into their substances, in one order', () => {
    expect(drugIngredients('Amoxicillin/Clavulanate 625 mg')).toEqual(['amoxicillin', 'clavulanate']);
    expect(normalizeDrugName('Clavulanate + AMOXICILLIN')).toBe(normalizeDrugName('amoxicillin / clavulanate'));
    expect(drugIngredients('Potassium chloride 600 mg')).toEqual(['potassium chloride']);
    expect(drugIngredients('Potassium')).toEqual(['potassium']);
  });

  it('matches a drug or its generic name against an allergy substance', () => {
    expect(drugMatchesSubstance({ name: 'Augmentin 1 g', genericName: 'Amoxicillin/Clavulanate' }, 'amoxicillin')).toBe(true);
    expect(drugMatchesSubstance({ name: 'Panadol', genericName: 'Paracetamol' }, 'PARACETAMOL')).toBe(true);
    expect(drugMatchesSubstance({ name: 'Brufen 400 mg', genericName: 'Ibuprofen' }, 'paracetamol')).toBe(false);
    expect(drugMatchesSubstance({ name: 'Brufen', genericName: null }, '')).toBe(false);
  });
});

describe('a medication entered by hand', () => {
  it('needs a catalogue drug or a name, a unit with a dose, and an end not before the start', () => {
    const base = { route: 'oral', frequency: 'BID' };
    const issues = (v: object) => patientMedicationInput.safeParse(v).error?.issues.map((i) => `${i.path.join('.')}:${i.message}`) ?? [];
    expect(issues(base)).toEqual(['name:validation.medications.nameRequired']);
    expect(issues({ ...base, name: 'Herbal tea', dose: 2 })).toEqual(['unit:validation.medications.unitInvalid']);
    expect(issues({ ...base, name: 'X', startDate: '2026-05-02', endDate: '2026-05-01' })).toEqual(['endDate:validation.medications.endBeforeStart']);
    expect(issues({ ...base, name: 'X', frequency: 'twice' })).toEqual(['frequency:validation.medications.frequencyInvalid']);
    expect(issues({ ...base, name: 'X', dose: 0.0001, unit: 'mg' })).toEqual(['dose:validation.medications.doseInvalid']);
    expect(issues({ ...base, name: 'X', dose: 500, unit: 'mg' })).toEqual([]);
  });
});
