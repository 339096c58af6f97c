import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { vitalsInput } from '../schemas/vitals.js';
import { vitalRangesInput } from '../schemas/vitals.js';
import { translate } from '../messages/index.js';
import {
  DEFAULT_VITAL_RANGES, GLUCOSE_MG_PER_MMOL, ageGroupAt, bmiOf, effectiveRanges, flagVital, fromCanonical, plausibilityError, toCanonical,
} from './vitals.js';

describe('units', () => {
  it('stores pounds, inches, Fahrenheit and mg/dL in kg, cm, Celsius and mmol/L', () => {
    expect(toCanonical('weight', 154, 'lb')).toBeCloseTo(69.853, 3);
    expect(toCanonical('height', 70, 'in')).toBe(177.8);
    expect(toCanonical('temperature', 101.3, 'F')).toBe(38.5);
    expect(toCanonical('temperature', 98.6, 'F')).toBe(37);
    expect(toCanonical('glucose', 180.16, 'mg/dL')).toBe(10);
    expect(GLUCOSE_MG_PER_MMOL).toBe(18.016);
    expect(toCanonical('weight', 70, 'kg')).toBe(70);
  });

  it('reads a stored value back in the unit it was entered in as it was typed', () => {
    fc.assert(fc.property(fc.integer({ min: 700, max: 7000 }), (tenths) => {
      const lb = tenths / 10;
      expect(fromCanonical('weight', toCanonical('weight', lb, 'lb'), 'lb')).toBe(lb);
    }));
    fc.assert(fc.property(fc.integer({ min: 770, max: 1130 }), (tenths) => {
      const f = tenths / 10;
      expect(fromCanonical('temperature', toCanonical('temperature', f, 'F'), 'F')).toBe(f);
    }));
    fc.assert(fc.property(fc.integer({ min: 9, max: 1080 }), (mg) => {
      expect(fromCanonical('glucose', toCanonical('glucose', mg, 'mg/dL'), 'mg/dL')).toBe(mg);
    }));
    expect(fromCanonical('height', toCanonical('height', 65.5, 'in'), 'in')).toBe(65.5);
  });
});

describe('BMI', () => {
  it('is weight over height squared, to one decimal, and absent without both', () => {
    expect(bmiOf(175, 70)).toBe(22.9);
    expect(bmiOf(160, 95)).toBe(37.1);
    expect(bmiOf(toCanonical('height', 70, 'in'), toCanonical('weight', 154, 'lb'))).toBe(22.1);
    expect(bmiOf(null, 70)).toBeNull();
    expect(bmiOf(175, undefined)).toBeNull();
  });
});

describe('plausibility', () => {
  it('refuses temperatures outside 25-45 °C in the unit entered, and accepts the limits', () => {
    expect(plausibilityError('temperature', 24.9, 'C')).toBe('validation.vitals.temperatureRangeC');
    expect(plausibilityError('temperature', 25, 'C')).toBeNull();
    expect(plausibilityError('temperature', 45, 'C')).toBeNull();
    expect(plausibilityError('temperature', 370, 'C')).toBe('validation.vitals.temperatureRangeC');
    expect(plausibilityError('temperature', 37, 'F')).toBe('validation.vitals.temperatureRangeF');
    expect(plausibilityError('temperature', 101, 'F')).toBeNull();
  });

  it('takes whole numbers only for counts and scores', () => {
    expect(plausibilityError('pulse', 72.5, 'bpm')).toBe('validation.vitals.pulseRange');
    expect(plausibilityError('painScore', 11, '/10')).toBe('validation.vitals.painScoreRange');
    expect(plausibilityError('painScore', 0, '/10')).toBeNull();
  });

  it('the schema answers a field error per implausible value, in both languages', () => {
    const result = vitalsInput.safeParse({ temperature: 120, temperatureUnit: 'C', pulse: '٧٢', weight: 2000, weightUnit: 'lb' });
    expect(result.success).toBe(false);
    const fields = Object.fromEntries(result.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(fields).toEqual({ temperature: 'validation.vitals.temperatureRangeC', weight: 'validation.vitals.weightRangeLb' });
    expect(translate(fields.temperature!, 'en')).toBe('Temperature must be between 25 and 45 °C');
    expect(translate(fields.weight!, 'ar')).toBe('يجب أن يكون الوزن بين 0.7 و771 رطلاً');
  });

  it('refuses an empty set, a diastolic above the systolic and half a blood pressure', () => {
    expect(vitalsInput.safeParse({}).error?.issues.map((i) => i.message)).toEqual(['validation.vitals.noneGiven']);
    expect(vitalsInput.safeParse({ systolic: 80, diastolic: 90 }).error?.issues.map((i) => [i.path[0], i.message])).toEqual([['diastolic', 'validation.vitals.diastolicAboveSystolic']]);
    expect(vitalsInput.safeParse({ systolic: 120 }).error?.issues.map((i) => [i.path[0], i.message])).toEqual([['diastolic', 'validation.vitals.pressurePair']]);
    expect(vitalsInput.parse({ temperature: '38.5', pulse: 72, temperatureUnit: 'C' })).toMatchObject({ temperature: 38.5, pulse: 72, weightUnit: 'kg' });
  });
});

describe('abnormal flags by age', () => {
  const at = new Date('2026-06-01T09:00:00Z');
  it('groups by age: no default range under one year, child to 12, adult from 13', () => {
    expect(ageGroupAt('2026-01-01', at)).toBeNull();
    expect(ageGroupAt('2025-06-01', at)).toBe('child');
    expect(ageGroupAt('2013-06-02', at)).toBe('child');
    expect(ageGroupAt('2013-06-01', at)).toBe('adult');
    expect(ageGroupAt(null, at)).toBeNull();
  });

  it('flags low, high and critical, and says so when no range applies', () => {
    expect(flagVital('pulse', 72, 'adult')).toBe('normal');
    expect(flagVital('pulse', 110, 'adult')).toBe('high');
    expect(flagVital('pulse', 110, 'child')).toBe('normal');
    expect(flagVital('pulse', 35, 'adult')).toBe('criticalLow');
    expect(flagVital('temperature', 38.5, 'adult')).toBe('high');
    expect(flagVital('temperature', 40.5, 'child')).toBe('criticalHigh');
    expect(flagVital('spo2', 93, 'adult')).toBe('low');
    expect(flagVital('spo2', 100, 'adult')).toBe('normal');
    expect(flagVital('bmi', 31, 'adult')).toBe('high');
    expect(flagVital('bmi', 31, 'child')).toBe('noRange');
    expect(flagVital('weight', 80, 'adult')).toBe('noRange');
    expect(flagVital('pulse', 140, null)).toBe('noRange');
  });

  it('uses the company overrides over the defaults, vital by vital', () => {
    const ranges = effectiveRanges({ adult: { systolic: { low: 90, high: 129, criticalLow: 80, criticalHigh: 180 } } });
    expect(flagVital('systolic', 135, 'adult')).toBe('normal');
    expect(flagVital('systolic', 135, 'adult', ranges)).toBe('high');
    expect(ranges.adult.pulse).toEqual(DEFAULT_VITAL_RANGES.adult.pulse);
  });

  it('refuses an override whose limits do not rise', () => {
    const bad = vitalRangesInput.safeParse({ adult: { pulse: { low: 100, high: 60, criticalLow: 40, criticalHigh: 130 } }, child: {} });
    expect(bad.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['adult.pulse.low', 'validation.vitals.rangeOrder']]);
    expect(vitalRangesInput.safeParse({ adult: { weight: { low: 1, high: 2, criticalLow: null, criticalHigh: null } }, child: {} }).success).toBe(false);
  });
});

describe('the form values', () => {
  it('reads an empty input as "not taken", not as a wrong number', () => {
    const parsed = vitalsInput.safeParse({ temperature: 200, temperatureUnit: 'F', pulse: '', weight: '', spo2: null });
    expect(parsed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['temperature', 'validation.vitals.temperatureRangeF']]);
    expect(vitalsInput.parse({ pulse: '72', weight: '' })).toMatchObject({ pulse: 72 });
  });
});
